import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import { runCompiled } from '../../db/direct.js';
import { BoundedLru } from '../../lib/bounded-lru.js';

/** How many compiled dashboard statements each database handle remembers. */
export const STATEMENTS_MAX = 2_000;

/**
 * Compiled dashboard statements (and immutable Kysely expressions) by everything they were built
 * from (issue 16: building and compiling the same Kysely statements was the largest cost of a
 * counters or list request left in Node). A key must name every input of the build — the
 * caller's tenancy (`all`, `ies`, and `sub` when the statement reads the caller's preferences),
 * the scope and filter values, the sort and the page — and the build must read nothing else (no
 * database, no clock): the SQL and its parameters are then the ones the build would produce
 * again, tenancy conditions included, and the database still evaluates them on every run.
 * Bounded: at the limit the least recently used entry goes.
 */
const byDatabase = new WeakMap<Db, BoundedLru<unknown>>();

function remembered(db: Db): BoundedLru<unknown> {
  let entries = byDatabase.get(db);
  if (!entries) {
    entries = new BoundedLru<unknown>(STATEMENTS_MAX);
    byDatabase.set(db, entries);
  }
  return entries;
}

/** The value built for `key` (an immutable Kysely expression), building it only the first time. */
export function rememberBuilt<V extends object>(db: Db, key: readonly unknown[], build: () => V): V {
  const entries = remembered(db);
  const text = JSON.stringify(key);
  const found = entries.get(text) as V | undefined;
  if (found) return found;
  const built = build();
  entries.set(text, built);
  return built;
}

/** Runs the statement built for `key`, building and compiling it only the first time. */
export async function runCached<R>(
  db: Db,
  key: readonly unknown[],
  build: () => Compilable<R> | Promise<Compilable<R>>,
): Promise<R[]> {
  const entries = remembered(db);
  const text = JSON.stringify(key);
  let compiled = entries.get(text) as CompiledQuery<R> | undefined;
  if (!compiled) {
    compiled = (await build()).compile();
    entries.set(text, compiled);
  }
  return runCompiled(db, compiled);
}
