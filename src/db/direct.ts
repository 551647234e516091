import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import { tracingOn } from '../telemetry/tracing.js';
import { rowsAsObjects } from './array-rows.js';
import { isConnectionLoss } from './connection-loss.js';
import type { Database } from './schema.js';

/**
 * Compiled read statements sent straight to a PostgreSQL pool (#25). Through Kysely, each of a
 * tab-list request's two statements crossed its executor, its driver's connection provider, the
 * pool wrappers (guarded-pool.ts, planned.ts) and a chain of a dozen promises before pg saw it; a
 * statement already compiled (the dashboard's, statement-cache.ts) needs none of that: here a
 * client is borrowed from the pg pool, runs the statement and goes back, destroyed when it lost
 * its connection, as guarded-pool.ts does (a statement that merely failed keeps its client and
 * its prepared statements). The pool's clients carry guarded-pool.ts's error listener all the
 * same, so a dropped connection fails only the statement (503), never the process. Rows come as
 * arrays and are made objects as every other statement's (array-rows.ts).
 *
 * Only a Kysely registered here (a PostgreSQL pool's own, not a transaction, not PGlite) runs
 * this way, and only while tracing is off: with tracing on, the statement goes through Kysely,
 * whose log hook writes its span (telemetry/statements.ts).
 */
type Runner = (compiled: CompiledQuery) => Promise<unknown[]>;

const runners = new WeakMap<Kysely<Database>, Runner>();

/** Registers `pool` as where `db`'s compiled reads go directly; `name` names each statement (planned.ts) or leaves it unnamed. */
export function runDirectly(db: Kysely<Database>, pool: pg.Pool, name?: (sql: string) => string): void {
  runners.set(db, async (compiled) => {
    const config: pg.QueryArrayConfig = {
      text: compiled.sql,
      values: compiled.parameters as unknown[],
      rowMode: 'array',
      ...(name ? { name: name(compiled.sql) } : {}),
    };
    const client = await pool.connect();
    let lost = false;
    try {
      return rowsAsObjects(await client.query(config)).rows;
    } catch (error) {
      lost = isConnectionLoss(error);
      throw error;
    } finally {
      client.release(lost || undefined);
    }
  });
}

/** The rows of a compiled read statement on `db`: directly on its pool when registered, else through Kysely. */
export async function runCompiled<R>(db: Kysely<Database>, compiled: CompiledQuery<R>): Promise<R[]> {
  const run = tracingOn() ? undefined : runners.get(db);
  if (run) return (await run(compiled)) as R[];
  return (await db.executeQuery(compiled)).rows;
}
