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

const storage = new AsyncLocalStorage<BeforeCommit>();

/** Runs `fn` (and everything it starts) with `task` bound to its transactions' commits. */
export function runWithBeforeCommit<T>(task: BeforeCommit, fn: () => T): T {
  return storage.run(task, fn);
}

function wrapDriver(driver: Driver): Driver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      if (property === 'commitTransaction') {
        return async (connection: DatabaseConnection) => {
          const task = storage.getStore();
          if (task) await task(connection);
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
