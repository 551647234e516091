import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAuth } from '../../src/http/auth.js';
import { seedIfEmpty } from '../../src/seed/index.js';
import { TEST_SECRET } from '../helpers/app.js';
import { prepareDataDir, processTest, renova, serve } from './process.js';

/** Issue 24 item 6: backups that restore, with the service answering the same counters after. */
const COUNTERS = '/s/v2/renovacao/dashboard/contadores';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'renova-backup-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const auth = await createAuth(loadConfig({ JWT_SECRET: TEST_SECRET }).jwt, null);
const token = await auth.sign!({ sub: 'backup-test', role: 'IE', ies: [1] });

async function counters(url: string): Promise<unknown> {
  const response = await fetch(`${url}${COUNTERS}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200);
  return response.json();
}

test(
  'embedded: `renova backup` while serving, `renova restore` into a fresh data dir, same counters',
  processTest,
  async () => {
    const dataDir = tempDir();
    await prepareDataDir(dataDir, { ies: 1, students: 40 });
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const file = join(tempDir(), 'renova.backup.tar.gz');
    const service = await serve(env, '--no-demo');
    let before: unknown;
    try {
      before = await counters(service.url);
      assert.ok((before as { total: number }).total > 0, 'the seed gave IE 1 entries');
      const backup = await renova(env, 'backup', file);
      assert.equal(backup.code, 0, backup.stderr);
      assert.match(backup.stdout, /(com o serviço no ar|while serving)/);
      assert.deepEqual(await counters(service.url), before, 'the service kept serving');
    } finally {
      assert.equal(await service.stop(), 0);
    }

    const refused = await renova(env, 'restore', file);
    assert.notEqual(refused.code, 0, 'a data dir that holds a database is not overwritten');
    assert.match(refused.stderr, /(já tem um banco|already holds a database)/);

    const fresh = join(tempDir(), 'data');
    const freshEnv = { ...env, DATA_DIR: fresh };
    const restore = await renova(freshEnv, 'restore', file);
    assert.equal(restore.code, 0, restore.stderr);
    const restored = await serve(freshEnv, '--no-demo');
    try {
      assert.deepEqual(await counters(restored.url), before);
    } finally {
      await restored.stop();
    }
  },
);

const PG_URL = process.env.TEST_DATABASE_URL;
const PG_BIN = '/usr/lib/postgresql/15/bin';

test('PostgreSQL: pg_dump -Fc, pg_restore into a fresh database, same counters', {
  skip: PG_URL ? false : 'needs TEST_DATABASE_URL',
}, async () => {
  const run = promisify(execFile);
  const name = `renova_backup_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const urlOf = (db: string) => Object.assign(new URL(PG_URL!), { pathname: `/${db}` }).toString();
  const config = loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '0' });
  const countersOn = async (db: string) => {
    const database = await createDatabase({ kind: 'postgres', url: urlOf(db), poolMax: 2 });
    const app = await buildApp({ config, db: database.db, auth });
    try {
      const response = await app.inject({
        method: 'GET',
        url: COUNTERS,
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    } finally {
      await app.close();
      await database.close();
    }
  };
  try {
    await admin.query(`create database ${name}`);
    const source = await createDatabase({ kind: 'postgres', url: urlOf(name), poolMax: 2 });
    await migrateToLatest(source.db);
    await seedIfEmpty(source.db, { ies: 1, students: 40, seed: 42 });
    await source.close();
    const before = await countersOn(name);
    assert.ok((before as { total: number }).total > 0, 'the seed gave IE 1 entries');
    const file = join(tempDir(), 'renova.dump');
    // The documented procedure (docs/deployment.md, "Backups").
    await run(join(PG_BIN, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, urlOf(name)]);
    await admin.query(`create database ${name}_restored`);
    await run(join(PG_BIN, 'pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${urlOf(`${name}_restored`)}`,
      file,
    ]);
    assert.deepEqual(await countersOn(`${name}_restored`), before);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop database if exists ${name}_restored with (force)`);
    await admin.end();
  }
});
