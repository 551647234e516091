import type { Expression, ExpressionBuilder, RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { plannedOnce } from '../../db/planned.js';
import type { Aba, Database, Situacao } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { invalidField } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { searchForm } from '../../lib/text.js';
import {
  bothQuery,
  keyedSubstring,
  leadingQuery,
  type Scope,
  type SuggestionRow,
  substringQuery,
} from './autocomplete.repository.js';
import { cpfDigits, type JourneyFilter, severalJourneys } from './list-query.js';
import type { NameSearch } from './name-keys.js';
import { type JourneySelectionInput, resolveScope, singleJourney } from './scope.js';

export const MATCH_FIELDS = ['nome', 'cpf', 'matricula'] as const;
export const RELEVANCES = ['exata', 'prefixo', 'inicio-palavra', 'contem'] as const;
type Field = (typeof MATCH_FIELDS)[number];
type Relevance = (typeof RELEVANCES)[number];

/** The entry (e) and its search keys (w: entrada_nome, where the CPF and matrícula are indexed, migration 0750). */
export type KeyDb = Database & { e: Database['entrada_jornada']; w: Database['entrada_nome'] };
type Eb = ExpressionBuilder<KeyDb, 'e' | 'w'>;

/**
 * One relevance tier: a condition served by one index and the order that index gives. Name tiers
 * read the entry's name (e.nome_busca); CPF and matrícula tiers its search keys (w).
 */
export interface Tier {
  campo: Field;
  relevancia: Relevance;
  where: (eb: Eb) => Expression<SqlBool>;
  orderBy: 'e.nome_busca' | 'w.cpf' | 'w.matricula';
  /** Substring tiers: found through the journey's name keys (entrada_nome, migration 0610). */
  nome?: NameSearch;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
// Upper bound of a prefix range: with the LIKE recheck this lets the btree indexes serve prefixes under any collation.
const TOP = '\u{10FFFF}';

function prefix(column: 'e.nome_busca' | 'w.matricula', text: string) {
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
    tiers.push({ campo: 'cpf', relevancia: 'exata', where: (eb) => eb('w.cpf', '=', digits), orderBy: 'w.cpf' });
  }
  if (/\d/.test(raw)) {
    tiers.push({
      campo: 'matricula',
      relevancia: 'exata',
      where: (eb) => eb('w.matricula', '=', raw),
      orderBy: 'w.matricula',
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
      where: (eb) => eb.between('w.cpf', digits.padEnd(11, '0'), digits.padEnd(11, '9')),
      orderBy: 'w.cpf',
    });
  }
  if (/\d/.test(raw)) {
    tiers.push({
      campo: 'matricula',
      relevancia: 'prefixo',
      where: prefix('w.matricula', raw),
      orderBy: 'w.matricula',
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
 * limited branch, so each reads only what it returns: the exact and prefix tiers walk their btree
 * indexes; the word-prefix and contains tiers read the journeys' name keys (name-keys.ts,
 * migrations 0610 and 0620), and run only while the list is not full. A term too short for name
 * keys walks the journey's names with its LIKE.
 *
 * One journey (a journeyId, one IE's current journey, or a scope that holds one) is one statement,
 * planned once on its connection (planned.ts): the substring tiers follow the leading ones inside
 * it. Several journeys take two statements on the main pool, planned for their terms. A journey
 * known without reading goes in as a subquery, saving resolveScope's round trip; the statement
 * also answers which journey it was, so an empty answer tells "nothing matches" from "not the
 * caller's journey" (404) the way the lists do.
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
  const journeys: JourneyFilter = single ?? (await resolveScope(db, caller, q)).journeys.map((j) => j.id);
  if ((Array.isArray(journeys) && journeys.length === 0) || tiers.length === 0) {
    if (single) await resolveScope(db, caller, q);
    return [];
  }
  const leading = tiers.filter((x) => !x.nome);
  const substring = tiers.filter((x) => x.nome);
  const found = new Suggestions(limite);
  let scope: Scope = { caller, journeys, aba: q.aba };
  const many = severalJourneys(journeys);
  const executor = many ? db : plannedOnce(db);
  /** Runs a statement; its journey row, if any, says which journey the subquery picked (none: 404). */
  const run = async (statement: RawBuilder<SuggestionRow>) => {
    const rows = (await statement.execute(executor)).rows;
    for (const r of rows) {
      if (r.id !== null) continue;
      if (r.jornada_id === null) await resolveScope(db, caller, q);
      scope = { ...scope, journeys: [r.jornada_id as number] };
    }
    return rows;
  };
  if (!many && keyedSubstring(substring)) {
    found.add(await run(bothQuery(db, scope, leading, substring, limite)), (parte) =>
      parte === 1 ? substring : leading,
    );
    return found.list;
  }
  found.add(await run(leadingQuery(db, scope, leading, limite)), () => leading);
  if (substring.length > 0 && !found.full) {
    const rest = limite - found.list.length;
    const statement = keyedSubstring(substring)
      ? substringQuery(db, scope, substring, found.ids, rest)
      : leadingQuery(db, scope, substring, rest, found.ids);
    found.add(await run(statement), () => substring);
  }
  return found.list;
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

/** The list being built: rows in the order they come, each entry once, up to the limit. */
class Suggestions {
  readonly list: Suggestion[] = [];
  readonly #seen = new Set<number>();
  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.list.length === this.limit;
  }

  get ids(): number[] {
    return [...this.#seen];
  }

  /** Adds a statement's entry rows; `tiersOf(parte)` names the tiers their `tier` indexes. */
  add(rows: SuggestionRow[], tiersOf: (parte: number) => Tier[]): void {
    for (const r of rows) {
      if (r.id === null || this.#seen.has(r.id) || this.full) continue;
      this.#seen.add(r.id);
      const tier = tiersOf(r.parte)[r.tier] as Tier;
      this.list.push({
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
}
