import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createOwnedDatabase } from '../../src/db/owned-database.js';
import { prepareDataDir, processTest, renova } from './process.js';

// The data directory's lock itself: stale locks and holders other than serve.

const dir = mkdtempSync(join(tmpdir(), 'renova-data-dir-lock-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = join(dir, 'data');
before(() => prepareDataDir(dataDir));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  LANG: 'pt_BR.UTF-8',
  LC_ALL: '',
};

test(
  'a lock left by a process that died is stale: the next command takes the directory over',
  processTest,
  async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const pid = Number(dead.stdout.toString());
    writeFileSync(
      join(dataDir, 'renova.lock'),
      JSON.stringify({ pid, command: 'serve', startedAt: '2026-01-01T00:00:00Z', url: 'http://127.0.0.1:9' }),
    );
    const migrated = await renova(env, 'migrate');
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.match(migrated.stdout, /o esquema já está atualizado/);
    assert.equal(existsSync(join(dataDir, 'renova.lock')), false);
  },
);

test(
  'a directory held by another command (not serve) is refused by import, and the holder is named',
  processTest,
  async () => {
    const holder = await createOwnedDatabase(loadConfig({ DATA_DIR: dataDir }).database, 'seed');
    try {
      const refused = await renova(env, 'import', join(dir, 'valores.csv'), '--ie', '1');
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, new RegExp(`em uso por renova seed \\(pid ${process.pid}\\).*espere`));
    } finally {
      await holder.close();
    }
  },
);
