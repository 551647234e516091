import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { guardPool } from '../../src/db/guarded-pool.js';

/** A pg pool stand-in: one client, lent again after each release, whose next query may fail. */
function fakePool() {
  const pool = new EventEmitter() as EventEmitter & { connect(): Promise<pg.PoolClient>; end(): Promise<void> };
  const releases: (boolean | undefined)[] = [];
  let fail: Error | null = null;
  const client = Object.assign(new EventEmitter(), {
    query: async () => {
      if (fail) throw fail;
      return { rows: [{ n: 1 }], command: 'SELECT', rowCount: 1 };
    },
    release: (destroy?: boolean) => {
      releases.push(destroy);
    },
  });
  pool.connect = async () => client as unknown as pg.PoolClient;
  pool.end = async () => {};
  return { pool: pool as unknown as pg.Pool, releases, failNext: (error: Error) => (fail = error) };
}

test('a client lent again keeps its connection object, so Kysely builds nothing new per statement', async () => {
  const { pool } = fakePool();
  const guarded = guardPool(pool);
  const first = await guarded.connect();
  first.release();
  const second = await guarded.connect();
  assert.equal(second, first);

  // Kysely keeps a connection per client object: statements on the one client run as before.
  const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: guardPool(pool) }) });
  for (let i = 0; i < 3; i++) assert.deepEqual((await sql<{ n: number }>`select 1 as n`.execute(db)).rows, [{ n: 1 }]);
  await db.destroy();
});

test('a client that lost its connection is destroyed on release and refuses its next statement at once', async () => {
  const { pool, releases, failNext } = fakePool();
  const guarded = guardPool(pool);
  const client = await guarded.connect();
  await (client.query as unknown as (text: string) => Promise<unknown>)('select 1');
  client.release();
  assert.deepEqual(releases, [undefined], 'a healthy client goes back to the pool');

  const lent = await guarded.connect();
  failNext(new Error('Connection terminated unexpectedly'));
  await assert.rejects(
    () => (lent.query as unknown as (text: string) => Promise<unknown>)('select 1'),
    /Connection terminated/,
  );
  // The loss is noted when the failed statement settles.
  await new Promise((resolve) => setImmediate(resolve));
  await assert.rejects(
    () => (lent.query as unknown as (text: string) => Promise<unknown>)('select 1'),
    /this connection was lost earlier/,
  );
  lent.release();
  assert.deepEqual(releases, [undefined, true], 'the broken client is destroyed, not pooled');
});
