import { type Kysely, sql } from 'kysely';

/**
 * Sending values writes one request (solicitacao) per accepted row, up to 100,000 in one batch,
 * and each row paid three key checks. Two of them guard copies: a request's entrada_id and ie_id
 * are its process's (processo.entrada_id, processo.ie_id), and every writer (lifecycle/transition.ts,
 * values/batch.repository.ts, the seed) takes all three from the same process row. The key that
 * guards the reference, solicitacao.processo_id → processo, stays, as 0003 and 0402 did for the
 * other denormalized copies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table solicitacao drop constraint if exists solicitacao_entrada_id_fkey;
alter table solicitacao drop constraint if exists solicitacao_ie_id_fkey;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table solicitacao add constraint solicitacao_entrada_id_fkey foreign key (entrada_id) references entrada_jornada(id);
alter table solicitacao add constraint solicitacao_ie_id_fkey foreign key (ie_id) references ie(id);
`)
    .execute(db);
}
