import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';

type Q = Kysely<Database>;

export interface AuditEntry {
  caller: Pick<Caller, 'sub' | 'name' | 'role' | 'ies' | 'all'>;
  operacao: string;
  metodo: string;
  rota: string;
  brbId: number | null;
  loteId: number | null;
  efetivado: boolean;
  status: number | null;
  requestId: string;
}

/**
 * The insert of one audit row. Its IEs: the target entry's IE, else the batch's IEs, else the
 * caller's (an operator's row about nothing of an IE has none: only operators see it). An entry or
 * batch counts only when it is the caller's: another IE's id (refused with 404) is recorded under
 * the caller's IEs, so the other IE's trail never shows this caller or what they tried.
 */
function insertAudit(e: AuditEntry) {
  const callerIes = e.caller.all ? [] : e.caller.ies;
  const all = e.caller.all;
  return sql<{ id: number }>`
    insert into auditoria (usuario, usuario_nome, papel, operacao, metodo, rota, brb_id, lote_id, ie_ids, efetivado,
      status, request_id)
    values (${e.caller.sub}, ${e.caller.name || null}, ${e.caller.role}, ${e.operacao}, ${e.metodo}, ${e.rota},
      ${e.brbId}::int8, ${e.loteId}::int8,
      coalesce(
        (select array[ie_id] from entrada_jornada
          where id = ${e.brbId}::int8 and (${all}::boolean or ie_id = any(${callerIes}::int8[]))),
        (select ie_ids from lote
          where id = ${e.loteId}::int8 and ie_ids <> '{}' and (${all}::boolean or ie_ids <@ ${callerIes}::int8[])),
        ${callerIes}::int8[]),
      ${e.efetivado}, ${e.status}::int4, ${e.requestId})
    returning id`;
}

/** The insert as SQL and parameters, for the driver to run on a committing transaction's connection. */
export function insertAuditSql(db: Q, e: AuditEntry) {
  return insertAudit(e).compile(db);
}

/** Records a request that committed nothing, after its answer. */
export async function recordOutside(db: Q, e: AuditEntry): Promise<void> {
  await insertAudit(e).execute(db);
}

export async function setAuditStatus(db: Q, id: number, status: number): Promise<void> {
  await db.updateTable('auditoria').set({ status }).where('id', '=', id).execute();
}

export interface AuditFilter {
  de?: string;
  ate?: string;
  usuario?: string;
  operacao?: string;
  brbId?: number;
  loteId?: number;
}

/** An IE caller sees the rows whose IEs are all its own; the foundation sees every row. */
function filtered(db: Q, caller: Pick<Caller, 'all' | 'ies'>, f: AuditFilter) {
  let q = db.selectFrom('auditoria');
  if (!caller.all) q = q.where(sql<boolean>`(ie_ids <> '{}' and ie_ids <@ ${caller.ies}::int8[])`);
  if (f.de) q = q.where('em', '>=', sql<Date>`(${f.de}::date::timestamp at time zone 'America/Sao_Paulo')`);
  if (f.ate) q = q.where('em', '<', sql<Date>`((${f.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`);
  if (f.usuario) q = q.where('usuario', '=', f.usuario);
  if (f.operacao) q = q.where('operacao', 'in', f.operacao.split(','));
  if (f.brbId) q = q.where('brb_id', '=', f.brbId);
  if (f.loteId) q = q.where('lote_id', '=', f.loteId);
  return q;
}

/** Newest first; no limit for an export. */
export function auditQuery(
  db: Q,
  caller: Pick<Caller, 'all' | 'ies'>,
  f: AuditFilter,
  limit: number | null,
  offset = 0,
) {
  const q = filtered(db, caller, f).selectAll().orderBy('em', 'desc').orderBy('id', 'desc');
  return limit === null ? q : q.limit(limit).offset(offset);
}

export async function countAudit(db: Q, caller: Pick<Caller, 'all' | 'ies'>, f: AuditFilter): Promise<number> {
  const row = await filtered(db, caller, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Cap on each list of filter values: a person picks from a list, not from thousands. */
const FILTER_VALUES_MAX = 500;

/** The people and operations present in the rows the caller may see (the audit screen's pickers). */
export async function auditFilterValues(db: Q, caller: Pick<Caller, 'all' | 'ies'>) {
  const [people, operations] = await Promise.all([
    filtered(db, caller, {})
      .select(['usuario', (eb) => eb.fn.max('usuario_nome').as('nome')])
      .groupBy('usuario')
      .orderBy('nome')
      .orderBy('usuario')
      .limit(FILTER_VALUES_MAX)
      .execute(),
    filtered(db, caller, {}).select('operacao').distinct().orderBy('operacao').limit(FILTER_VALUES_MAX).execute(),
  ]);
  return {
    usuarios: people.map((p) => ({ sub: p.usuario, nome: p.nome ?? null })),
    operacoes: operations.map((o) => o.operacao),
  };
}
