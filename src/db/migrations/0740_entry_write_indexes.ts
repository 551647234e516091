import { type Kysely, sql } from 'kysely';

/**
 * Fewer indexes for the entries every bulk write touches (issue 25). Opening a journey inserts one
 * entry per contract and an import moves one per row; an update that changes the situação cannot
 * be HOT, so each such write adds a tuple to every index of entrada_jornada. 0101's campus and
 * situação indexes each put the entry at a random place of a text-keyed tree: on 100,000 entries
 * they cost about 0.5 s of the opening (4.0 s → 3.5 s) and 0.5 s of the import's update
 * (2.0 s → 1.5 s), rolled-back runs on the bench's scratch database.
 *
 * Their filters now read the tab's range of one index: (jornada_id, aba, nome_busca, id) carries
 * the situação, motivo, campus and shift, so a filtered page is an index-only walk of the tab in
 * list order and a filtered count reads the tab's range (28,000 tuples, about 3 ms, in the
 * bench's largest journey). A situação without a tab is asked with its tab (list-query.ts
 * applyFilters). The course index stays: a course is the filter the IE's staff use most (the
 * bench's tab list), and its count reads the course's range (1.4 ms instead of 3.1 ms for the
 * bench's largest course). A narrow (jornada_id, curso_id, aba) index would have cost less to
 * write, but the planner then read it for ordered pages too and sorted them (26 ms for page 100).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_jornada_aba_idx on entrada_jornada (jornada_id, aba, nome_busca, id)
  include (situacao, motivo, campus_id, turno_id);
drop index if exists entrada_tab_nome_idx;
drop index if exists entrada_jornada_campus_idx;
drop index if exists entrada_jornada_situacao_idx;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_tab_nome_idx on entrada_jornada (jornada_id, aba, nome_busca, id);
create index if not exists entrada_jornada_campus_idx on entrada_jornada (jornada_id, campus_id, aba, nome_busca, id);
create index if not exists entrada_jornada_situacao_idx on entrada_jornada (jornada_id, situacao, motivo, nome_busca, id);
drop index if exists entrada_jornada_aba_idx;
`)
    .execute(db);
}
