import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A test file's database; `url` names it when it is PostgreSQL, for a configuration to point at. */
export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A fresh, migrated database for one test file. On PostgreSQL it is a new database cloned from
 * the template scripts/test.js migrated (TEST_PG_TEMPLATE), dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = process.env.TEST_PGLITE_TEMPLATE;
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    const handle = await createDatabase({ kind: 'pglite', dataDir: 'memory://' }, { loadDataDir });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `renova_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const template = process.env.TEST_PG_TEMPLATE;
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Several test files run at once on one server (max_connections 100 by default): 25 each leaves
  // room, and is still more than any test's concurrent transactions.
  const handle = await createDatabase({ kind: 'postgres', url: target.toString(), poolMax: 25 });
  if (!process.env.TEST_PG_TEMPLATE) await migrateToLatest(handle.db);
  return {
    ...handle,
    url: target.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Row count of a table, for asserting that a failed request wrote nothing. */
export async function countRows(handle: DatabaseHandle, table: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int8 as n from ${sql.table(table)}`.execute(handle.db);
  return result.rows[0]?.n ?? 0;
}
