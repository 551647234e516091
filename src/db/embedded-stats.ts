import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Embedded PGlite has no autovacuum, so nothing ever gathers planner statistics: a freshly seeded
 * or imported database is planned as if every table held a handful of rows, and a join that
 * PostgreSQL runs in 20 ms can take seconds (see complementary.repository.ts). At start the
 * service analyzes the tables that were never analyzed (reltuples < 0), or every table right
 * after it seeded them. Later starts find the statistics in the data directory and skip this.
 */
export async function analyzeEmbedded(db: Db, everything: boolean): Promise<string[]> {
  if (everything) {
    await sql`analyze`.execute(db);
    return ['*'];
  }
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and c.reltuples < 0`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.table(name)}`.execute(db);
  return rows.map((r) => r.name);
}
