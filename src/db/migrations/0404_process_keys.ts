import { type Kysely, sql } from 'kysely';

/**
 * A values batch writes one request and one timeline event per accepted row, up to 100,000 in one
 * transaction, and opening a journey one event per entry; the key check of each row's processo_id
 * cost about 0.35 s per 100,000 rows and table. Every writer takes processo_id from the process
 * row it has just read in the same transaction (lifecycle/transition.ts, values/batch.repository.ts
 * through its check, operator.repository.ts, the journey-opening and window-closing statements,
 * the seed), processes are never deleted (they end with their entry's situação) and their ids
 * never change, so the keys guarded against nothing any code does. test/helpers/references.ts
 * audits every reference whose key 0003, 0402, 0403 and this migration dropped after a full
 * lifecycle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table solicitacao drop constraint if exists solicitacao_processo_id_fkey;
alter table evento_timeline drop constraint if exists evento_timeline_processo_id_fkey;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table solicitacao add constraint solicitacao_processo_id_fkey foreign key (processo_id) references processo(id);
alter table evento_timeline add constraint evento_timeline_processo_id_fkey
  foreign key (processo_id) references processo(id);
`)
    .execute(db);
}
