import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Name searches through the journeys' name keys (entrada_nome and its GIN index over
 * chaves_nome(jornada_id, nome_busca), migration 0610): each key is a journey and a trigram, so a
 * search reads only its journeys' candidates, and always rechecks its LIKE (the keys are hashes).
 */

/** A substring search on nome_busca: its LIKE pattern, the term, and whether it anchors at a word start. */
export interface NameSearch {
  pattern: string;
  termo: string;
  inicio: boolean;
}

/**
 * pg_trgm makes a key of a word's padded trigrams ("  w", " wo", ...): a substring search has keys
 * when the term holds two words or a word of three letters; a word-prefix search whenever it holds
 * a word. Without keys the tier falls back to its LIKE alone.
 */
export function hasNameKeys(termo: string, inicio: boolean): boolean {
  const words = termo.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  return inicio ? words.length > 0 : words.length > 1 || (words[0]?.length ?? 0) >= 3;
}

/**
 * A substring search's candidates (entry and name), from the journeys' name keys (entrada_nome,
 * migration 0610); callers sort them before reading entries, so a common surname ("chaves", 931
 * entries in the bench's largest journey) reads 931 narrow rows and 10 entries. Each journey's
 * keys are its own (chaves_termo(journey, ...)): one journey (a value, or a subquery that picks
 * it) is compared directly, whose generic plan is the index walk (planned.ts); several go through
 * a lateral join, planned for their terms. The journey is compared as `jornada_id + 0`: the keys
 * already hold it, and a plain comparison let the planner AND the keys with the whole journey
 * from the walk's btree (migration 0630): 62,496 entries in the bench's largest journey.
 */
export function keyedCandidates(journeys: number[] | Expression<number | null>, nome: NameSearch) {
  if (!Array.isArray(journeys) || journeys.length === 1) {
    const journey = Array.isArray(journeys) ? sql`${journeys[0]}::int8` : sql`(${journeys})`;
    return sql<{ entrada_id: number; nome_busca: string }>`(
      select n.entrada_id, n.nome_busca from entrada_nome n
      where n.jornada_id + 0 = ${journey} and n.nome_busca like ${nome.pattern}
        and chaves_nome(n.jornada_id, n.nome_busca) @> chaves_termo(${journey}, ${nome.termo}, ${nome.inicio})
    )`;
  }
  return sql<{ entrada_id: number; nome_busca: string }>`(
    select c.entrada_id, c.nome_busca
    from unnest(${journeys}::int8[]) as j(id)
    cross join lateral (
      select n.entrada_id, n.nome_busca from entrada_nome n
      where n.jornada_id + 0 = j.id and n.nome_busca like ${nome.pattern}
        and chaves_nome(n.jornada_id, n.nome_busca) @> chaves_termo(j.id, ${nome.termo}, ${nome.inicio})
    ) c
  )`;
}

/**
 * How far a walk goes, and how common a word must be to walk (migration 0630). A word's keyed
 * candidates are all its journey's matches, each read from the heap and sorted: a common word
 * ("chaves", 1.5% of the bench's names) reads ~1,000 to return ten. Walking the journey's names
 * in order, index only, stops at its tenth word-prefix match: 0.13 ms of database CPU per 1,000
 * names on the bench database, against ~1 ms per 1,000 keyed candidates. A word walks when the
 * trigram sample (migration 0620, ~10,000 names) puts each of its keys in at least WALK_COMMON
 * names (0.6%): at that rate the tenth match is expected by name ~1,700, inside WALK_BOUND; a
 * walk that ends short of the page falls back to the keys, so results never depend on either
 * figure. A rarer word, or a term of several words (its keys meet in few names), pays only the
 * sample's lookup.
 */
export const WALK_BOUND = 3000;
export const WALK_COMMON = 60;

/** A word is one term with no spaces (search form): only such terms walk. */
export function walksNames(nome: NameSearch): boolean {
  return !nome.termo.includes(' ') && hasNameKeys(nome.termo, true);
}

/**
 * Whether a word is common enough to walk: each of its word-prefix keys (its trigrams but the
 * open end's, as chaves_termo makes them) is in at least WALK_COMMON names of the sample. An
 * empty sample, or a trigram it never saw, says no.
 */
export function commonWord(termo: string): Expression<boolean> {
  // A lookup per trigram (its primary key): a join was planned as a hash of the whole sample.
  return sql<boolean>`coalesce((
      select min(coalesce((select f.total from trigrama_frequencia f where f.trigrama = k.t), 0))
      from unnest(show_trgm(${termo})) k(t) where k.t not like '% '), 0) >= ${WALK_COMMON}`;
}

/**
 * One journey's first WALK_BOUND names in order (collate "C", then entry), index only
 * (entrada_nome_ordem_idx, migration 0630), while `when` holds (a one-time filter); the caller
 * filters them by its LIKE and stops at its page.
 */
export function walkedNames(journeys: number[] | Expression<number | null>, when: Expression<boolean>) {
  const journey = Array.isArray(journeys) ? sql`${journeys[0]}::int8` : sql`(${journeys})`;
  return sql<{ entrada_id: number; nome_busca: string }>`(
    select n.entrada_id, n.nome_busca from entrada_nome n
    where n.jornada_id = ${journey} and ${when}
    order by n.nome_busca collate "C", n.entrada_id
    limit ${sql.lit(WALK_BOUND)}
  )`;
}

/**
 * Samples how often each trigram occurs in the names (migration 0620), so name searches read their
 * rarest keys. The seed and the scheduled job call it; results never depend on it.
 */
export async function refreshNameKeyFrequencies(db: Kysely<Database>): Promise<void> {
  await sql`select atualizar_trigramas()`.execute(db);
}
