import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely';
import { bindScope, scopedStorage } from '../lib/scoped-storage.js';

/**
 * Work that must commit with whatever a piece of code changes: a task bound to an async context
 * (a request) that the driver runs on the transaction's own connection right before each COMMIT.
 * The audit trail uses it so every change a request commits carries its audit row in the same
 * transaction, without each service remembering to write it (modules/audit/audit.context.ts).
 * A transaction that rolls back never runs it; code outside any bound context is untouched.
 */
export type BeforeCommit = (connection: DatabaseConnection) => Promise<void>;

/**
 * Independent bindings, run in this order: the Idempotency-Key's record first (when the key is no
 * longer this request's it throws, and the transaction rolls back before anything else is written),
 * then the audit row. Binding a slot replaces only that slot (a bulk entry's audit replaces the
 * request's audit, and keeps the request's key).
 */
const SLOTS = ['idempotency', 'audit'] as const;
export type BeforeCommitSlot = (typeof SLOTS)[number];

const storage = scopedStorage<Partial<Record<BeforeCommitSlot, BeforeCommit>>>();

/**
 * Runs `fn` (and everything it starts) with `task` bound to its transactions' commits; only inside
 * a hold of the scopes (lib/scoped-storage.ts), which outlasts every commit `fn` makes.
 */
export function runWithBeforeCommit<T>(task: BeforeCommit, fn: () => T, slot: BeforeCommitSlot = 'audit'): T {
  return bindScope(storage, { ...storage.getStore(), [slot]: task }, fn);
}

async function runBound(connection: DatabaseConnection): Promise<void> {
  const tasks = storage.getStore();
  if (!tasks) return;
  for (const slot of SLOTS) await tasks[slot]?.(connection);
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/**
 * A connection whose writes outside a transaction, while an Idempotency-Key is bound, run in a
 * transaction of their own with the key's record: a service writing with one autocommit statement
 * (no transaction) gets the same guarantee as one that opens a transaction. Only the key's slot
 * runs there; the audit keeps recording such a request as before. Raw SQL (RawNode) is not
 * recognised as a write and runs as it is.
 */
function wrapConnection(connection: DatabaseConnection, open: WeakSet<object>): DatabaseConnection {
  // One wrapper per connection for its whole life: Kysely adds its query logging (the statement
  // spans) once per connection object it has not seen, by assigning `executeQuery`. A new wrapper
  // per acquisition, with that assignment landing on the real connection, stacked the logging on
  // itself until the stack overflowed. Assignments now stay on the wrapper (`overlay`).
  const known = wrappers.get(connection);
  if (known) return known;
  const overlay = new Map<PropertyKey, unknown>();
  const bound = new Map<PropertyKey, unknown>();
  const executeQuery = async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
    const key = storage.getStore()?.idempotency;
    if (!key || open.has(wrapped) || !WRITES.has(compiled.query?.kind)) return connection.executeQuery<R>(compiled);
    open.add(wrapped);
    try {
      await connection.executeQuery(CompiledQuery.raw('begin'));
      const result = await connection.executeQuery<R>(compiled);
      await key(connection);
      await connection.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      throw error;
    } finally {
      open.delete(wrapped);
    }
  };
  overlay.set('executeQuery', executeQuery);
  const wrapped: DatabaseConnection = new Proxy(connection, {
    get(target, property) {
      if (overlay.has(property)) return overlay.get(property);
      return forwarded(target, property, bound);
    },
    set(_target, property, value) {
      overlay.set(property, value);
      return true;
    },
  });
  wrappers.set(connection, wrapped);
  return wrapped;
}

const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();

/**
 * A property of `target` as the wrapper hands it out: a method bound to `target` (once per
 * property: Kysely reads the driver's and the connection's methods on every statement), any other
 * value as it is.
 */
function forwarded(target: object, property: PropertyKey, bound: Map<PropertyKey, unknown>): unknown {
  const known = bound.get(property);
  if (known !== undefined) return known;
  const value = Reflect.get(target, property, target);
  if (typeof value !== 'function') return value;
  const method = value.bind(target);
  bound.set(property, method);
  return method;
}

function wrapDriver(driver: Driver): Driver {
  // Connections inside a transaction (begun, not yet committed or rolled back).
  const open = new WeakSet<object>();
  const overrides = new Map<PropertyKey, unknown>([
    ['acquireConnection', async () => wrapConnection(await driver.acquireConnection(), open)],
    [
      'beginTransaction',
      async (connection: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]) => {
        open.add(connection);
        return driver.beginTransaction(connection, settings);
      },
    ],
    [
      'commitTransaction',
      async (connection: DatabaseConnection) => {
        // A failed commit stays open: Kysely rolls it back next.
        await runBound(connection);
        await driver.commitTransaction(connection);
        open.delete(connection);
      },
    ],
    [
      'rollbackTransaction',
      async (connection: DatabaseConnection) => {
        try {
          return await driver.rollbackTransaction(connection);
        } finally {
          open.delete(connection);
        }
      },
    ],
  ]);
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(driver, {
    get(target, property) {
      return overrides.has(property) ? overrides.get(property) : forwarded(target, property, bound);
    },
  });
}

/** The dialect with its driver's commits running the bound task first. */
export function withBeforeCommit(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => wrapDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
