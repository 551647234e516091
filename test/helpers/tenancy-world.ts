import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { MotivoSemRenovacao, Situacao } from '../../src/db/schema.js';
import { WEBHOOK_EVENTS } from '../../src/modules/integrations/integrations.schemas.js';
import type { TestContext } from './app.js';
import { createContract, createEntry, createIe, createJourney, type TestIe, type TestJourney } from './factories.js';
import { createAditivo, createSolicitacao, createTarefa } from './story-factories.js';
import { valuesItem } from './values-factories.js';
import { createNotification, createTicket } from './workspace-factories.js';

/**
 * Two IEs with one of everything an operation can name by id: a journey and its entries in the
 * states the actions start from, requests with tasks, an addendum, a ticket, a notification, a
 * values batch, a webhook endpoint with a delivery, agreements and a group. IE 2's people and
 * places carry the word MARK, so a response that shows any of them is caught by its text.
 */
export const MARK = 'Intrusa';

export interface TenantData {
  ie: TestIe;
  journey: TestJourney;
  /** A user of this IE (token sub) who made the batch and the endpoint. */
  sub: string;
  apto: Entry;
  locked: Entry;
  processing: Entry & { solicitacaoId: number; tarefaId: number; lockSolicitacaoId: number };
  signing: Entry;
  ticketId: number;
  notificationId: number;
  loteId: number;
  endpointId: number;
  entregaId: number;
  /** A bulk action one of this IE's users started (issue 21, item 2). */
  bulkActionId: number;
  brbIds: number[];
  cpfs: string[];
}

interface Entry {
  brbId: number;
  processoId: number;
  contratoId: number;
  bolsaId: number;
  cpf: string;
  matricula: string;
}

export interface TenancyWorld {
  one: TenantData;
  two: TenantData;
}

export async function createTenancyWorld(t: TestContext): Promise<TenancyWorld> {
  return { one: await tenant(t, 'Um'), two: await tenant(t, MARK) };
}

async function tenant(t: TestContext, label: string): Promise<TenantData> {
  const db = t.db;
  const ie = await createIe(db, { nome: `Faculdade ${label}` });
  // The places too, so a list that shows another IE's course, campus or agreement is caught by its text.
  for (const [table, nome] of [
    ['curso', `Curso ${label}`],
    ['campus', `Campus ${label}`],
    ['convenio', `Convênio ${label}`],
  ] as const) {
    await db.updateTable(table).set({ nome }).where('ie_id', '=', ie.ieId).execute();
  }
  await db
    .updateTable('grupo_ie')
    .set({ nome: `Grupo ${label}` })
    .where('id', '=', ie.grupoIeId)
    .execute();
  const journey = await createJourney(db, ie);
  let n = 0;
  const entry = async (options: { situacao: Situacao; motivo?: MotivoSemRenovacao }) => {
    const contract = await createContract(db, ie, { nome: `Estudante ${label} ${++n}` });
    const made = await createEntry(db, ie, journey, contract, options);
    return { ...contract, ...made };
  };
  const apto = await entry({ situacao: 'APTO' });
  const locked = await entry({ situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' });
  const lockSolicitacaoId = await createSolicitacao(db, ie, locked, { tipo: 'TRANCAMENTO' });
  await createTarefa(db, ie, locked, lockSolicitacaoId, { tipo: 'TRANCAMENTO' });
  const processingEntry = await entry({ situacao: 'EM_PROCESSAMENTO' });
  const solicitacaoId = await createSolicitacao(db, ie, processingEntry, { tipo: 'AFASTAMENTO_EVASAO' });
  const tarefaId = await createTarefa(db, ie, processingEntry, solicitacaoId, { tipo: 'AFASTAMENTO' });
  const signing = await entry({ situacao: 'AGUARDANDO_ASSINATURA' });
  await createAditivo(db, ie, signing, signing.contratoId, { status: 'GERADO' });
  const valued = await entry({ situacao: 'APTO' });
  const { ticketId } = await createTicket(db, ie, processingEntry);
  await db
    .updateTable('ticket')
    .set({ assunto: `Dúvida ${label}` })
    .where('id', '=', ticketId)
    .execute();
  const notificationId = await createNotification(db, ie, { titulo: `Aviso ${label}` });

  // The batch, the endpoint and its delivery as the IE's own users make them: through the API.
  const sub = `tenancy-${label}-${ie.ieId}`;
  const system = await t.token({ sub, ies: [ie.ieId], role: 'API' });
  const endpoint = await t.call({
    method: 'POST',
    url: '/s/v2/webhooks/endpoints',
    token: system,
    payload: { url: 'http://127.0.0.1:9/hook', eventos: [...WEBHOOK_EVENTS] },
  });
  assert.equal(endpoint.statusCode, 201, endpoint.body);
  const user = await t.token({ sub, ies: [ie.ieId] });
  const sent = await t.call({
    method: 'POST',
    url: '/s/v2/contrato/valores/enviar',
    token: user,
    payload: { valores: [valuesItem(valued.brbId, { nomeEstudante: `Estudante ${label} valores` })] },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  const { id: loteId } = await db
    .selectFrom('lote')
    .select('id')
    .where('criado_por', '=', sub)
    .executeTakeFirstOrThrow();
  const endpointId = (endpoint.json() as { id: number }).id;
  const delivery = await db
    .selectFrom('webhook_entrega')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  assert.ok(delivery, 'sending values made a delivery for the endpoint');
  const entries = [apto, locked, processingEntry, signing, valued];
  const bulk = await db
    .insertInto('acao_em_lote')
    .values({
      acao: 'inativar-estudante',
      usuario: sub,
      usuario_nome: null,
      ie_ids: [ie.ieId],
      dados: '{}',
      total: 0,
      correlacao_id: `tenancy-${label}`,
      concluida_em: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ie,
    journey,
    sub,
    apto,
    locked,
    processing: { ...processingEntry, solicitacaoId, tarefaId, lockSolicitacaoId },
    signing,
    ticketId,
    notificationId,
    loteId,
    endpointId,
    entregaId: delivery.id,
    bulkActionId: Number(bulk.id),
    brbIds: entries.map((e) => e.brbId),
    cpfs: entries.map((e) => e.cpf),
  };
}

/**
 * Everything in the database, table by table: row count and a digest of the rows. A refused call
 * must leave it as it was (tables in `except` may gain rows of the caller's own, e.g. its batch).
 */
export async function databaseDigest(t: TestContext, except: readonly string[] = []) {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(t.db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (except.includes(name)) continue;
    const { rows } = await sql<{ n: string; digest: string | null }>`
      select count(*)::text as n, md5(string_agg(x::text, '|' order by x::text)) as digest
      from ${sql.table(name)} x`.execute(t.db);
    out[name] = `${rows[0]?.n}:${rows[0]?.digest ?? ''}`;
  }
  return out;
}

/**
 * IE 2's rows in the tables a rowErrors call may add the caller's own batch to (so those tables,
 * left out of the digest for that call, are still checked for IE 2).
 */
export async function theirBatchRows(t: TestContext, two: TenantData) {
  const [lotes, mensagens, entregas] = await Promise.all([
    sql<{ n: string }>`select count(*)::text as n from lote where ${two.ie.ieId}::int8 = any(ie_ids)`.execute(t.db),
    sql<{ n: string }>`select count(*)::text as n from webhook_mensagem where ie_id = ${two.ie.ieId}`.execute(t.db),
    sql<{ n: string }>`select count(*)::text as n from webhook_entrega where endpoint_id = ${two.endpointId}`.execute(
      t.db,
    ),
  ]);
  return { lotes: lotes.rows[0]?.n, mensagens: mensagens.rows[0]?.n, entregas: entregas.rows[0]?.n };
}

/** Where a response shows IE 2: its marked names, its CPFs (bare or masked), its brbIds by name. */
export function leaksOf(body: string, two: TenantData, echoesIds = false): string[] {
  const found: string[] = [];
  if (body.includes(MARK)) found.push(`text "${MARK}"`);
  for (const cpf of two.cpfs) {
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    if (body.includes(cpf) || body.includes(masked)) found.push(`cpf ${cpf}`);
  }
  // A batch's row errors repeat the brbId the caller sent ("Row 1 (brbId X): …"): its own input.
  for (const brbId of echoesIds ? [] : two.brbIds) {
    if (new RegExp(`"(brbId|idBrb|entradaId)"\\s*:\\s*"?${brbId}\\b`).test(body)) found.push(`brbId ${brbId}`);
  }
  return found;
}
