import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { plannedOnce } from '../../db/planned.js';
import type { Aba, Database, Situacao } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { invalidField } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { searchForm } from '../../lib/text.js';
import { cpfDigits, type JourneyFilter, journeyCondition } from './list-query.js';
import { hasNameKeys, keyedCandidates, type NameSearch } from './name-keys.js';
import { type JourneySelectionInput, resolveScope, singleJourney } from './scope.js';

export const MATCH_FIELDS = ['nome', 'cpf', 'matricula'] as const;
export const RELEVANCES = ['exata', 'prefixo', 'inicio-palavra', 'contem'] as const;
type Field = (typeof MATCH_FIELDS)[number];
type Relevance = (typeof RELEVANCES)[number];

type EntryDb = Database & { e: Database['entrada_jornada'] };
/** A name-key candidate: the entry and its search name. */
type Candidate = { entrada_id: number; nome_busca: string };
type Eb = ExpressionBuilder<EntryDb, 'e'>;

/** One relevance tier: a condition served by one index and the order that index gives. */
interface Tier {
  campo: Field;
  relevancia: Relevance;
  where: (eb: Eb) => Expression<SqlBool>;
  orderBy: 'e.nome_busca' | 'e.cpf' | 'e.matricula';
  /** Substring tiers: found through the journey's name keys (entrada_nome, migration 0610). */
  nome?: NameSearch;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
// Upper bound of a prefix range: with the LIKE recheck this lets the btree indexes serve prefixes under any collation.
const TOP = '\u{10FFFF}';

function prefix(column: 'e.nome_busca' | 'e.matricula', text: string) {
  return (eb: Eb) =>
    eb.and([eb(column, '>=', text), eb(column, '<', `${text}${TOP}`), eb(column, 'like', `${escapeLike(text)}%`)]);
}

/** The tiers that apply to a term, most relevant first: exact > prefix > word prefix > contains. */
export function tiersFor(termo: string): Tier[] {
  const raw = termo.trim();
  const nome = searchForm(raw);
  const digits = cpfDigits(raw);
  const tiers: Tier[] = [];
  if (digits?.length === 11) {
    tiers.push({ campo: 'cpf', relevancia: 'exata', where: (eb) => eb('e.cpf', '=', digits), orderBy: 'e.cpf' });
  }
  if (/\d/.test(raw)) {
    tiers.push({
      campo: 'matricula',
      relevancia: 'exata',
      where: (eb) => eb('e.matricula', '=', raw),
      orderBy: 'e.matricula',
    });
  }
  // Names hold no digits: a term with digits is a CPF or an enrolment number.
  const hasLetters = /\p{L}/u.test(nome) && !/\d/.test(nome);
  if (hasLetters) {
    tiers.push({
      campo: 'nome',
      relevancia: 'exata',
      where: (eb) => eb('e.nome_busca', '=', nome),
      orderBy: 'e.nome_busca',
    });
  }
  if (digits && digits.length < 11) {
    tiers.push({
      campo: 'cpf',
      relevancia: 'prefixo',
      where: (eb) => eb.between('e.cpf', digits.padEnd(11, '0'), digits.padEnd(11, '9')),
      orderBy: 'e.cpf',
    });
  }
  if (/\d/.test(raw)) {
    tiers.push({
      campo: 'matricula',
      relevancia: 'prefixo',
      where: prefix('e.matricula', raw),
      orderBy: 'e.matricula',
    });
  }
  if (hasLetters) {
    const like = escapeLike(nome);
    tiers.push(
      { campo: 'nome', relevancia: 'prefixo', where: prefix('e.nome_busca', nome), orderBy: 'e.nome_busca' },
      {
        campo: 'nome',
        relevancia: 'inicio-palavra',
        where: (eb) => eb('e.nome_busca', 'like', `% ${like}%`),
        orderBy: 'e.nome_busca',
        nome: { pattern: `% ${like}%`, termo: nome, inicio: true },
      },
      {
        campo: 'nome',
        relevancia: 'contem',
        where: (eb) => eb('e.nome_busca', 'like', `%${like}%`),
        orderBy: 'e.nome_busca',
        nome: { pattern: `%${like}%`, termo: nome, inicio: false },
      },
    );
  }
  return tiers;
}

export interface AutocompleteRequest extends JourneySelectionInput {
  termo: string;
  limite?: number;
  aba?: Aba;
}

/**
 * Up to `limite` (≤ 10) entries matching a term, by relevance. Each tier is its own ordered,
 * limited branch, so each reads only what it returns. The exact and prefix tiers walk their btree
 * indexes, in one statement; the word-prefix and contains tiers follow in a second statement only
 * while the list is not full, and read the journeys' name keys (name-keys.ts, migration 0610),
 * whose posting lists hold one journey's entries each. A term too short for name keys walks the
 * journey's names with its LIKE. (In one statement, planning the substring tiers cost ~1.2 ms of
 * database CPU on every request, also when the prefixes filled the list.)
 *
 * One journey known without reading (a journeyId, or one IE's current journey) goes into the first
 * statement as a subquery, saving resolveScope's round trip; that statement also answers which
 * journey it was, so an empty answer tells "nothing matches" from "not the caller's journey" (404)
 * the way the lists do, and the second statement gets the journey as a value, which the planner
 * can estimate.
 */
export async function autocomplete(db: Db, caller: Caller, q: AutocompleteRequest) {
  if (searchForm(q.termo).replace(/\s/g, '').length < 3) {
    throw invalidField(
      '/querystring/termo',
      t('digite pelo menos 3 letras ou dígitos', 'type at least 3 letters or digits'),
    );
  }
  const limite = q.limite ?? 10;
  const tiers = tiersFor(q.termo);
  const single = singleJourney(db, caller, q);
  let journeys: JourneyFilter = single ?? (await resolveScope(db, caller, q)).journeys.map((j) => j.id);
  if ((Array.isArray(journeys) && journeys.length === 0) || tiers.length === 0) {
    if (single) await resolveScope(db, caller, q);
    return [];
  }
  const out: Suggestion[] = [];
  const seen = new Set<number>();
  for (const group of [tiers.filter((x) => !x.nome), tiers.filter((x) => x.nome)]) {
    if (group.length === 0 || out.length === limite) continue;
    // One journey: the statements' generic plans are the index walks they need (planned.ts).
    const executor = Array.isArray(journeys) && journeys.length > 1 ? db : plannedOnce(db);
    const rows = (
      await suggestionQuery(db, caller, journeys, q.aba, group, [...seen], limite - out.length).execute(executor)
    ).rows;
    for (const r of rows) {
      if (r.id === null) {
        // The journey row: none means the caller's IE has no journey (404, as the lists answer).
        if (r.jornada_id === null) await resolveScope(db, caller, q);
        journeys = [r.jornada_id as number];
        continue;
      }
      if (seen.has(r.id) || out.length === limite) continue;
      seen.add(r.id);
      const tier = group[r.tier] as Tier;
      out.push({
        brbId: r.id,
        nomeEstudante: r.nome,
        cpf: r.cpf,
        matricula: r.matricula,
        situacao: r.situacao,
        aba: r.aba,
        jornadaId: r.jornada_id,
        ieId: r.ie_id,
        campo: tier.campo,
        relevancia: tier.relevancia,
      });
    }
  }
  return out;
}

interface Suggestion {
  brbId: number;
  nomeEstudante: string;
  cpf: string;
  matricula: string;
  situacao: Situacao;
  aba: Aba | null;
  jornadaId: number;
  ieId: number;
  campo: Field;
  relevancia: Relevance;
}

type SuggestionRow =
  | (Omit<Suggestion, 'brbId' | 'nomeEstudante' | 'jornadaId' | 'ieId' | 'campo' | 'relevancia'> & {
      id: number;
      tier: number;
      nome: string;
      jornada_id: number;
      ie_id: number;
    })
  | { id: null; jornada_id: number | null };

function suggestionQuery(
  db: Db,
  caller: Caller,
  journeys: JourneyFilter,
  aba: Aba | undefined,
  tiers: Tier[],
  exclude: number[],
  limit: number,
) {
  const onEntries = <Q extends SelectQueryBuilder<EntryDb, 'e', object>>(q: Q) => {
    let scoped = q
      .where('e.jornada_id', '=', journeyCondition(journeys) as number)
      .where((eb) => inCallerIes(eb, 'e.ie_id', caller));
    scoped = aba ? scoped.where('e.aba', '=', aba) : scoped.where('e.aba', 'is not', null);
    if (exclude.length > 0) scoped = scoped.where('e.id', '<>', sql<number>`all(${exclude}::int8[])`);
    return scoped as Q;
  };
  const columns = sql`e.id, t.tier, t.chave, s.nome, e.cpf, e.matricula, e.situacao, e.aba, e.jornada_id, e.ie_id`;
  const [wordStart, substring] = tiers.map((x) => x.nome);
  // The substring tiers run after the leading statement, which gave the journeys as values.
  if (wordStart && substring && Array.isArray(journeys) && hasNameKeys(substring.termo, false)) {
    // The substring tiers as one list: every word-prefix match is a substring match, so the
    // journeys' name keys are read once, for the substring, and each candidate is ranked word
    // prefix (0) or contains (1), then by name; entries are read in that order until the limit.
    // Names sort bytewise (collate "C"): a common surname sorts hundreds of candidates, and under
    // a libc collation, C.UTF-8 included, each comparison calls strcoll (0.45 of 1.3 ms for
    // "chaves"). Search names are lower case without accents, which C.UTF-8 orders the same way.
    const candidates = sql<Candidate & { tier: number }>`(
      select c.entrada_id, c.nome_busca, case when c.nome_busca like ${wordStart.pattern} then 0 else 1 end as tier
      from ${keyedCandidates(journeys, substring)} c
      order by tier, c.nome_busca collate "C", c.entrada_id)`;
    const entries = onEntries(
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
    );
    // The page's entries are already read: only the students' names are joined.
    return sql<SuggestionRow>`select
        t.id, t.tier, t.chave, s.nome, t.cpf, t.matricula, t.situacao, t.aba, t.jornada_id, t.ie_id
      from (${entries}) t join estudante s on s.id = t.estudante_id
      order by t.tier, t.chave collate "C", t.id`;
  }
  // Each tier its own ordered, limited branch: at most `limit` entries in its index's order.
  const branches = tiers.map((tier, index) => {
    const q = db
      .selectFrom('entrada_jornada as e')
      .select([
        'e.id',
        sql<string>`${sql.ref(tier.orderBy)}`.as('chave'),
        sql<number>`${sql.lit(index)}::int`.as('tier'),
      ])
      .where(tier.where);
    return sql`(${onEntries(q).orderBy(tier.orderBy).orderBy('e.id').limit(limit)})`;
  });
  const journeyRow = Array.isArray(journeys)
    ? sql``
    : sql`union all select null, null, null, null, null, null, null, null, (${journeys})::int8, null`;
  return sql<SuggestionRow>`select * from (
      select ${columns} from (${sql.join(branches, sql` union all `)}) t
      join entrada_jornada e on e.id = t.id join estudante s on s.id = e.estudante_id
      ${journeyRow}
    ) r
    order by r.tier nulls last, r.chave, r.id`;
}
