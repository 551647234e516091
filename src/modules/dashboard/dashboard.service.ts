import type { Db } from '../../db/database.js';
import { plannedOnce } from '../../db/planned.js';
import { type Aba, type MotivoSemRenovacao, type Situacao, TAB_OF } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { invalidField, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { moneyJson } from '../../lib/money.js';
import { countersInScope, countFromCounters, TAB_SITUACOES } from './counters.repository.js';
import * as repo from './dashboard.repository.js';
import type { ListItem, SortField } from './dashboard.schemas.js';
import {
  countableByCounters,
  countEntries,
  type EntryRow,
  filterKey,
  type ListFilters,
  type ListSort,
  pageQuery,
  severalJourneys,
} from './list-query.js';
import { toListItem, toPage } from './mappers.js';
import {
  checkFilterIds,
  type FilterIds,
  type JourneySelectionInput,
  resolveScope,
  scopeKey,
  singleJourney,
} from './scope.js';
import { runCached } from './statement-cache.js';

/** A list request as the routes pass it (query fields after schema validation and defaults). */
export interface ListRequest extends JourneySelectionInput, FilterIds {
  aba?: Aba;
  situacao?: Situacao;
  motivo?: MotivoSemRenovacao;
  tag?: string;
  busca?: string;
  ordenarPor?: SortField;
  ordem?: 'asc' | 'desc';
  pagina?: number;
  tamanho?: number;
}

/** Checks filters against each other: a situação must belong to the tab listed, a motivo needs SEM_RENOVACAO. */
function checkCombination(
  aba: Aba | undefined,
  situacao: Situacao | undefined,
  motivo: MotivoSemRenovacao | undefined,
) {
  if (aba && situacao && TAB_OF[situacao] !== aba) {
    throw invalidField(
      '/querystring/situacao',
      t(
        `na aba ${aba} deve ser um destes: ${TAB_SITUACOES[aba].join(', ')}`,
        `in tab ${aba} must be one of: ${TAB_SITUACOES[aba].join(', ')}`,
      ),
    );
  }
  const semRenovacao = situacao ? situacao === 'SEM_RENOVACAO' : !aba || aba === 'sem-renovacao';
  if (motivo && !semRenovacao) {
    throw invalidField(
      '/querystring/motivo',
      t(
        'vale só para entradas SEM_RENOVACAO (aba sem-renovacao)',
        'applies only to SEM_RENOVACAO entries (tab sem-renovacao)',
      ),
    );
  }
}

/** Resolves scope, journeys and filters of a list request. */
export async function resolveList(db: Db, caller: Caller, q: ListRequest): Promise<ListFilters> {
  checkCombination(q.aba, q.situacao, q.motivo);
  const journeys = singleJourney(db, caller, q) ?? (await resolveScope(db, caller, q)).journeys.map((j) => j.id);
  return {
    journeys,
    aba: q.aba,
    situacao: q.situacao,
    motivo: q.motivo,
    cursoId: q.cursoId,
    campusId: q.campusId,
    turnoId: q.turnoId,
    tag: q.tag,
    busca: q.busca,
  };
}

const paging = (q: ListRequest) => {
  const pagina = q.pagina ?? 1;
  const tamanho = q.tamanho ?? 20;
  return { pagina, tamanho, offset: (pagina - 1) * tamanho };
};

const sorting = (q: ListRequest): ListSort => ({ by: q.ordenarPor ?? 'nome', dir: q.ordem ?? 'asc' });

/**
 * The executor of a list's statements: planned once (planned.ts) for one journey with no text or
 * tag filter, whose generic plans walk the same indexes as the custom ones (checked on the seeded
 * bench database: the journey comes from its scalar subquery or is a single id, the other filters
 * are equalities on the index's leading columns); planned per request otherwise, where the term or
 * the tag decides the plan. The page goes there only in name order (the tab's index order); the
 * other orders plan their sort with the page's limit in view.
 */
function listExecutors(db: Db, f: ListFilters, sort: ListSort): { page: Db; count: Db } {
  if (severalJourneys(f.journeys) || f.busca !== undefined || f.tag !== undefined) return { page: db, count: db };
  const planned = plannedOnce(db);
  return { page: sort.by === 'nome' ? planned : db, count: planned };
}

/** From this offset on, a page whose total the counters give is read from the nearer end. */
const DEEP_OFFSET = 2_000;

/**
 * A page of entries and its total. The total comes from the counters when the filters are whole
 * counter cells, else from count(*) on the filtered index (in parallel with the page). A deep
 * page past the middle is read backwards from the end, so the index scan skips at most half of
 * the rows whatever the page number.
 */
export async function listEntries(db: Db, caller: Caller, q: ListRequest) {
  const f = await resolveList(db, caller, q);
  const { pagina, tamanho, offset } = paging(q);
  if (Array.isArray(f.journeys) && f.journeys.length === 0) {
    await checkFilterIds(db, caller, q);
    return toPage<ListItem>([], pagina, tamanho, 0);
  }
  const sort = sorting(q);
  let rows: EntryRow[];
  let total: number;
  // The statements depend on the caller's IEs, the selection and the filters (journeys named by
  // id when resolveScope read them): kept compiled for the next identical request.
  const key = [...scopeKey(caller, q), Array.isArray(f.journeys) ? f.journeys : null, filterKey(f)];
  const run = listExecutors(db, f, sort);
  const page = (s: ListSort, limit: number, from: number) =>
    runCached(run.page, ['page', ...key, s, limit, from], () => pageQuery(db, caller, f, s, limit, from));
  if (countableByCounters(f) && offset >= DEEP_OFFSET) {
    total = await countFromCounters(run.count, f, key);
    rows = await deepPage(page, sort, tamanho, offset, total);
  } else {
    [rows, total] = await Promise.all([
      page(sort, tamanho, offset),
      countableByCounters(f) ? countFromCounters(run.count, f, key) : countEntries(run.count, f, key),
    ]);
  }
  if (rows.length === 0) {
    // Nothing listed: tell an empty list from an id that is not the caller's (404).
    if (!Array.isArray(f.journeys)) await resolveScope(db, caller, q);
    await checkFilterIds(db, caller, q);
  }
  return toPage(rows.map(toListItem), pagina, tamanho, total);
}

async function deepPage(
  page: (sort: ListSort, limit: number, offset: number) => Promise<EntryRow[]>,
  sort: ListSort,
  tamanho: number,
  offset: number,
  total: number,
): Promise<EntryRow[]> {
  if (offset >= total) return [];
  if (offset <= total / 2) return page(sort, tamanho, offset);
  const take = Math.min(tamanho, total - offset);
  const backwards = { by: sort.by, dir: sort.dir === 'asc' ? 'desc' : 'asc' } as const;
  const rows = await page(backwards, take, total - offset - take);
  return rows.reverse();
}

/** One tab of the dashboard (the tab comes from the path). */
export function listTab(db: Db, caller: Caller, aba: Aba, q: ListRequest) {
  return listEntries(db, caller, { ...q, aba });
}

/** A journey's contracts: journeyId is required and must be a journey of the caller's IEs. */
export function listJourney(db: Db, caller: Caller, q: ListRequest & { journeyId: number }) {
  return listEntries(db, caller, q);
}

/** Entries whose addendum waits for the student signature (AGUARDANDO_ASSINATURA), with the addendum. */
export async function listPendingSignature(db: Db, caller: Caller, q: ListRequest) {
  const page = await listEntries(db, caller, { ...q, aba: undefined, situacao: 'AGUARDANDO_ASSINATURA' });
  const addenda = await repo.pendingAddenda(
    db,
    caller,
    page.itens.map((i) => i.brbId),
  );
  const byEntry = new Map(addenda.map((a) => [a.entrada_id, a]));
  return {
    ...page,
    itens: page.itens.map((item) => {
      const a = byEntry.get(item.brbId);
      return {
        ...item,
        aditivo: a ? { id: a.id, valor: moneyJson(a.valor), geradoEm: a.gerado_em.toISOString() } : null,
      };
    }),
  };
}

/** Whether entries in bond maintenance exist in the journeys in scope, from the counters. */
export async function bondMaintenanceExists(db: Db, caller: Caller, q: JourneySelectionInput) {
  const { cells } = await countersInScope(db, caller, q);
  const total = cells.filter((c) => c.situacao === 'MANUTENCAO_VINCULO').reduce((n, c) => n + c.total, 0);
  return { existe: total > 0, total };
}

/** Tags of the given entries (each must be the caller's), or of the entries the filters select. */
export async function tags(db: Db, caller: Caller, q: ListRequest & { brbIds?: number[] }) {
  if (q.brbIds) {
    const wanted = [...new Set(q.brbIds)];
    const rows = await repo.entryTags(db, caller, wanted);
    const found = new Set(rows.map((r) => r.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw notFound(t(`brbId ${missing.join(', ')} não encontrado.`, `brbId ${missing.join(', ')} not found.`));
    const byId = new Map(rows.map((r) => [r.id, r.tags]));
    const itens = wanted.map((brbId) => ({ brbId, tags: byId.get(brbId) ?? [] }));
    return toPage(itens, 1, Math.max(itens.length, 1), itens.length);
  }
  const page = await listEntries(db, caller, q);
  return { ...page, itens: page.itens.map((i) => ({ brbId: i.brbId, tags: i.tags })) };
}
