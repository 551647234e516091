import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { guardPool } from './guarded-pool.js';
import { createPlannedOnce } from './planned.js';
import type { Database } from './schema.js';
import { withSessionOptions } from './session-options.js';

/**
 * Read replicas (DATABASE_REPLICA_URLS): streaming standbys that serve the reads that tolerate a
 * little staleness (dashboard lists, counters, autocomplete, exports, reference lists, audit,
 * batch reports). A background check every `checkMs` compares each standby's replayed WAL with
 * the primary's current WAL position; a standby behind it counts as lagging by the age of its last
 * replayed transaction. One lagging more than `maxLagMs`, unreachable, or no longer a standby is
 * left out until a later check finds it well again; with none in, reads go to the primary.
 *
 * Why not kysely-replication (maintained, Node ≥ 20): it sends every SELECT of one Kysely to a
 * replica and every raw `sql` query to the primary, whereas here the route decides (a service's
 * read before its write must see the primary), most dashboard statements are raw `sql`, and its
 * strategy cannot fall back to the primary when every replica is out.
 */
export interface ReplicaState {
  /** host:port/database, no credentials: the metrics' label. */
  name: string;
  in: boolean;
  /** Last measured lag in ms (null before the first check or while unreachable). */
  lagMs: number | null;
  /** Why it is out: unreachable, lagging, not a standby. */
  reason: string | null;
  reads: number;
}

export interface ReplicaSet {
  /** A replica's Kysely for a stale-tolerant read, round robin over those in; null when none is. */
  pick(): Kysely<Database> | null;
  states(): ReplicaState[];
  /** Runs one check now (tests; the timer runs them every checkMs). */
  check(): Promise<void>;
  /** The database for a stale-tolerant read by `who`: the primary within freshForMs of their last write. */
  readFor(who: string | undefined): Kysely<Database> | null;
  /** Remembers that `who` writes (at the start and the end of each write request). */
  noteWrite(who: string): void;
  /** After a write: this long, the writer's reads go to the primary (read-your-writes). */
  readonly freshForMs: number;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  urls: string[];
  maxLagMs: number;
  checkMs: number;
  /** The primary's pool settings (type parsers, timeouts) the replicas' pools share. */
  shared: pg.PoolConfig;
  poolMax: number;
}

const sets = new WeakMap<Kysely<Database>, ReplicaSet>();

/** The replicas attached to a primary database, if any: O(1), nothing when none are configured. */
export function replicasOf(db: Kysely<Database>): ReplicaSet | undefined {
  return sets.get(db);
}

function labelOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/** 'X/Y' (hex halves) as one number. */
function lsn(value: string): bigint {
  const [high, low] = value.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

interface Replica {
  state: ReplicaState;
  db: Kysely<Database>;
  planned: { db: Kysely<Database>; close(): Promise<void> };
}

export function attachReplicas(primary: Kysely<Database>, options: ReplicaOptions): ReplicaSet {
  const replicas: Replica[] = options.urls.map((url) => {
    // The replica URL's own options join the primary's session options (jit off), none lost.
    const pool = new pg.Pool({
      ...withSessionOptions({ ...options.shared, connectionString: url }, ''),
      max: options.poolMax,
      min: 0,
      application_name: 'renova-replica-read',
      connectionTimeoutMillis: 3000,
    });
    // Like the primary's: a lost connection never ends the process (guarded-pool.ts).
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardPool(pool) }) });
    const planned = createPlannedOnce(db, pg.Pool, {
      ...options.shared,
      connectionString: url,
      max: Math.min(2, options.poolMax),
    });
    return { db, planned, state: { name: labelOf(url), in: false, lagMs: null, reason: 'not checked yet', reads: 0 } };
  });
  let next = 0;
  /** Caller → when they last wrote; entries older than freshForMs are swept as it grows. */
  const writes = new Map<string, number>();
  const freshForMs = options.maxLagMs + 2 * options.checkMs;
  let checking: Promise<void> | null = null;

  async function checkOne(replica: Replica, primaryLsn: bigint | null): Promise<void> {
    const { state } = replica;
    try {
      const { rows } = await sql<{ standby: boolean; replayed: string | null; since: number | null }>`
        select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
          (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since`.execute(
        replica.db,
      );
      const row = rows[0]!;
      if (!row.standby || row.replayed === null) {
        Object.assign(state, { in: false, lagMs: null, reason: 'not a standby (promoted?)' });
        return;
      }
      // Caught up with where the primary was just before: no lag, however old its last transaction.
      const lagMs =
        primaryLsn !== null && lsn(row.replayed) >= primaryLsn ? 0 : Math.max(0, Math.round(row.since ?? 0));
      const lagging = lagMs > options.maxLagMs;
      Object.assign(state, { in: !lagging, lagMs, reason: lagging ? `lagging ${lagMs} ms` : null });
    } catch (error) {
      Object.assign(state, { in: false, lagMs: null, reason: `unreachable: ${(error as Error).message}` });
    }
  }

  async function check(): Promise<void> {
    checking ??= (async () => {
      const primaryLsn = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`
        .execute(primary)
        .then(({ rows }) => lsn(rows[0]!.lsn))
        .catch(() => null);
      await Promise.all(replicas.map((replica) => checkOne(replica, primaryLsn)));
    })().finally(() => {
      checking = null;
    });
    return checking;
  }

  const timer = setInterval(() => void check(), options.checkMs);
  timer.unref();
  void check();

  const set: ReplicaSet = {
    freshForMs,
    readFor(who) {
      if (who !== undefined) {
        const wrote = writes.get(who);
        if (wrote !== undefined && Date.now() - wrote < freshForMs) return null;
      }
      return set.pick();
    },
    noteWrite(who) {
      const now = Date.now();
      if (writes.size >= 10_000) for (const [key, at] of writes) if (now - at >= freshForMs) writes.delete(key);
      writes.delete(who); // re-inserted last: the map stays ordered by time
      writes.set(who, now);
    },
    pick() {
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(next + i) % replicas.length]!;
        if (replica.state.in) {
          next = (next + i + 1) % replicas.length;
          replica.state.reads++;
          return replica.db;
        }
      }
      return null;
    },
    states: () => replicas.map((r) => ({ ...r.state })),
    check,
    async close() {
      clearInterval(timer);
      await checking?.catch(() => {});
      await Promise.all(replicas.flatMap((r) => [r.planned.close(), r.db.destroy()]));
    },
  };
  sets.set(primary, set);
  return set;
}
