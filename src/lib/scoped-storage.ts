import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * AsyncLocalStorage instances enabled only while some work binds them (#25).
 *
 * On Node 20 and 22 an enabled AsyncLocalStorage makes async_hooks call an init hook for every
 * promise the process creates, whoever creates it; AsyncContextFrame (Node 24's default) has no such
 * hook. The audit and the Idempotency-Key bind their stores for writes only, yet once a process had
 * served one write, every later read paid the hook: 1.05–1.12× the tab list's service CPU
 * (`bench/ab.ts`, a write to one side first, docs/benchmarks.md, sessions 21 and 31).
 *
 * Work that binds a store holds the storages first (holdScopes) and lets go once it is over; when
 * nothing holds them, every storage made here is disabled, and with the last one Node drops the
 * hook. The next holder's `run` enables them again. A store read with no holder is undefined, so
 * nothing may bind outside a hold (bindScope refuses to).
 */
const storages: AsyncLocalStorage<unknown>[] = [];
let holders = 0;

/** An AsyncLocalStorage whose stores are bound only inside a hold (bindScope). */
export function scopedStorage<T>(): AsyncLocalStorage<T> {
  const storage = new AsyncLocalStorage<T>();
  storages.push(storage as AsyncLocalStorage<unknown>);
  return storage;
}

/** Marks work that binds stores as under way; the function returned ends it (again: nothing). */
export function holdScopes(): () => void {
  holders += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holders -= 1;
    if (holders === 0) for (const storage of storages) storage.disable();
  };
}

/** Runs `fn` with `store` bound in `storage`; only inside a hold, or the store would outlive it. */
export function bindScope<T, R>(storage: AsyncLocalStorage<T>, store: T, fn: () => R): R {
  if (holders === 0) throw new Error('bindScope outside holdScopes: the store would be dropped with the next release');
  return storage.run(store, fn);
}

/** Runs async `work` inside a hold of its own. */
export async function withScopes<R>(work: () => Promise<R>): Promise<R> {
  const release = holdScopes();
  try {
    return await work();
  } finally {
    release();
  }
}

/** Whether some work holds the scopes (while none does, every storage made here is disabled). */
export function scopesHeld(): boolean {
  return holders > 0;
}
