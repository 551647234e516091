import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * For big seeds: checking foreign keys and maintaining indexes row by row costs more than loading
 * the rows. Like pg_restore, drop them for the load and build them after, in the same transaction
 * (a failure rolls the drops back too), from the database's own definitions, so indexes and keys
 * added by later migrations are rebuilt as well. Foreign keys of other tables that point at the
 * loaded ones go too, since they rest on the primary keys being rebuilt.
 */
export interface SuspendedConstraints {
  restore(progress: (done: number, total: number) => void): Promise<void>;
}

interface Definition {
  tbl: string;
  name: string;
  def: string;
}

export async function suspendConstraints(
  trx: Transaction<Database>,
  tables: readonly string[],
): Promise<SuspendedConstraints> {
  const foreignKeys = (
    await sql<Definition>`
      select conrelid::regclass::text as tbl, quote_ident(conname) as name, pg_get_constraintdef(oid) as def
      from pg_constraint
      where contype = 'f' and (conrelid = any(${tables}::text[]::regclass[]) or confrelid = any(${tables}::text[]::regclass[]))
      order by 1, 2`.execute(trx)
  ).rows;
  const keys = (
    await sql<Definition>`
      select conrelid::regclass::text as tbl, quote_ident(conname) as name, pg_get_constraintdef(oid) as def
      from pg_constraint where contype in ('p', 'u') and conrelid = any(${tables}::text[]::regclass[])
      order by contype, 1, 2`.execute(trx)
  ).rows;
  const indexes = (
    await sql<Definition>`
      select i.indrelid::regclass::text as tbl, quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
        pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where i.indrelid = any(${tables}::text[]::regclass[])
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1, 2`.execute(trx)
  ).rows;
  for (const fk of foreignKeys) await sql.raw(`alter table ${fk.tbl} drop constraint ${fk.name}`).execute(trx);
  for (const key of keys) await sql.raw(`alter table ${key.tbl} drop constraint ${key.name}`).execute(trx);
  for (const index of indexes) await sql.raw(`drop index ${index.name}`).execute(trx);
  return {
    async restore(progress) {
      const total = keys.length + indexes.length + foreignKeys.length + tables.length;
      let done = 0;
      // Index builds sort, and foreign-key checks hash, in memory up to these (server memory, this transaction only).
      await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      await sql`set local work_mem = '256MB'`.execute(trx);
      for (const key of keys) {
        await sql.raw(`alter table ${key.tbl} add constraint ${key.name} ${key.def}`).execute(trx);
        progress(++done, total);
      }
      for (const index of indexes) {
        await sql.raw(index.def).execute(trx);
        progress(++done, total);
      }
      for (const fk of foreignKeys) {
        await sql.raw(`alter table ${fk.tbl} add constraint ${fk.name} ${fk.def}`).execute(trx);
        progress(++done, total);
      }
      // Fresh statistics, so the first queries on a million rows get good plans.
      for (const table of tables) {
        await sql`analyze ${sql.table(table)}`.execute(trx);
        progress(++done, total);
      }
    },
  };
}
