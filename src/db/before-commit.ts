import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver } from 'kysely';

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

const storage = new AsyncLocalStorage<Partial<Record<BeforeCommitSlot, BeforeCommit>>>();

/** Runs `fn` (and everything it starts) with `task` bound to its transactions' commits. */
export function runWithBeforeCommit<T>(task: BeforeCommit, fn: () => T, slot: BeforeCommitSlot = 'audit'): T {
  return storage.run({ ...storage.getStore(), [slot]: task }, fn);
}

async function runBound(connection: DatabaseConnection): Promise<void> {
  const tasks = storage.getStore();
  if (!tasks) return;
  for (const slot of SLOTS) await tasks[slot]?.(connection);
}

function wrapDriver(driver: Driver): Driver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      if (property === 'commitTransaction') {
        return async (connection: DatabaseConnection) => {
          await runBound(connection);
          return target.commitTransaction(connection);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
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
