import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import type { Fonte } from '../values/values.tables.js';

/**
 * The IE's own batches. A batch belongs to the IEs in lote.ie_ids (migration 0540); an IE caller
 * sees a batch only when every one of those IEs is its own, so a group user's batch never shows a
 * single-IE user rows of another IE. The foundation sees all.
 */
type Q = Kysely<Database>;
type Tenant = Pick<Caller, 'all' | 'ies'>;

export function batchVisible(caller: Tenant) {
  if (caller.all) return sql<SqlBool>`true`;
  return sql<SqlBool>`(lote.ie_ids <> '{}' and lote.ie_ids <@ ${caller.ies}::int8[])`;
}

export interface BatchFilter {
  status?: 'EM_PROCESSAMENTO' | 'PROCESSADO';
  fonte?: Fonte;
  enviadoPor?: string;
  /** Business days (São Paulo), inclusive. */
  de?: string;
  ate?: string;
}

const DAY_START = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'America/Sao_Paulo')`;
const DAY_END = (day: string) => sql<Date>`((${day}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;

function filtered(db: Q, caller: Tenant, f: BatchFilter) {
  let q = db.selectFrom('lote').where(batchVisible(caller));
  if (f.status) q = q.where('lote.status', '=', f.status);
  if (f.fonte) q = q.where('lote.fonte', '=', f.fonte);
  if (f.enviadoPor) q = q.where('lote.criado_por', '=', f.enviadoPor);
  if (f.de) q = q.where('lote.created_at', '>=', DAY_START(f.de));
  if (f.ate) q = q.where('lote.created_at', '<', DAY_END(f.ate));
  return q;
}

/** The batches, newest first (also the export's query: no limit when limit is null). */
export function batchesQuery(db: Q, caller: Tenant, f: BatchFilter, limit: number | null, offset = 0) {
  const q = filtered(db, caller, f).selectAll('lote').orderBy('lote.created_at', 'desc').orderBy('lote.id', 'desc');
  return limit === null ? q : q.limit(limit).offset(offset);
}

export async function countBatches(db: Q, caller: Tenant, f: BatchFilter): Promise<number> {
  const row = await filtered(db, caller, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findBatch(db: Q, caller: Tenant, loteId: number) {
  return db.selectFrom('lote').selectAll().where('id', '=', loteId).where(batchVisible(caller)).executeTakeFirst();
}

export interface RowFilter {
  resultado?: 'SUCESSO' | 'ERRO' | 'PENDENTE';
  /** The rows to send again: refused by a rule (ERRO) or by the foundation (RECUSADO). */
  recusadas?: boolean;
}

/** A batch's rows in sheet order (the export's query too). */
export function rowsQuery(db: Q, loteId: number, f: RowFilter, limit: number | null, offset = 0) {
  let q = db.selectFrom('lote_linha').selectAll().where('lote_id', '=', loteId);
  if (f.resultado) q = q.where('resultado', '=', f.resultado);
  if (f.recusadas) q = q.where((eb) => eb.or([eb('resultado', '=', 'ERRO'), eb('processamento', '=', 'RECUSADO')]));
  q = q.orderBy('linha');
  return limit === null ? q : q.limit(limit).offset(offset);
}

export async function countRows(db: Q, loteId: number, f: RowFilter): Promise<number> {
  let q = db.selectFrom('lote_linha').where('lote_id', '=', loteId);
  if (f.resultado) q = q.where('resultado', '=', f.resultado);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
