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
 * a lateral join, planned for their terms.
 */
export function keyedCandidates(journeys: number[] | Expression<number | null>, nome: NameSearch) {
  if (!Array.isArray(journeys) || journeys.length === 1) {
    const journey = Array.isArray(journeys) ? sql`${journeys[0]}::int8` : sql`(${journeys})`;
    return sql<{ entrada_id: number; nome_busca: string }>`(
      select n.entrada_id, n.nome_busca from entrada_nome n
      where n.jornada_id = ${journey} and n.nome_busca like ${nome.pattern}
        and chaves_nome(n.jornada_id, n.nome_busca) @> chaves_termo(${journey}, ${nome.termo}, ${nome.inicio})
    )`;
  }
  return sql<{ entrada_id: number; nome_busca: string }>`(
    select c.entrada_id, c.nome_busca
    from unnest(${journeys}::int8[]) as j(id)
    cross join lateral (
      select n.entrada_id, n.nome_busca from entrada_nome n
      where n.jornada_id = j.id and n.nome_busca like ${nome.pattern}
        and chaves_nome(n.jornada_id, n.nome_busca) @> chaves_termo(j.id, ${nome.termo}, ${nome.inicio})
    ) c
  )`;
}

/**
 * Samples how often each trigram occurs in the names (migration 0620), so name searches read their
 * rarest keys. The seed and the scheduled job call it; results never depend on it.
 */
export async function refreshNameKeyFrequencies(db: Kysely<Database>): Promise<void> {
  await sql`select atualizar_trigramas()`.execute(db);
}
