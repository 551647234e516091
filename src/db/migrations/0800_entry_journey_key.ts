import { type Kysely, sql } from 'kysely';

/**
 * The last key checked once per row when a journey opens (#25): entrada_jornada.jornada_id →
 * jornada. Each of the opening's 100,000 entries probed jornada's primary key and took a key-share
 * lock on the same journey row, 0.50–0.65 s of a 4.5–5 s opening on the bench's machines
 * (`auto_explain` with triggers, session 30). Every other key of the opening's three tables went
 * in 0003, 0402 and 0404 for the same reason.
 *
 * What the key guarded, the writers keep by construction: an entry is inserted only by the
 * opening's statement (eligible-entries.ts), with the id of the journey it has just created or
 * read in the same transaction, and by the seed, after its journeys; no code updates an entry's
 * jornada_id, and journeys are never deleted (they end by status, ENCERRADA). test/helpers/references.ts
 * audits the reference after real work, as it does the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table entrada_jornada drop constraint if exists entrada_jornada_jornada_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table entrada_jornada add constraint entrada_jornada_jornada_id_fkey
      foreign key (jornada_id) references jornada(id)`.execute(db);
}
