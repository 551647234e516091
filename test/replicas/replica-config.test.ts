import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { replicasOf } from '../../src/db/replicas.js';
import { readDb } from '../../src/http/read-db.js';
import { createTestApp } from '../helpers/app.js';

/** DATABASE_REPLICA_* parsing, and the primary path unchanged without replicas. */
test('DATABASE_REPLICA_URLS: comma-separated URLs with the lag bound and check interval', () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://app@primary/renova',
    DATABASE_REPLICA_URLS: 'postgres://app@replica1/renova, postgresql://app@replica2:5433/renova',
    DATABASE_REPLICA_MAX_LAG_MS: '2000',
  });
  assert.equal(config.database.kind, 'postgres');
  assert.deepEqual(config.database.kind === 'postgres' && config.database.replicas, {
    urls: ['postgres://app@replica1/renova', 'postgresql://app@replica2:5433/renova'],
    maxLagMs: 2000,
    checkMs: 1000,
  });
});

test('without DATABASE_REPLICA_URLS there are no replicas', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://app@primary/renova' });
  assert.equal(config.database.kind === 'postgres' && config.database.replicas, undefined);
});

test('a replica URL that is not postgres:// is refused naming the variable', () => {
  assert.throws(
    () =>
      loadConfig({ DATABASE_URL: 'postgres://app@primary/renova', DATABASE_REPLICA_URLS: 'mysql://replica/renova' }),
    (error: unknown) => error instanceof ConfigError && /DATABASE_REPLICA_URLS/.test(error.message),
  );
});

test('without replicas, readDb is the primary itself and /metrics has no replica gauges', async () => {
  const ctx = await createTestApp();
  try {
    assert.equal(replicasOf(ctx.db), undefined);
    const request = { server: ctx.app, caller: { sub: 'x' } } as unknown as Parameters<typeof readDb>[0];
    assert.equal(readDb(request), ctx.db);
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    assert.doesNotMatch(metrics.body, /renova_db_replica/);
  } finally {
    await ctx.close();
  }
});
