import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { analyzeEmbedded } from '../../src/db/embedded-stats.js';
import { setQueryGuard } from '../../src/db/pglite-dialect.js';
import type { App } from '../../src/http/types.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';

/**
 * The embedded database's statement time limit (EMBEDDED_QUERY_TIMEOUT_MS): a statement over it
 * answers a 503 problem and rolls its transaction back. PGlite only: on PostgreSQL the same 503
 * comes from statement_timeout (SQLSTATE 57014), which PGlite ignores (proved below).
 */
const pglite = testDatabaseKind === 'pglite';
let t: TestContext;
const slow: { sql: string; ms: number }[] = [];

before(async () => {
  t = await createTestApp({}, (app: App) => {
    app.get('/probe/sleep', async () => {
      await sql`select pg_sleep(0.4)`.execute(app.db);
      return { ok: true };
    });
    app.get('/probe/quick', async () => {
      await sql`select 1`.execute(app.db);
      return { ok: true };
    });
    app.post('/probe/write-then-sleep', async () => {
      await app.db.transaction().execute(async (trx) => {
        await sql`insert into probe_guard values (1)`.execute(trx);
        await sql`select pg_sleep(0.4)`.execute(trx);
      });
      return { ok: true };
    });
  });
  await sql`create table probe_guard (n int)`.execute(t.db);
});
after(() => t.close());

test('EMBEDDED_QUERY_TIMEOUT_MS: 5000 by default, 0 turns it off', () => {
  assert.equal(loadConfig({}).embeddedQueryTimeoutMs, 5000);
  assert.equal(loadConfig({ EMBEDDED_QUERY_TIMEOUT_MS: '0' }).embeddedQueryTimeoutMs, 0);
  assert.throws(() => loadConfig({ EMBEDDED_QUERY_TIMEOUT_MS: '-1' }), /EMBEDDED_QUERY_TIMEOUT_MS/);
});

test('PGlite ignores SET statement_timeout (why the limit is enforced by the dialect)', { skip: !pglite }, async () => {
  setQueryGuard(t.database.pglite!, { queryTimeoutMs: 0 });
  await sql`set statement_timeout = 50`.execute(t.db);
  try {
    const started = performance.now();
    await sql`select pg_sleep(0.3)`.execute(t.db);
    assert.ok(performance.now() - started >= 250);
  } finally {
    await sql`set statement_timeout = 0`.execute(t.db);
  }
});

test('a statement over the limit answers 503 problem+json; the next request is served', { skip: !pglite }, async () => {
  setQueryGuard(t.database.pglite!, { queryTimeoutMs: 150, onSlowQuery: (info) => slow.push(info) });
  const response = await t.app.inject({ method: 'GET', url: '/probe/sleep', headers: { 'accept-language': 'en' } });
  assert.equal(response.statusCode, 503, response.body);
  const problem = problemOf(response);
  assert.match(problem.detail, /took too long/);
  assert.equal(slow.length, 1);
  assert.match(slow[0]!.sql, /pg_sleep/);
  assert.ok(slow[0]!.ms >= 150);
  const quick = await t.app.inject({ method: 'GET', url: '/probe/quick' });
  assert.equal(quick.statusCode, 200);
});

test('a write inside a transaction whose statement ran over the limit is rolled back', { skip: !pglite }, async () => {
  setQueryGuard(t.database.pglite!, { queryTimeoutMs: 150 });
  const response = await t.app.inject({ method: 'POST', url: '/probe/write-then-sleep' });
  assert.equal(response.statusCode, 503, response.body);
  const rows = await sql<{ n: number }>`select count(*)::int as n from probe_guard`.execute(t.db);
  assert.equal(rows.rows[0]!.n, 0);
  setQueryGuard(t.database.pglite!, { queryTimeoutMs: 0 });
  const again = await t.app.inject({ method: 'POST', url: '/probe/write-then-sleep' });
  assert.equal(again.statusCode, 200, again.body);
});

test('at start, tables never analyzed get statistics once; a later start finds none to do', async () => {
  const first = await analyzeEmbedded(t.db, false);
  if (pglite) assert.ok(first.includes('lote_linha') && first.includes('entrada_jornada'), first.join(','));
  const stats = await sql<{ n: number }>`
    select count(*)::int as n from pg_class where relname = 'lote_linha' and reltuples >= 0`.execute(t.db);
  assert.equal(stats.rows[0]!.n, 1);
  assert.deepEqual(await analyzeEmbedded(t.db, false), []);
});
