import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * A GIN index takes inserts into a pending list (fastupdate) that every search of the index reads
 * whole, until the list passes gin_pending_list_limit (4 MB) or a vacuum merges it. After a bulk
 * insert up to 4 MB stays behind: 359 pages of entrada_nome's name keys on the bench databases
 * after opening a journey of 100,000 contracts, and a substring name search then read 512 buffers
 * instead of 153 (2.35 ms against 1.24 for "ana sou" in the largest journey). Merged right after
 * the bulk insert, in its transaction, that costs about 40 ms. Only where the session's role owns
 * the index (gin_clean_pending_list's own rule); elsewhere the list is left to autovacuum.
 */
export async function mergeGinPending(db: Db, index: string): Promise<void> {
  await sql`
    select gin_clean_pending_list(c.oid) from pg_class c
    where c.oid = to_regclass(${index}) and pg_has_role(c.relowner, 'USAGE')`.execute(db);
}
