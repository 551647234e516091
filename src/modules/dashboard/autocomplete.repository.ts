import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Aba, Database, Situacao } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import type { KeyDb, Tier } from './autocomplete.js';
import { type JourneyFilter, journeyCondition } from './list-query.js';
import { commonWord, hasNameKeys, keyedCandidates, type NameSearch, walkedNames, walksNames } from './name-keys.js';

/**
 * The autocomplete's statements (autocomplete.ts says which runs when). Every row is an entry
 * with its tier (an index into the group of tiers the statement was built for), or the journey
 * row (id null) that says which journey a subquery picked.
 */

type EntryDb = Database & { e: Database['entrada_jornada'] };
/** A name-key candidate: the entry, its search name and its tier. */
type Candidate = { entrada_id: number; nome_busca: string; tier: number };

export type SuggestionRow =
  | {
      id: number;
      tier: number;
      /** 0: a leading tier (exact, prefix); 1: a substring tier (word prefix, contains). */
      parte: number;
      nome: string;
      cpf: string;
      matricula: string;
      situacao: Situacao;
      aba: Aba | null;
      jornada_id: number;
      ie_id: number;
    }
  | { id: null; jornada_id: number | null };

export interface Scope {
  caller: Caller;
  journeys: JourneyFilter;
  aba: Aba | undefined;
}

/** The entries a caller may be suggested: the scope's journeys, its IEs, a tab (or any tab), minus `exclude`. */
function onEntries<Q extends SelectQueryBuilder<EntryDb, 'e', object>>(
  q: Q,
  scope: Scope,
  exclude?: RawBuilder<unknown>,
) {
  let scoped = q
    .where('e.jornada_id', '=', journeyCondition(scope.journeys) as number)
    .where((eb) => inCallerIes(eb, 'e.ie_id', scope.caller));
  scoped = scope.aba ? scoped.where('e.aba', '=', scope.aba) : scoped.where('e.aba', 'is not', null);
  if (exclude) scoped = scoped.where('e.id', '<>', sql<number>`all(${exclude})`);
  return scoped as Q;
}

/** Whether the substring tiers go through the name keys (a word-prefix and a contains tier, and a term with keys). */
export function keyedSubstring(tiers: Tier[]): boolean {
  const [wordStart, substring] = tiers.map((x) => x.nome);
  return wordStart !== undefined && substring !== undefined && hasNameKeys(substring.termo, false);
}

/**
 * The substring tiers as one list: every word-prefix match is a substring match, so the journey's
 * name keys are read once, for the substring, and each candidate is ranked word prefix (0) or
 * contains (1), then by name; entries are read in that order until the limit. Names sort bytewise
 * (collate "C"): a common surname sorts hundreds of candidates, and under a libc collation, C.UTF-8
 * included, each comparison calls strcoll (0.45 of 1.3 ms for "chaves"). Search names are lower
 * case without accents, which C.UTF-8 orders the same way. Rows: (id, tier, chave, ordem, columns).
 */
function substringPage(db: Db, scope: Scope, tiers: Tier[], limit: number, exclude?: RawBuilder<unknown>) {
  const [wordStart, substring] = tiers.map((x) => x.nome);
  if (!wordStart || !substring) throw new Error('substringPage needs a word-prefix and a contains tier');
  const candidates = sql<Candidate>`(
      select c.entrada_id, c.nome_busca, case when c.nome_busca like ${wordStart.pattern} then 0 else 1 end as tier
      from ${keyedCandidates(scope.journeys, substring)} c
      order by tier, c.nome_busca collate "C", c.entrada_id)`;
  return onEntries(
    db
      .selectFrom(candidates.as('t'))
      .innerJoin('entrada_jornada as e', 'e.id', 't.entrada_id')
      .select([
        'e.id',
        't.tier',
        't.nome_busca as chave',
        'e.estudante_id',
        'e.cpf',
        'e.matricula',
        'e.situacao',
        'e.aba',
        'e.jornada_id',
        'e.ie_id',
      ])
      .orderBy('t.tier')
      .orderBy(sql`t.nome_busca collate "C"`)
      .orderBy('t.entrada_id')
      .limit(limit) as unknown as SelectQueryBuilder<EntryDb, 'e', object>,
    scope,
    exclude,
  );
}

/** The substring tiers' statement: the page's entries are already read, only students' names are joined. */
export function substringQuery(db: Db, scope: Scope, tiers: Tier[], exclude: number[], limit: number) {
  const page = substringPage(db, scope, tiers, limit, exclude.length > 0 ? sql`${exclude}::int8[]` : undefined);
  return sql<SuggestionRow>`select
      t.id, t.tier, 1 as parte, s.nome, t.cpf, t.matricula, t.situacao, t.aba, t.jornada_id, t.ie_id
    from (${page}) t join estudante s on s.id = t.estudante_id
    order by t.tier, t.chave collate "C", t.id`;
}

/** Each leading tier its own ordered, limited branch: at most `limit` entries in its index's order. */
function leadingRows(db: Db, scope: Scope, tiers: Tier[], limit: number, exclude: number[] = []) {
  const skip = exclude.length > 0 ? sql`${exclude}::int8[]` : undefined;
  const branches = tiers.map((tier, index) => {
    // A CPF or matrícula tier walks the journey's search keys and reads each entry it finds; its
    // ties go by w.entrada_id, where those keys' indexes end (0750).
    const keys = tier.orderBy.startsWith('w.');
    const from = keys
      ? db
          .selectFrom('entrada_nome as w')
          .innerJoin('entrada_jornada as e', 'e.id', 'w.entrada_id')
          .where('w.jornada_id', '=', journeyCondition(scope.journeys) as number)
      : (db.selectFrom('entrada_jornada as e') as unknown as SelectQueryBuilder<KeyDb, 'e' | 'w', object>);
    const q = from
      .select([
        'e.id',
        sql<string>`${sql.ref(tier.orderBy)}`.as('chave'),
        sql<number>`${sql.lit(index)}::int`.as('tier'),
      ])
      .where(tier.where) as unknown as SelectQueryBuilder<EntryDb, 'e', object>;
    const tieBreak = keys ? 'w.entrada_id' : 'e.id';
    return sql`(${onEntries(q, scope, skip).orderBy(sql.ref(tier.orderBy)).orderBy(sql.ref(tieBreak)).limit(limit)})`;
  });
  // A journey given as a subquery: one more row says which journey it picked (null: none).
  const journeyRow = Array.isArray(scope.journeys)
    ? sql``
    : sql`union all select null, null, null, null, null, null, null, null, null, (${scope.journeys})::int8, null`;
  return sql`
      select e.id, t.tier, 0 as parte, t.chave, s.nome, e.cpf, e.matricula, e.situacao, e.aba, e.jornada_id, e.ie_id
      from (${sql.join(branches, sql` union all `)}) t
      join entrada_jornada e on e.id = t.id join estudante s on s.id = e.estudante_id
      ${journeyRow}`;
}

/**
 * A journey given as a subquery, picked once per statement: its CTE, and the scope that reads it.
 * Each branch, the name keys and the journey row name the journey; written in place, PostgreSQL
 * ran the subquery (an index scan and a sort of the IE's journeys) once per mention, five or six
 * InitPlans a statement.
 */
function journeyOnce(scope: Scope): { cte: RawBuilder<unknown> | null; scope: Scope } {
  if (Array.isArray(scope.journeys)) return { cte: null, scope };
  const cte = sql`jornada_escolhida as materialized (select (${scope.journeys}) as id)`;
  return { cte, scope: { ...scope, journeys: sql<number | null>`(select id from jornada_escolhida)` } };
}

/** The leading tiers' statement (exact, prefix; also the substring tiers of a term without name keys). */
export function leadingQuery(db: Db, given: Scope, tiers: Tier[], limit: number, exclude: number[] = []) {
  const { cte, scope } = journeyOnce(given);
  return sql<SuggestionRow>`${cte ? sql`with ${cte} ` : sql``}select * from (${leadingRows(db, scope, tiers, limit, exclude)}) r
    order by r.tier nulls last, r.chave, r.id`;
}

/**
 * A common word's first word-prefix entries, from a walk of its journey's names in order
 * (name-keys.ts): at most `want` entries, in the page's order. Rows: (id, chave, columns).
 */
function walkPage(db: Db, scope: Scope, wordStart: NameSearch, want: RawBuilder<number>, exclude: RawBuilder<unknown>) {
  const names = walkedNames(scope.journeys, sql<boolean>`${want} > 0 and ${commonWord(wordStart.termo)}`);
  return onEntries(
    db
      .selectFrom(names.as('w'))
      .innerJoin('entrada_jornada as e', 'e.id', 'w.entrada_id')
      .select(['e.id', 'w.nome_busca as chave', 'e.estudante_id', 'e.cpf', 'e.matricula', 'e.situacao', 'e.aba'])
      .select(['e.jornada_id', 'e.ie_id'])
      .where(sql<boolean>`w.nome_busca like ${wordStart.pattern}`)
      .orderBy(sql`w.nome_busca collate "C"`)
      .orderBy('w.entrada_id')
      .limit(want) as unknown as SelectQueryBuilder<EntryDb, 'e', object>,
    scope,
    exclude,
  );
}

/**
 * Both groups in one statement, for one journey: the substring tiers run only while the leading
 * ones found fewer than `limit` entries (a one-time filter), skip the entries those found, and
 * take the journey from the same subquery. One round trip instead of two: on the seeded bench
 * database the second statement's wake-up and executor start cost more than its index walk.
 *
 * A common word first walks its journey's names (walkPage): when the walk fills the page, its
 * entries are the page (the first word-prefix matches by name are the page's first entries, and
 * every word-prefix match ranks before any contains match); when it does not, the keys answer, as
 * for every other term.
 */
export function bothQuery(db: Db, given: Scope, leading: Tier[], substring: Tier[], limit: number) {
  const { cte, scope } = journeyOnce(given);
  const leadIds = sql`array(select id from lead where id is not null)`;
  const found = sql<number>`(select count(distinct id) from lead where id is not null)`;
  const wordStart = substring[0]?.nome;
  const walks = wordStart !== undefined && walksNames(wordStart);
  const want = sql<number>`greatest(${limit} - ${found}, 0)`;
  const walked = walks ? sql<number>`(select count(*) from walk)` : sql<number>`0`;
  const page = substringPage(db, scope, substring, limit, leadIds).where(sql<boolean>`${found} + ${walked} < ${limit}`);
  const walk = walks ? sql`, walk as materialized (${walkPage(db, scope, wordStart, want, leadIds)})` : sql``;
  const walkRows = walks
    ? sql`select w.id, 0, 1, w.chave, s.nome, w.cpf, w.matricula, w.situacao, w.aba, w.jornada_id, w.ie_id,
        1000 + row_number() over (order by w.chave collate "C", w.id)
      from walk w join estudante s on s.id = w.estudante_id
      where ${found} + ${walked} >= ${limit}
      union all`
    : sql``;
  return sql<SuggestionRow>`with ${cte ? sql`${cte}, ` : sql``}lead as materialized (${leadingRows(db, scope, leading, limit)})${walk}
    select r.id, r.tier, r.parte, r.nome, r.cpf, r.matricula, r.situacao, r.aba, r.jornada_id, r.ie_id from (
      select l.*, row_number() over (order by l.tier nulls last, l.chave, l.id) as ordem from lead l
      union all
      ${walkRows}
      select t.id, t.tier, 1, t.chave, s.nome, t.cpf, t.matricula, t.situacao, t.aba, t.jornada_id, t.ie_id,
        2000 + row_number() over (order by t.tier, t.chave collate "C", t.id)
      from (${page}) t join estudante s on s.id = t.estudante_id
    ) r
    order by r.ordem`;
}
