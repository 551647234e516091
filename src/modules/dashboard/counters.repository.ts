import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { ABAS, type Aba, type MotivoSemRenovacao, SITUACOES, type Situacao, TAB_OF } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { journeyCondition, type ListFilters } from './list-query.js';
import { type JourneySelectionInput, journeysQuery, scopeKey, toJourneys } from './scope.js';
import { runCached } from './statement-cache.js';

/** The situações of each tab, in lifecycle order. */
export const TAB_SITUACOES = Object.fromEntries(
  ABAS.map((aba) => [aba, SITUACOES.filter((situacao) => TAB_OF[situacao] === aba)]),
) as Record<Aba, Situacao[]>;

export interface CounterCell {
  jornadaId: number;
  situacao: Situacao;
  motivo: MotivoSemRenovacao | null;
  total: number;
}

/**
 * The non-zero counter cells of the given journeys, read from contador_jornada (kept exact by
 * statement triggers), never by counting entries. The caller resolved the journeys within its IEs.
 */
export async function counterCells(db: Db, journeyIds: number[]): Promise<CounterCell[]> {
  if (journeyIds.length === 0) return [];
  const rows = await db
    .selectFrom('contador_jornada')
    .select(['jornada_id', 'situacao', 'motivo', 'total'])
    .where('jornada_id', '=', sql<number>`any(${journeyIds}::int8[])`)
    .where('total', '<>', 0)
    .execute();
  return rows.map((r) => ({
    jornadaId: r.jornada_id,
    situacao: r.situacao,
    motivo: r.motivo === '' ? null : (r.motivo as MotivoSemRenovacao),
    total: Number(r.total),
  }));
}

/** The total of a list whose filters are whole counter cells (see countableByCounters). */
export async function countFromCounters(db: Db, f: ListFilters, key?: readonly unknown[]): Promise<number> {
  if (Array.isArray(f.journeys) && f.journeys.length === 0) return 0;
  let situacoes: Situacao[] = f.aba ? TAB_SITUACOES[f.aba] : Object.values(TAB_SITUACOES).flat();
  if (f.situacao !== undefined) situacoes = f.aba && !situacoes.includes(f.situacao) ? [] : [f.situacao];
  if (situacoes.length === 0) return 0;
  const build = () => {
    const query = db
      .selectFrom('contador_jornada')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), sql<number>`0`).as('n'))
      .where('jornada_id', '=', journeyCondition(f.journeys) as number)
      .where('situacao', '=', sql<Situacao>`any(${situacoes}::text[])`);
    return f.motivo !== undefined ? query.where('motivo', '=', f.motivo) : query;
  };
  const [row] = key ? await runCached(db, ['counted', ...key], build) : await build().execute();
  return Number(row?.n ?? 0);
}

export interface TabTotals {
  total: number;
  abas: { aba: Aba; total: number }[];
  situacoes: { situacao: Situacao; motivo: MotivoSemRenovacao | null; total: number }[];
}

/** Cells summed per tab (every tab, in dashboard order) and per situação/motivo (non-zero ones). */
export function summarize(cells: CounterCell[]): TabTotals {
  const perTab = new Map<Aba, number>((Object.keys(TAB_SITUACOES) as Aba[]).map((aba) => [aba, 0]));
  const perSituation = new Map<string, TabTotals['situacoes'][number]>();
  let total = 0;
  for (const cell of cells) {
    const aba = TAB_OF[cell.situacao];
    if (aba) {
      perTab.set(aba, (perTab.get(aba) ?? 0) + cell.total);
      total += cell.total;
    }
    const key = `${cell.situacao}/${cell.motivo ?? ''}`;
    const found = perSituation.get(key);
    if (found) found.total += cell.total;
    else perSituation.set(key, { situacao: cell.situacao, motivo: cell.motivo, total: cell.total });
  }
  const situacoes = [...perSituation.values()]
    .filter((s) => s.total !== 0)
    .sort((a, b) => a.situacao.localeCompare(b.situacao) || (a.motivo ?? '').localeCompare(b.motivo ?? ''));
  return { total, abas: [...perTab].map(([aba, n]) => ({ aba, total: n })), situacoes };
}

/** The journeys in scope and their non-zero counter cells, in one statement. */
export async function countersInScope(db: Db, caller: Caller, q: JourneySelectionInput) {
  const build = async () =>
    db
      .selectFrom((await journeysQuery(db, caller, q)).as('j'))
      .leftJoin('contador_jornada as c', (join) => join.onRef('c.jornada_id', '=', 'j.id').on('c.total', '<>', 0))
      .selectAll('j')
      .select(['c.situacao', 'c.motivo', 'c.total']);
  // A group's IEs are read from the database while building (resolveIes): that statement is not kept.
  const rows =
    q.grupoIeId === undefined
      ? await runCached(db, ['counters', ...scopeKey(caller, q), caller.sub], build)
      : await (await build()).execute();
  if (q.journeyId !== undefined && rows.length === 0)
    throw notFound(t(`Jornada ${q.journeyId} não encontrada.`, `Journey ${q.journeyId} not found.`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cells: CounterCell[] = rows
    .filter((r) => r.situacao !== null)
    .map((r) => ({
      jornadaId: r.id,
      situacao: r.situacao as Situacao,
      motivo: r.motivo ? (r.motivo as MotivoSemRenovacao) : null,
      total: Number(r.total),
    }));
  return { journeys: toJourneys([...byId.values()]), cells };
}

/** IEs by name, of the caller's. */
export function iesByName(db: Db, caller: Caller, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ie')
    .select(['id', 'nome', 'sigla'])
    .where('id', '=', sql<number>`any(${ids}::int8[])`)
    .where((eb) => inCallerIes(eb, 'ie.id', caller))
    .orderBy('nome')
    .orderBy('id')
    .execute();
}
