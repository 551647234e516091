import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the dashboard lists (modules/dashboard). Each list pages ids in an index-only scan
 * and joins only the page's rows, so every filter the screens offer has an index that leads with
 * jornada_id and ends in the list order (nome_busca, id); the counts of filtered lists are range
 * counts on the same indexes. The tab list without other filters uses 0001's
 * (jornada_id, aba, nome_busca, id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
-- Every tab of a journey by name (journey lists, autocomplete prefixes); the included columns let
-- shift, tab and tenancy filters run without visiting the table.
create index entrada_jornada_nome_idx on entrada_jornada (jornada_id, nome_busca, id)
  include (aba, situacao, motivo, ie_id, curso_id, campus_id, turno_id);
create index entrada_jornada_curso_idx on entrada_jornada (jornada_id, curso_id, aba, nome_busca, id);
create index entrada_jornada_campus_idx on entrada_jornada (jornada_id, campus_id, aba, nome_busca, id);
create index entrada_jornada_situacao_idx on entrada_jornada (jornada_id, situacao, motivo, nome_busca, id);
-- CPF and enrolment-number search (exact and prefix) within a journey.
create index entrada_jornada_cpf_idx on entrada_jornada (jornada_id, cpf);
create index entrada_jornada_matricula_idx on entrada_jornada (jornada_id, matricula);
-- The current journey of each IE (scope.ts).
create index jornada_ie_periodo_idx on jornada (ie_id, ano desc, semestre desc);
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
drop index if exists entrada_jornada_nome_idx;
drop index if exists entrada_jornada_curso_idx;
drop index if exists entrada_jornada_campus_idx;
drop index if exists entrada_jornada_situacao_idx;
drop index if exists entrada_jornada_cpf_idx;
drop index if exists entrada_jornada_matricula_idx;
drop index if exists jornada_ie_periodo_idx;
`)
    .execute(db);
}
