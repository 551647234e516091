import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type Aba, type Database, type MotivoSemRenovacao, type Situacao, TAB_OF } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { searchForm } from '../../lib/text.js';
import type { SortField } from './dashboard.schemas.js';
import { runCached } from './statement-cache.js';

/** Every filter a dashboard list can take, already validated and resolved to journeys. */
export interface ListFilters {
  /**
   * The journeys listed, of the caller's IEs (resolved by scope.ts): their ids, or the scalar
   * subquery that finds the one journey (scope.ts singleJourney). The rows' tenancy follows from them.
   */
  journeys: JourneyFilter;
  aba?: Aba;
  situacao?: Situacao;
  motivo?: MotivoSemRenovacao;
  cursoId?: number;
  campusId?: number;
  turnoId?: number;
  tag?: string;
  busca?: string;
}

export interface ListSort {
  by: SortField;
  dir: 'asc' | 'desc';
}

type EntryDb = Database & { e: Database['entrada_jornada'] };
type EntryQuery<O> = SelectQueryBuilder<EntryDb, 'e', O>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export type JourneyFilter = number[] | Expression<number | null>;

/** Several journeys by id (not one, nor the scalar subquery that finds one): their statements keep custom plans. */
export const severalJourneys = (journeys: JourneyFilter) => Array.isArray(journeys) && journeys.length > 1;

/** The condition on a journey-id column: equality (ordered index scans) unless there are several. */
export function journeyCondition(journeys: JourneyFilter): number | Expression<number | null> {
  if (!Array.isArray(journeys)) return journeys;
  return journeys.length === 1 ? (journeys[0] as number) : sql<number>`any(${journeys}::int8[])`;
}

/** Journey entry filters on `entrada_jornada as e`. Terminal entries (no tab) show only when their situação is asked for. */
export function applyFilters<O>(query: EntryQuery<O>, f: ListFilters): EntryQuery<O> {
  let q = query.where('e.jornada_id', '=', journeyCondition(f.journeys) as number);
  if (f.aba !== undefined) q = q.where('e.aba', '=', f.aba);
  if (f.situacao !== undefined) {
    q = q.where('e.situacao', '=', f.situacao);
    // The tab leads the index a filtered list reads (migration 0740); the situação is one of its
    // included columns.
    if (f.aba === undefined) {
      const aba = TAB_OF[f.situacao];
      q = aba === null ? q.where('e.aba', 'is', null) : q.where('e.aba', '=', aba);
    }
  }
  if (f.aba === undefined && f.situacao === undefined) q = q.where('e.aba', 'is not', null);
  if (f.motivo !== undefined) q = q.where('e.motivo', '=', f.motivo);
  if (f.cursoId !== undefined) q = q.where('e.curso_id', '=', f.cursoId);
  if (f.campusId !== undefined) q = q.where('e.campus_id', '=', f.campusId);
  if (f.turnoId !== undefined) q = q.where('e.turno_id', '=', f.turnoId);
  if (f.tag !== undefined) q = q.where(sql<boolean>`e.tags @> array[${f.tag}]::text[]`);
  if (f.busca !== undefined) {
    const busca = f.busca;
    q = q.where((eb) => searchCondition(eb, busca));
  }
  return q;
}

/** Name part (accent- and case-free), CPF prefix (mask ignored) or enrolment-number prefix. */
function searchCondition(eb: ExpressionBuilder<EntryDb, 'e'>, busca: string) {
  const text = busca.trim();
  const terms = [eb('e.matricula', 'like', `${escapeLike(text)}%`)];
  const nome = searchForm(text);
  if (nome.length > 0) terms.push(eb('e.nome_busca', 'like', `%${escapeLike(nome)}%`));
  const digits = cpfDigits(text);
  if (digits) terms.push(eb.between('e.cpf', digits.padEnd(11, '0'), digits.padEnd(11, '9')));
  return eb.or(terms);
}

/** The digits of a (possibly masked, possibly partial) CPF, or null when the text is not one. */
export function cpfDigits(text: string): string | null {
  if (!/^[\d.\-\s]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 1 && digits.length <= 11 ? digits : null;
}

/** True when the filters select whole counter cells (journey, tab, situação, motivo): the total comes from contador_jornada. */
export function countableByCounters(f: ListFilters): boolean {
  return (
    f.cursoId === undefined &&
    f.campusId === undefined &&
    f.turnoId === undefined &&
    f.tag === undefined &&
    f.busca === undefined
  );
}

const SORT_COLUMN: Record<SortField, string> = {
  nome: 'e.nome_busca',
  cpf: 'e.cpf',
  matricula: 'e.matricula',
  curso: 'c.nome',
  situacao: 'e.situacao',
  atualizadoEm: 'e.updated_at',
};

/** Sort keys, ending with the unique id so pages never overlap or skip rows. */
function sortKeys(sort: ListSort, outer: boolean): string[] {
  const keys = [outer && sort.by === 'curso' ? 'curso_nome' : SORT_COLUMN[sort.by]];
  if (sort.by === 'curso' || sort.by === 'situacao') keys.push('e.nome_busca');
  keys.push('e.id');
  return keys;
}

function orderQuery<O>(query: EntryQuery<O>, sort: ListSort, outer = false): EntryQuery<O> {
  let q = query;
  for (const key of sortKeys(sort, outer)) q = q.orderBy(sql.ref(key), sort.dir);
  return q;
}

/**
 * One page of entries as a deferred join: the ids of the page come from an index-only scan
 * (jornada_id, aba, nome_busca, id and the 0101 indexes), then only those rows are read with
 * their student. Course, campus, shift, period and process come from scalar subqueries rather
 * than joins: with eight joined relations planning alone took 10–30 ms, with two it takes < 1 ms.
 * Tenancy is rechecked on the rows.
 */
export function pageQuery(db: Db, caller: Caller, f: ListFilters, sort: ListSort, limit: number, offset: number) {
  let ids = db.selectFrom('entrada_jornada as e') as unknown as EntryQuery<Record<never, never>>;
  if (sort.by === 'curso') ids = ids.innerJoin('curso as c', 'c.id', 'e.curso_id') as never;
  const page = orderQuery(applyFilters(ids, f).select('e.id'), sort).limit(limit).offset(offset);

  const rows = db
    .selectFrom(page.as('pg'))
    .innerJoin('entrada_jornada as e', 'e.id', 'pg.id')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .select((eb) => [
      'e.id',
      'e.jornada_id',
      'e.ie_id',
      'e.contrato_id',
      'e.bolsa_id',
      'e.cpf',
      'e.matricula',
      'e.situacao',
      'e.motivo',
      'e.aba',
      'e.tags',
      'e.updated_at',
      'e.curso_id',
      'e.campus_id',
      'e.turno_id',
      's.nome as estudante_nome',
      eb.selectFrom('curso').select('curso.nome').whereRef('curso.id', '=', 'e.curso_id').as('curso_nome'),
      eb.selectFrom('campus').select('campus.nome').whereRef('campus.id', '=', 'e.campus_id').as('campus_nome'),
      eb.selectFrom('turno').select('turno.nome').whereRef('turno.id', '=', 'e.turno_id').as('turno_nome'),
      eb.selectFrom('jornada').select('jornada.ano').whereRef('jornada.id', '=', 'e.jornada_id').as('ano'),
      eb.selectFrom('jornada').select('jornada.semestre').whereRef('jornada.id', '=', 'e.jornada_id').as('semestre'),
      eb.selectFrom('processo').select('processo.id').whereRef('processo.entrada_id', '=', 'e.id').as('processo_id'),
    ])
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller));
  return orderQuery(rows as unknown as EntryQuery<EntryRow>, sort, true);
}

export interface EntryRow {
  id: number;
  jornada_id: number;
  ie_id: number;
  contrato_id: number;
  bolsa_id: number;
  cpf: string;
  matricula: string;
  situacao: Situacao;
  motivo: MotivoSemRenovacao | null;
  aba: Aba | null;
  tags: string[];
  updated_at: Date;
  estudante_nome: string;
  curso_id: number;
  curso_nome: string;
  campus_id: number;
  campus_nome: string;
  turno_id: number;
  turno_nome: string;
  ano: number;
  semestre: number;
  processo_id: number | null;
}

/** count(*) over the filtered entries (the filters' indexes make it an index range count). */
export function countQuery(db: Db, f: ListFilters) {
  const query = applyFilters(db.selectFrom('entrada_jornada as e') as unknown as EntryQuery<Record<never, never>>, f);
  return query.select((eb) => eb.fn.countAll<number>().as('n'));
}

/** The filters other than the journeys, for statement-cache.ts keys. */
export const filterKey = (f: ListFilters) => [
  f.aba,
  f.situacao,
  f.motivo,
  f.cursoId,
  f.campusId,
  f.turnoId,
  f.tag,
  f.busca,
];

/** The filtered entries' count; with `key` (what built `f`, see statement-cache.ts) its statement is kept compiled. */
export async function countEntries(db: Db, f: ListFilters, key?: readonly unknown[]): Promise<number> {
  const [row] = key
    ? await runCached(db, ['count', ...key], () => countQuery(db, f))
    : await countQuery(db, f).execute();
  return Number(row?.n ?? 0);
}
