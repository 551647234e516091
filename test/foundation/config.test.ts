import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

test('defaults: embedded database in ./data on port 3000', () => {
  const config = loadConfig({});
  assert.equal(config.port, 3000);
  assert.deepEqual(config.database, { kind: 'pglite', dataDir: './data' });
  assert.equal(config.basePath, '');
});

test('DATABASE_URL selects PostgreSQL; memory:// keeps no data directory', () => {
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database.kind, 'postgres');
  const memory = loadConfig({ DATA_DIR: 'memory://' });
  assert.equal(memory.dataDir, null);
});

test('production refuses to start without DATABASE_URL, and without a token key', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production' }),
    (e: Error) => e instanceof ConfigError && /DATABASE_URL/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' }),
    (e: Error) => e instanceof ConfigError && /JWT_SECRET, JWT_PUBLIC_KEY or JWKS_URL/.test(e.message),
  );
  assert.equal(
    loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 's'.repeat(32) }).env,
    'production',
  );
});

test('bad values are named in one message', () => {
  assert.throws(
    () => loadConfig({ PORT: 'eighty', BASE_PATH: 'no-slash', JWT_SECRET: 'short' }),
    (e: Error) =>
      e instanceof ConfigError && /PORT/.test(e.message) && /BASE_PATH/.test(e.message) && /JWT_SECRET/.test(e.message),
  );
  assert.throws(() => loadConfig({ JWT_PUBLIC_KEY: 'x' }), /JWT_ALGORITHM/);
});
