import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Db } from '../../db/database.js';
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
/** A tier's row: the entry, its sort key in that tier's order, the tier. */
type Ranked = { id: number; chave: string; tier: number };
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
 * Up to `limite` (≤ 10) entries matching a term, by relevance. The exact and prefix tiers run in
 * one statement (each takes at most `limite` ids in its index's order, so it stays cheap however
 * common the prefix); the word-prefix and contains tiers follow in one more statement, only while
 * the list is not full. Each tier stays its own ordered, limited branch so the planner can choose
 * per tier. The substring tiers read the journeys' name keys (name-keys.ts, migration 0610), whose
 * posting lists hold one journey's entries each; a term too short for keys walks the journey's
 * names in order with its LIKE and stops at `limite`.
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
  // One journey known without reading (a journeyId, or one IE's current journey) goes into the
  // exact and prefix statement as a subquery, saving resolveScope's round trip when the prefixes
  // fill the list; an empty answer then tells "nothing matches" from "not the caller's journey"
  // (404) the way the lists do. The substring statement gets the ids as values: with a subquery
  // the planner cannot see how large the journey is and walks all of it for a rare substring.
  const single = singleJourney(db, caller, q);
  const resolve = async () => (await resolveScope(db, caller, q)).journeys.map((j) => j.id);
  let journeys: JourneyFilter = single ?? (await resolve());
  if ((Array.isArray(journeys) && journeys.length === 0) || tiers.length === 0) {
    if (single) await resolveScope(db, caller, q);
    return [];
  }
  const groups = [
    tiers.filter((t) => t.relevancia === 'exata' || t.relevancia === 'prefixo'),
    tiers.filter((t) => t.relevancia === 'inicio-palavra' || t.relevancia === 'contem'),
  ].filter((g) => g.length > 0);
  const out: Suggestion[] = [];
  const seen = new Set<number>();
  for (const group of groups) {
    // The substring tiers get the journeys as values: the planner then reads the name keys of a
    // known journey (with a subquery it guessed thousands of candidates and started parallel
    // workers, ~6 ms), and a tier without keys sees how large the journey it walks is.
    if (group[0]?.relevancia === 'inicio-palavra' && !Array.isArray(journeys)) {
      journeys = await resolve();
      if (journeys.length === 0) return out;
    }
    const rows = await suggestionQuery(db, caller, journeys, q.aba, group, [...seen], limite).execute();
    for (const r of rows) {
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
    if (out.length === limite) break;
  }
  if (out.length === 0 && !Array.isArray(journeys)) await resolveScope(db, caller, q);
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

function suggestionQuery(
  db: Db,
  caller: Caller,
  journeys: JourneyFilter,
  aba: Aba | undefined,
  tiers: Tier[],
  exclude: number[],
  limit: number,
) {
  // Candidates from the name keys, in name order, then their entries: the nested loop stops at the limit.
  const keyedBranch = (
    candidates: RawBuilder<{ entrada_id: number; nome_busca: string }>,
    index: number,
    count: number | Expression<number>,
  ) => {
    const ids = db
      .selectFrom(candidates.as('c'))
      .innerJoin('entrada_jornada as e', 'e.id', 'c.entrada_id')
      .select(['e.id', 'c.nome_busca as chave', sql<number>`${sql.lit(index)}::int`.as('tier')])
      .where('e.jornada_id', '=', journeyCondition(journeys) as number)
      .where((eb) => inCallerIes(eb, 'e.ie_id', caller));
    let q = aba ? ids.where('e.aba', '=', aba) : ids.where('e.aba', 'is not', null);
    if (exclude.length > 0) q = q.where('e.id', '<>', sql<number>`all(${exclude}::int8[])`);
    return q.orderBy('c.nome_busca').orderBy('c.entrada_id').limit(count);
  };
  const branch = (tier: Tier, index: number, count: number | Expression<number> = limit) => {
    if (tier.nome && Array.isArray(journeys) && hasNameKeys(tier.nome.termo, tier.nome.inicio)) {
      return keyedBranch(keyedCandidates(journeys, tier.nome), index, count);
    }
    let ids = db
      .selectFrom('entrada_jornada as e')
      .select([
        'e.id',
        sql<string>`${sql.ref(tier.orderBy)}`.as('chave'),
        sql<number>`${sql.lit(index)}::int`.as('tier'),
      ])
      .where('e.jornada_id', '=', journeyCondition(journeys) as number)
      .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
      .where(tier.where);
    ids = aba ? ids.where('e.aba', '=', aba) : ids.where('e.aba', 'is not', null);
    if (exclude.length > 0) ids = ids.where('e.id', '<>', sql<number>`all(${exclude}::int8[])`);
    return ids.orderBy(tier.orderBy).orderBy('e.id').limit(count);
  };
  const [first, ...rest] = tiers as [Tier, ...Tier[]];
  let union: SelectQueryBuilder<Database & { t: Ranked }, 't', Ranked>;
  const [wordStart, substring] = [first.nome, rest[0]?.nome];
  if (wordStart && substring && Array.isArray(journeys) && hasNameKeys(substring.termo, false)) {
    // The substring group. Every word-prefix match is a substring match, so the journey's name keys
    // are read once, for the substring (c); the word-prefix tier filters those candidates, and the
    // contains tier runs only for what the word-prefix tier left (LIMIT 0 does not start its plan),
    // without repeating its entries.
    const inC = (pattern: string) =>
      sql<{ entrada_id: number; nome_busca: string }>`(
        select c.entrada_id, c.nome_busca from c where c.nome_busca like ${pattern}
        order by c.nome_busca, c.entrada_id)`;
    const left = sql<number>`greatest(0, ${limit} - (select count(*) from t0))`;
    union = db
      .with(
        (w) => w('c').materialized(),
        () => keyedCandidates(journeys as number[], substring),
      )
      .with('t0', (w) => w.selectFrom(keyedBranch(inC(wordStart.pattern), 0, limit).as('b0')).selectAll())
      .selectFrom('t0')
      .selectAll()
      .unionAll((eb) =>
        eb
          .selectFrom(keyedBranch(inC(substring.pattern), 1, left).as('b1'))
          .selectAll()
          .where('b1.id', 'not in', eb.selectFrom('t0').select('t0.id')),
      ) as unknown as typeof union;
  } else {
    union = db.selectFrom(branch(first, 0).as('t')).selectAll() as unknown as typeof union;
    rest.forEach((tier, i) => {
      union = union.unionAll(db.selectFrom(branch(tier, i + 1).as(`t${i + 1}`)).selectAll()) as typeof union;
    });
  }
  return db
    .selectFrom(union.as('t'))
    .innerJoin('entrada_jornada as e', 'e.id', 't.id')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .select(['e.id', 't.tier', 's.nome', 'e.cpf', 'e.matricula', 'e.situacao', 'e.aba', 'e.jornada_id', 'e.ie_id'])
    .orderBy('t.tier')
    .orderBy('t.chave')
    .orderBy('t.id');
}
