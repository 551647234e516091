import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { prepareDataDir, processTest, renova } from './process.js';

// `renova seed` on a database that has data (issue 14, item 7).

const dir = mkdtempSync(join(tmpdir(), 'renova-cli-seed-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  LANG: 'pt_BR.UTF-8',
  LC_ALL: '',
};

test(
  'seed on a database that has data refuses with exit code 1 and changes nothing; --if-empty exits 0',
  processTest,
  async () => {
    await prepareDataDir(env.DATA_DIR, { ies: 1, students: 10 });
    const counts = async () => {
      const database = await createDatabase(loadConfig({ DATA_DIR: env.DATA_DIR }).database);
      try {
        const row = await database.db
          .selectFrom('contrato')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        const ies = await database.db
          .selectFrom('ie')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        return { contratos: Number(row.n), ies: Number(ies.n) };
      } finally {
        await database.close();
      }
    };
    assert.deepEqual(await counts(), { contratos: 10, ies: 1 });
    const again = await renova(env, 'seed', '--ies', '2', '--students', '20');
    assert.equal(again.code, 1);
    assert.match(again.stderr, /^renova: recusado: o banco já tem dados \(1 IEs\); nada foi semeado\..*--if-empty/);
    assert.deepEqual(await counts(), { contratos: 10, ies: 1 });
    const tolerated = await renova(env, 'seed', '--if-empty');
    assert.equal(tolerated.code, 0, tolerated.stderr);
    assert.match(tolerated.stdout, /nada foi semeado/);
    const english = await renova({ ...env, LANG: 'en_US.UTF-8' }, 'seed');
    assert.match(english.stderr, /^renova: refused: the database already has data/);
  },
);
