import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { entryState, ieWithEntries, valuesItem } from '../helpers/values-factories.js';

// A values send writes its batch rows only (migration 0405): each waiting row is the entry's
// ENVIO_VALORES request and its timeline event. These tests read them the way users do, over HTTP.

let t: TestContext;
let mine: TestIe;
let other: TestIe;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
});
after(() => t.close());

const operator = { role: 'OPERADOR' as const, ies: [] };

interface TimelineOut {
  eventos: {
    id: number;
    acao: string;
    situacaoAnterior: string | null;
    situacaoNova: string | null;
    usuario: string;
    detalhes: Record<string, unknown>;
  }[];
}
interface ProcessInProgressOut {
  existeAndamento: boolean;
  solicitacoes: { id: number; tipo: string }[];
}

/** Sends one entry's values (v3); the batch's answer. */
async function sendRow(brbId: number, reenvio = false) {
  const response = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [mine.ieId],
    payload: { reenvio, valores: [valuesItem(brbId)] },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as { lote: number; linhasComErro: string[] };
}

const send = async (brbId: number, reenvio = false) => (await sendRow(brbId, reenvio)).lote;

const timeline = (processoId: number, ies = [mine.ieId]) =>
  t.call({ method: 'GET', url: `/s/v2/processos/${processoId}/timeline`, ies });
const processInProgress = (processoId: number, ies = [mine.ieId]) =>
  t.call({ method: 'GET', url: `/s/v1/processo-solicitacao/${processoId}/existe-andamento`, ies });
const entryInProgress = async (brbId: number) =>
  (
    (await t.call({ method: 'GET', url: `/s/v2/renovacao/${brbId}/existe-andamento`, ies: [mine.ieId] })).json() as {
      envioValores: boolean;
    }
  ).envioValores;

describe('a values send read as a request and a timeline event', () => {
  test('the send is in progress with its request id, on the timeline with its batch, until the foundation decides', async () => {
    const [entry] = (await ieWithEntries(t.db, ['APTO'], mine)).entries;
    const lote = await send(entry!.brbId);

    assert.equal(await entryInProgress(entry!.brbId), true);
    const progress = (await processInProgress(entry!.processoId)).json() as ProcessInProgressOut;
    assert.equal(progress.existeAndamento, true);
    assert.deepEqual(
      progress.solicitacoes.map((s) => s.tipo),
      ['ENVIO_VALORES'],
    );
    const requestId = progress.solicitacoes[0]!.id;

    const events = ((await timeline(entry!.processoId)).json() as TimelineOut).eventos;
    const sent = events.at(-1)!;
    assert.deepEqual(
      [sent.acao, sent.situacaoAnterior, sent.situacaoNova],
      ['ENVIAR_VALORES', 'APTO', 'EM_PROCESSAMENTO'],
    );
    assert.equal(sent.detalhes.lote, lote);
    assert.equal(sent.detalhes.linha, 1);
    assert.equal(sent.detalhes.solicitacaoId, requestId);
    assert.equal(sent.detalhes.valorContrato, 4500);

    // Another IE's caller sees neither.
    assert.equal((await timeline(entry!.processoId, [other.ieId])).statusCode, 404);
    assert.equal((await processInProgress(entry!.processoId, [other.ieId])).statusCode, 404);

    const rejected = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${lote}/recusar`,
      ...operator,
      payload: { motivo: 'Percentual acima do contratado' },
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.equal(await entryInProgress(entry!.brbId), false);
    assert.equal(((await processInProgress(entry!.processoId)).json() as ProcessInProgressOut).existeAndamento, false);
    const after = ((await timeline(entry!.processoId)).json() as TimelineOut).eventos;
    assert.deepEqual(
      after.slice(-2).map((e) => e.acao),
      ['ENVIAR_VALORES', 'PROCESSAMENTO_RECUSADO'],
    );
    assert.ok(after.at(-1)!.id > sent.id, 'event ids keep time order');
  });

  test('a resend replaces the request in progress: one request in progress, both sends on the timeline', async () => {
    const [entry] = (await ieWithEntries(t.db, ['APTO'], mine)).entries;
    await send(entry!.brbId);
    const first = ((await processInProgress(entry!.processoId)).json() as ProcessInProgressOut).solicitacoes;
    await send(entry!.brbId, true);
    const second = ((await processInProgress(entry!.processoId)).json() as ProcessInProgressOut).solicitacoes;
    assert.equal(second.length, 1);
    assert.notEqual(second[0]!.id, first[0]!.id, 'the resend is a new request');
    const acoes = ((await timeline(entry!.processoId)).json() as TimelineOut).eventos.map((e) => e.acao);
    assert.deepEqual(acoes.slice(-2), ['ENVIAR_VALORES', 'REENVIAR_VALORES']);
  });

  test('cancelling the contract cancels the values waiting for the foundation', async () => {
    const [entry] = (await ieWithEntries(t.db, ['APTO'], mine)).entries;
    const lote = await send(entry!.brbId);
    const cancelled = await t.call({
      method: 'POST',
      url: '/s/v3/mais-acoes/cancelar-contrato',
      ies: [mine.ieId],
      payload: { brbId: entry!.brbId, motivo: 'Pedido do estudante' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal((await entryState(t.db, entry!.brbId)).situacao, 'CANCELADO');
    assert.equal(await entryInProgress(entry!.brbId), false);
    const row = await t.db
      .selectFrom('lote_linha')
      .select(['processamento', 'motivo_recusa'])
      .where('lote_id', '=', lote)
      .executeTakeFirstOrThrow();
    assert.equal(row.processamento, 'DESCARTADO');
    assert.match(row.motivo_recusa ?? '', /contract ended/);
    const batch = await t.db.selectFrom('lote').select('status').where('id', '=', lote).executeTakeFirstOrThrow();
    assert.equal(batch.status, 'PROCESSADO', 'nothing is left waiting in the batch');
  });

  test('values for an entry in REVISAO_ANALISE wait (PENDENTE); a resend replaces them; only one may wait', async () => {
    const [entry] = (await ieWithEntries(t.db, ['REVISAO_ANALISE'], mine)).entries;
    const first = await send(entry!.brbId);
    const again = await sendRow(entry!.brbId);
    assert.match(again.linhasComErro.join('\n'), /EM_ANDAMENTO/);
    const second = await send(entry!.brbId, true);
    const rows = await t.db
      .selectFrom('lote_linha')
      .select(['lote_id', 'resultado', 'processamento'])
      .where('entrada_id', '=', entry!.brbId)
      .where('lote_id', 'in', [first, second])
      .orderBy('lote_id')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.lote_id, r.resultado, r.processamento]),
      [
        [first, 'PENDENTE', 'SUBSTITUIDO'],
        [second, 'PENDENTE', 'AGUARDANDO'],
      ],
    );
    assert.equal((await entryState(t.db, entry!.brbId)).situacao, 'REVISAO_ANALISE');

    // Two batches racing for the same entry cannot both leave their row waiting: the second
    // waiting PENDENTE row is refused when its transaction commits.
    const racing = t.db.transaction().execute(async (trx) => {
      await sql`insert into lote (origem, porta, criado_por) values ('V2_ENVIAR', 'padrao', 'race')`.execute(trx);
      await sql`
        insert into lote_linha (lote_id, linha, brb_id, entrada_id, ie_id, resultado, processamento)
        select currval(pg_get_serial_sequence('lote', 'id')), 1, ${entry!.brbId}::int8, ${entry!.brbId}::int8,
          ${mine.ieId}::int8, 'PENDENTE', 'AGUARDANDO'`.execute(trx);
    });
    await assert.rejects(racing, (error: { code?: string }) => error.code === '23P01');
  });
});
