import { type Kysely, sql } from 'kysely';

/**
 * Autocomplete's and the lists' name substring searches always name their journeys, but the
 * trigram index on nome_busca alone held every journey's entries: a common trigram ("ana", "sou")
 * made the search read the candidates of all 1.8 million entries and drop the other journeys'
 * afterwards (17–26 ms of database CPU per request for "ana sou", issue 16). With btree_gin the
 * journey is a column of the same GIN index, so the index intersects the journey's posting list
 * with the trigrams' and hands over only that journey's candidates. It replaces the one-column
 * index: a multicolumn GIN index serves conditions on any subset of its columns, so a search by
 * name alone can still use it, and opening a journey or importing still maintains one GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create extension if not exists btree_gin;
create index entrada_jornada_nome_trgm_idx on entrada_jornada using gin (jornada_id, nome_busca gin_trgm_ops);
drop index if exists entrada_nome_trgm_idx;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_nome_trgm_idx on entrada_jornada using gin (nome_busca gin_trgm_ops);
drop index if exists entrada_jornada_nome_trgm_idx;
`)
    .execute(db);
}
