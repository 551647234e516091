import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect for PGlite. PGlite is one Postgres session, so the driver hands out its single
 * connection to one holder at a time, from acquire to release: a transaction owns the session
 * until it commits or rolls back, and every other query waits its turn. Without this, statements of
 * two concurrent transactions interleave inside one session and a rollback undoes the other's work
 * (or a commit keeps what should have been rolled back).
 */
export interface PGliteDialectOptions {
  /**
   * A statement that ran longer than this fails with SQLSTATE 57014 (as PostgreSQL's
   * statement_timeout does), so its request answers 503 and its transaction rolls back. 0: no limit.
   */
  queryTimeoutMs?: number;
  /** Told about every statement over the limit (the service logs it). */
  onSlowQuery?: (info: { sql: string; ms: number }) => void;
}

/**
 * Why not `SET statement_timeout`: PGlite accepts it and never fires it. Its timers are JS
 * timeouts, and a PGlite statement runs synchronously on the JS thread, so no timer (nor any other
 * request) runs until the statement ends. The limit is therefore checked when the statement
 * returns: it cannot cut a statement short, but the slow answer becomes a clear 503 (with the
 * statement logged) instead of a request that looks merely slow, and a write inside a transaction
 * is rolled back with it. A statement outside a transaction that wrote is already committed: it is
 * only reported.
 */
export class QueryTimeoutError extends Error {
  override name = 'QueryTimeoutError';
  readonly code = '57014';
  constructor(
    readonly ms: number,
    readonly limitMs: number,
  ) {
    super(`embedded database statement ran ${Math.round(ms)} ms, over the ${limitMs} ms limit`);
  }
}

/** The limit per PGlite instance: off until set. The service sets it once migrated and seeded (a seed's bulk statements may legitimately run long). */
const guards = new WeakMap<PGlite, PGliteDialectOptions>();

export function setQueryGuard(pglite: PGlite, options: PGliteDialectOptions): void {
  guards.set(pglite, options);
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #tail: Promise<void> = Promise.resolve();

  constructor(pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  /** Waits until every earlier holder has released the session, then holds it. */
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    await previous;
    this.#connection.release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#connection.release;
    this.#connection.release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery({ sql: `begin${isolation}`, parameters: [], query: undefined } as never);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'commit', parameters: [], query: undefined } as never);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'rollback', parameters: [], query: undefined } as never);
  }

  async destroy(): Promise<void> {
    // The PGlite instance belongs to whoever created it (see createDatabase), which closes it.
  }
}

/** A statement that only reads (failing it after the fact loses nothing). */
const READ_ONLY = /^\s*(select|explain|show)\b/i;

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const guard = guards.get(this.pglite);
    const limit = guard?.queryTimeoutMs ?? 0;
    if (limit <= 0) return this.run(compiled);
    const started = performance.now();
    const result = await this.run<R>(compiled);
    const ms = performance.now() - started;
    if (ms > limit) {
      guard?.onSlowQuery?.({ sql: compiled.sql.slice(0, 500), ms: Math.round(ms) });
      if (this.pglite.isInTransaction() || READ_ONLY.test(compiled.sql)) throw new QueryTimeoutError(ms, limit);
    }
    return result;
  }

  private async run<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters the simple protocol runs the text as is, which allows several statements
    // (migrations); the last statement's result is the answer, as with `pg`.
    const result =
      compiled.parameters.length === 0
        ? ((await this.pglite.exec(compiled.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: 'object' });
    const affected = result.affectedRows;
    return {
      rows: result.rows as R[],
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite cannot stream; Kysely's stream() fails clearly here.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries; page with limit/offset instead.');
  }
}
