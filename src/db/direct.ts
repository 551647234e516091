import type { CompiledQuery, Kysely, PostgresPool } from 'kysely';
import { tracingOn } from '../telemetry/tracing.js';
import type { Database } from './schema.js';

/**
 * Compiled read statements sent straight to a PostgreSQL pool (#25). Through Kysely, each of a
 * tab-list request's two statements crossed its executor, its driver's connection provider, the
 * naming wrapper (planned.ts) and a chain of a dozen promises before pg saw it; a statement
 * already compiled (the dashboard's, statement-cache.ts) needs none of that: here a client is
 * borrowed from the guarded pool (guarded-pool.ts), runs the statement and goes back. The guarded
 * pool does what it does for every statement: rows read as arrays and made objects
 * (array-rows.ts), a client that lost its connection destroyed on release (one that merely
 * failed keeps its prepared statements), an error listener on every client, so a dropped
 * connection fails only the statement (503), never the process.
 *
 * Only a Kysely registered here (a PostgreSQL pool's own, not a transaction, not PGlite) runs
 * this way, and only while tracing is off: with tracing on, the statement goes through Kysely,
 * whose log hook writes its span (telemetry/statements.ts).
 */
type Runner = (compiled: CompiledQuery) => Promise<unknown[]>;
type ConfigClient = {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<{ rows: unknown[] }>;
  release(): void;
};

const runners = new WeakMap<Kysely<Database>, Runner>();

/** Registers `pool` (guarded-pool.ts) as where `db`'s compiled reads go directly; `name` names each statement (planned.ts) or leaves it unnamed. */
export function runDirectly(db: Kysely<Database>, pool: PostgresPool, name?: (sql: string) => string): void {
  runners.set(db, async (compiled) => {
    const values = compiled.parameters as unknown[];
    const config = name ? { text: compiled.sql, values, name: name(compiled.sql) } : { text: compiled.sql, values };
    // The guarded pool's clients are pg's, which take a query config (Kysely's type says text and values).
    const client = (await pool.connect()) as unknown as ConfigClient;
    try {
      return (await client.query(config)).rows;
    } finally {
      client.release();
    }
  });
}

/** The rows of a compiled read statement on `db`: directly on its pool when registered, else through Kysely. */
export async function runCompiled<R>(db: Kysely<Database>, compiled: CompiledQuery<R>): Promise<R[]> {
  const run = tracingOn() ? undefined : runners.get(db);
  if (run) return (await run(compiled)) as R[];
  return (await db.executeQuery(compiled)).rows;
}
