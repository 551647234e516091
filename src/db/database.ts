import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { type Config, type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from '../config.js';
import { statementSpans } from '../telemetry/statements.js';
import { withBeforeCommit } from './before-commit.js';
import { runDirectly } from './direct.js';
import { endPool, guardPool } from './guarded-pool.js';
import { PGliteDialect } from './pglite-dialect.js';
import { createPlannedOnce, PLANNED_CONNECTIONS } from './planned.js';
import { attachReplicas } from './replicas.js';
import type { Database } from './schema.js';
import { withSessionOptions } from './session-options.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The embedded instance, when the database is PGlite. */
  pglite?: PGlite;
  /** The service's connection pool as Kysely uses it (guarded-pool.ts), when the database is PostgreSQL: the jobs share it (jobs/runner.ts). */
  pool?: PostgresPool;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/**
 * Both drivers answer with the same JS types: int8 as number (ids and counts stay below 2^53),
 * numeric as string (exact; turned into Decimal where arithmetic happens), date as 'yyyy-mm-dd'.
 */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is beyond the JS safe integer range`);
  return n;
}
const identity = (value: string) => value;

export interface CreateOptions {
  /** PGlite only: start from this data-directory dump (a migrated template) instead of initdb. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: no statement, read or idle-in-transaction limits, for work a person starts
   * and watches (migrations, the seed, CLI commands), where a long statement is expected. The
   * connect timeout and keep-alive stay.
   */
  maintenance?: boolean;
}

/**
 * The service's sessions run without JIT compilation. A generic plan's cost estimate grows with the
 * largest journey (the autocomplete's on a journey of 195,000 entries crossed jit_above_cost on the
 * 5-million-student bench database), and PostgreSQL then compiled 191 expressions with LLVM on
 * every run: 80 ms of CPU for a statement that runs in 1. Short OLTP statements never repay it.
 * Migrations and the seed (maintenance) keep the server's default: their long statements may.
 */
const SERVICE_SESSION = '-c jit=off';

/** pg's settings for the limits of config.ts's DatabaseTimeouts (0: pg's own "none"). */
function limits(timeouts: DatabaseTimeouts, maintenance: boolean): pg.PoolConfig {
  const config: pg.PoolConfig = {
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: timeouts.keepAliveMs > 0,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
  };
  if (maintenance) return config;
  return {
    ...config,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs || undefined,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  };
}

export async function createDatabase(
  database: Config['database'],
  options: CreateOptions = {},
): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    // What both pools (this one and planned.ts's) share: the server, the type parsers, idle clients' lifetime.
    const base: pg.PoolConfig = {
      connectionString: database.url,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8) return parseInt8;
          if (oid === NUMERIC || oid === DATE) return identity;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
      // pg's default closes a client idle for 10 s: under bursty load the pool kept opening
      // backends (45 in 30 s in issue 16's bench), each starting with cold catalog and plan caches.
      // Idle clients now live 5 minutes, and a few stay open however quiet it gets; idle ones do
      // not keep a process alive (a CLI command exits when its work is done, as before).
      idleTimeoutMillis: 300_000,
      allowExitOnIdle: true,
      ...limits(database.timeouts ?? DEFAULT_DATABASE_TIMEOUTS, options.maintenance === true),
    };
    const shared = options.maintenance === true ? base : withSessionOptions(base, SERVICE_SESSION);
    const pool = new pg.Pool({
      ...shared,
      max: database.poolMax,
      // A few stay open however quiet it gets.
      min: Math.min(4, database.poolMax),
    });
    // Lost connections never end the process, idle or lent (guarded-pool.ts).
    const guarded = guardPool(pool);
    const db = new Kysely<Database>({
      dialect: withBeforeCommit(new PostgresDialect({ pool: guarded })),
      log: statementSpans('postgresql'),
    });
    // Compiled reads (the dashboard's cached statements) go straight to the pool (direct.ts).
    runDirectly(db, guarded);
    // Hot statements planned once (planned.ts): a few connections of their own.
    const planned = createPlannedOnce(db, pg.Pool, { ...shared, max: Math.min(PLANNED_CONNECTIONS, database.poolMax) });
    // Read replicas (replicas.ts), reached through replicasOf(db); nothing at all without them.
    const replicas =
      database.replicas && attachReplicas(db, { ...database.replicas, shared, poolMax: database.poolMax });
    return {
      db,
      kind: 'postgres',
      pool: guarded,
      close: async () => {
        await replicas?.close();
        await planned.close();
        await db.destroy();
        await endPool(pool);
      },
    };
  }
  const memory = database.dataDir === 'memory://';
  if (!memory) mkdirSync(database.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: memory ? undefined : database.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, btree_gin },
    parsers: { [INT8]: parseInt8, [NUMERIC]: identity, [DATE]: identity },
  });
  const db = new Kysely<Database>({
    dialect: withBeforeCommit(new PGliteDialect(pglite)),
    log: statementSpans('pglite'),
  });
  return {
    pglite,
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!memory) await pglite.exec('checkpoint');
      await pglite.close();
    },
  };
}
