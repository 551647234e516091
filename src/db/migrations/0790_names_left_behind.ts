import { type Kysely, sql } from 'kysely';

/**
 * A bulk's names are written beside its entries and commit first (migration 0780,
 * journey-lifecycle/entry-names.ts). When the database or the process dies between the two
 * commits, the names stay without their entries: nobody reads them (every reader joins the
 * entries), but they would stay for good. Each such write now records its range of entry ids here
 * in the same statement, and the opening deletes the record when it commits; a record that outlives
 * its opening points the scheduled job at the names to delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table entrada_nome_pendente (
      jornada_id int8 not null,
      primeiro int8 not null,
      ultimo int8 not null,
      criado_em timestamptz not null default now(),
      primary key (jornada_id, primeiro)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table entrada_nome_pendente`.execute(db);
}
