import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { BoundedLru } from '../lib/bounded-lru.js';
import { statementSpans } from '../telemetry/statements.js';
import { runDirectly } from './direct.js';
import { endPool, guardPool } from './guarded-pool.js';
import type { Database } from './schema.js';
import { withSessionOptions } from './session-options.js';

/**
 * Statements planned once. PostgreSQL plans a statement every time it runs, unless it is a named
 * prepared statement whose generic plan it judges no costlier than the custom ones; for the
 * autocomplete's statements it never does (a custom plan knows the term, a generic one cannot), so
 * their planning cost 0.6–1.2 ms of database CPU on every request, as much as running them, for
 * the same walk of the same indexes.
 *
 * So a PostgreSQL database has a second, small pool for hot statements whose generic plan has been
 * checked (autocomplete.ts, on the seeded bench database): each statement is prepared by name on
 * its connection and planned once, with its generic plan (plan_cache_mode force_generic_plan), and
 * without parallel workers (a statement of a millisecond is done before they start). That setting
 * applies to every statement of a connection, named or not, hence connections of their own: the
 * service's other statements keep their custom plans. On PGlite there is no such pool.
 */
const planned = new WeakMap<Kysely<Database>, Kysely<Database>>();

/** At most this many planned-once connections beside a primary's main pool. */
export const PLANNED_CONNECTIONS = 4;

/** The Kysely whose statements are planned once, for a database: its own pool on PostgreSQL, the database itself elsewhere (PGlite, a transaction). */
export function plannedOnce(db: Kysely<Database>): Kysely<Database> {
  return planned.get(db) ?? db;
}

const SETTINGS = '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0';
const names = new BoundedLru<string>(256);

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `renova_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The planned-once Kysely beside `db`, on a pool of `config` with the settings above (at most
 * `max` connections); `db` answers it through plannedOnce. Closing it (`close`) is the caller's.
 */
export function createPlannedOnce(db: Kysely<Database>, Pool: typeof pg.Pool, config: pg.PoolConfig) {
  const pool = new Pool(withSessionOptions(config, SETTINGS));
  const guarded = guardPool(pool);
  // One naming wrapper per client (guardPool's are stable), so Kysely keeps one connection per client.
  const wrappers = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  const naming: PostgresPool = {
    async connect() {
      const client = await guarded.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((text: string, values?: unknown[]) =>
            (client.query as unknown as (config: pg.QueryConfig) => unknown)({
              name: nameOf(text),
              text,
              values,
            })) as unknown as PostgresPoolClient['query'],
          release: (destroy?: boolean) => client.release(destroy),
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => guarded.end(),
  };
  const plannedDb = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: naming }),
    log: statementSpans('postgresql'),
  });
  planned.set(db, plannedDb);
  // Its compiled reads (the dashboard's) skip Kysely's executor, named the same way (direct.ts).
  runDirectly(plannedDb, guarded, nameOf);
  return {
    db: plannedDb,
    /** Ends the pool, whether or not Kysely ever connected through it. */
    close: async () => {
      await plannedDb.destroy();
      await endPool(pool);
    },
  };
}
