import { type Kysely, sql } from 'kysely';

/**
 * Fewer indexes for the entries every bulk write touches (issue 25). Opening a journey inserts one
 * entry per contract and an import moves one per row; an update that changes the situação cannot
 * be HOT, so each such write adds a tuple to every index of entrada_jornada. 0101's course, campus
 * and situação indexes each put the entry at a random place of a text-keyed tree. On 100,000
 * entries they cost about 1.0 s of the opening (4.7 s → 3.7 s) and 0.9 s of the import's update
 * (2.3 s → 1.4 s), rolled-back runs on the bench's scratch database.
 *
 * Their filters now read the tab's range of one index: (jornada_id, aba, nome_busca, id) carries
 * the situação, motivo, course, campus and shift, so a filtered page is an index-only walk of the
 * tab in list order (a course that is 1/20 of the tab reads ~1,000 tuples for a page of 50) and a
 * filtered count reads the tab's range (28,000 tuples, 2–4 ms, in the bench's largest journey). A
 * situação without a tab is asked with its tab (list-query.ts applyFilters).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_jornada_aba_idx on entrada_jornada (jornada_id, aba, nome_busca, id)
  include (situacao, motivo, curso_id, campus_id, turno_id);
drop index if exists entrada_tab_nome_idx;
drop index if exists entrada_jornada_curso_idx;
drop index if exists entrada_jornada_campus_idx;
drop index if exists entrada_jornada_situacao_idx;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_tab_nome_idx on entrada_jornada (jornada_id, aba, nome_busca, id);
create index if not exists entrada_jornada_curso_idx on entrada_jornada (jornada_id, curso_id, aba, nome_busca, id);
create index if not exists entrada_jornada_campus_idx on entrada_jornada (jornada_id, campus_id, aba, nome_busca, id);
create index if not exists entrada_jornada_situacao_idx on entrada_jornada (jornada_id, situacao, motivo, nome_busca, id);
drop index if exists entrada_jornada_aba_idx;
`)
    .execute(db);
}
