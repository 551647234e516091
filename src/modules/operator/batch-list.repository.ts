import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The foundation's view of the values batches: every IE's, with the rows still waiting for its
 * decision counted from lote_linha.processamento = 'AGUARDANDO'. lote.pendente is something else
 * (rows sent while the entry already waited: resultado PENDENTE), which is why the screen read 0.
 */
type Q = Kysely<Database>;

export interface OperatorBatchFilter {
  ieId?: number;
  status?: 'EM_PROCESSAMENTO' | 'PROCESSADO';
  de?: string;
  ate?: string;
}

const dayStart = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'America/Sao_Paulo')`;
const dayEnd = (day: string) => sql<Date>`((${day}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;

function filtered(db: Q, f: OperatorBatchFilter) {
  let q = db.selectFrom('lote');
  if (f.ieId !== undefined) q = q.where(sql<boolean>`${f.ieId}::int8 = any(lote.ie_ids)`);
  if (f.status) q = q.where('lote.status', '=', f.status);
  if (f.de) q = q.where('lote.created_at', '>=', dayStart(f.de));
  if (f.ate) q = q.where('lote.created_at', '<', dayEnd(f.ate));
  return q;
}

const waiting = (loteId: unknown) =>
  sql<number>`(select count(*)::int4 from lote_linha x where x.lote_id = ${loteId} and x.processamento = 'AGUARDANDO')`;

export function listBatches(db: Q, f: OperatorBatchFilter, limit: number, offset: number) {
  return filtered(db, f)
    .selectAll('lote')
    .select([
      waiting(sql.ref('lote.id')).as('aguardando'),
      sql<{ id: number; nome: string; sigla: string }[]>`(select coalesce(jsonb_agg(jsonb_build_object('id', i.id,
        'nome', i.nome, 'sigla', i.sigla) order by i.id), '[]'::jsonb) from ie i where i.id = any(lote.ie_ids))`.as(
        'ies_nomes',
      ),
    ])
    .orderBy('lote.created_at', 'desc')
    .orderBy('lote.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
export type OperatorBatchRow = Awaited<ReturnType<typeof listBatches>>[number];

export async function countBatches(db: Q, f: OperatorBatchFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function waitingOf(db: Q, loteId: number): Promise<number> {
  const row = await db.selectNoFrom(waiting(loteId).as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The batch's rows with what the foundation decides on: student, course, period, values, contract. */
export function decisionRows(db: Q, loteId: number, processamento: string | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('lote_linha as l')
    .leftJoin('entrada_jornada as e', 'e.id', 'l.entrada_id')
    .leftJoin('estudante as s', 's.id', 'e.estudante_id')
    .leftJoin('curso as c', 'c.id', 'e.curso_id')
    .leftJoin('contrato as k', 'k.id', 'e.contrato_id')
    .leftJoin('processo as p', 'p.id', 'l.processo_id')
    .leftJoin('ie', 'ie.id', 'l.ie_id')
    .select([
      'l.linha',
      'l.brb_id',
      'l.ie_id',
      'ie.sigla as ie_sigla',
      'l.resultado',
      'l.erros',
      'l.processamento',
      'l.motivo_recusa',
      'l.valor_contrato',
      'l.valor_ctr_prest_servico',
      'l.percentual_concedido',
      'l.qtd_parcelas_cobertura',
      'l.parc_meses',
      'l.contrato_anual',
      'l.motivo_reenvio',
      'l.situacao_anterior',
      'l.motivo_anterior',
      'l.aditivo_id',
      'l.id_curso',
      'l.nome_estudante',
      's.nome as estudante_nome',
      'e.cpf',
      'c.nome as curso_nome',
      'k.numero as contrato_numero',
      'p.ano',
      'p.semestre',
    ])
    .where('l.lote_id', '=', loteId);
  if (processamento) q = q.where('l.processamento', '=', processamento as never);
  return q.orderBy('l.linha').limit(limit).offset(offset).execute();
}
export type DecisionRow = Awaited<ReturnType<typeof decisionRows>>[number];

export async function countRows(db: Q, loteId: number, processamento: string | undefined): Promise<number> {
  let q = db.selectFrom('lote_linha').where('lote_id', '=', loteId);
  if (processamento) q = q.where('processamento', '=', processamento as never);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
