import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Aba, Database, Situacao } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { invalidField } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { searchForm } from '../../lib/text.js';
import { cpfDigits, type JourneyFilter, journeyCondition } from './list-query.js';
import { type JourneySelectionInput, resolveScope, singleJourney } from './scope.js';

export const MATCH_FIELDS = ['nome', 'cpf', 'matricula'] as const;
export const RELEVANCES = ['exata', 'prefixo', 'inicio-palavra', 'contem'] as const;
type Field = (typeof MATCH_FIELDS)[number];
type Relevance = (typeof RELEVANCES)[number];

type EntryDb = Database & { e: Database['entrada_jornada'] };
type Eb = ExpressionBuilder<EntryDb, 'e'>;

/** One relevance tier: a condition served by one index and the order that index gives. */
interface Tier {
  campo: Field;
  relevancia: Relevance;
  where: (eb: Eb) => Expression<SqlBool>;
  orderBy: 'e.nome_busca' | 'e.cpf' | 'e.matricula';
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
      },
      {
        campo: 'nome',
        relevancia: 'contem',
        where: (eb) => eb('e.nome_busca', 'like', `%${like}%`),
        orderBy: 'e.nome_busca',
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
 * per tier: a substring common in the journey is found by walking the journey's names in order
 * and stopping at `limite`, a rare one through the (jornada_id, trigram) GIN index, which yields
 * only the caller's journeys' candidates (migration 0600).
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
  const branch = (tier: Tier, index: number) => {
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
    return db.selectFrom(ids.orderBy(tier.orderBy).orderBy('e.id').limit(limit).as(`t${index}`)).selectAll();
  };
  let union = branch(tiers[0] as Tier, 0);
  tiers.slice(1).forEach((tier, i) => {
    union = union.unionAll(branch(tier, i + 1));
  });
  return db
    .selectFrom(union.as('t'))
    .innerJoin('entrada_jornada as e', 'e.id', 't.id')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .select(['e.id', 't.tier', 's.nome', 'e.cpf', 'e.matricula', 'e.situacao', 'e.aba', 'e.jornada_id', 'e.ie_id'])
    .orderBy('t.tier')
    .orderBy('t.chave')
    .orderBy('t.id');
}
