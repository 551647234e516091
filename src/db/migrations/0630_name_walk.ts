import { type Kysely, sql } from 'kysely';

/**
 * A common single word walks its journey's names in order (issue 25). Its name-key candidates are
 * all real matches: "chaves", 931 entries in the bench's largest journey, read 931 rows from
 * entrada_nome's heap (595 pages) and sorted them to return 10 (1.5 ms of database CPU on a fast
 * machine, 2.5–3.1 on a slower one). Walked in order, the journey's names give the first ten
 * word-prefix matches after ~1,100 names, index only (~0.2 ms). name-keys.ts says when a word
 * walks and how far.
 *
 * The names sort bytewise (collate "C"), as the substring tiers do. The index is on entrada_nome
 * (narrow, written once per entry), not on entrada_jornada, whose entries every import updates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists entrada_nome_ordem_idx on entrada_nome (jornada_id, nome_busca collate "C", entrada_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists entrada_nome_ordem_idx`.execute(db);
}
