import { type RawBuilder, sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Embedded PGlite has no autovacuum, so nothing ever gathers planner statistics: a freshly seeded
 * or imported database is planned as if every table held a handful of rows, and a join that
 * PostgreSQL runs in 20 ms can take seconds (see complementary.repository.ts). At start the
 * service analyzes the tables that were never analyzed (reltuples < 0) or have changed much since
 * (the rule of analyzeStale), or every table right after it seeded them. Later starts find the
 * statistics in the data directory and skip this.
 */
export async function analyzeEmbedded(db: Db, everything: boolean): Promise<string[]> {
  if (everything) {
    await sql`analyze`.execute(db);
    return ['*'];
  }
  return analyzeWhere(db, sql`true`);
}

/**
 * Analyzes those of `tables` whose statistics are missing or stale, by autovacuum's own rule (more
 * rows changed since the last analyze than 50 + 10% of the table), when nothing else would: on
 * PGlite, or on a PostgreSQL running without autovacuum. A bulk statement over an IE's contracts
 * (opening a journey) planned without them takes each filter for one row and nests loops over
 * thousands: opening the demo's IE 1 took a minute instead of a tenth of a second. Where an
 * autovacuum launcher runs, the tables are left to it: an ANALYZE inside the caller's transaction
 * would hold its lock until commit. Answers the tables analyzed.
 */
export function analyzeStale(db: Db, tables: readonly string[]): Promise<string[]> {
  return analyzeWhere(
    db,
    sql`c.relname = any(${[...tables]}::text[])
      and not exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher')`,
  );
}

async function analyzeWhere(db: Db, which: RawBuilder<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r' and ${which}
      and (c.reltuples < 0 or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * c.reltuples)
    order by c.relname`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.table(name)}`.execute(db);
  return rows.map((r) => r.name);
}
