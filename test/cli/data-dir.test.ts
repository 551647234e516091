import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { prepareDataDir, processTest, renova, serve } from './process.js';

// One owner per embedded data directory (issue 14, item 5). PGlite is single-process: a second
// process on the same directory used to "succeed" while its writes vanished.

const dir = mkdtempSync(join(tmpdir(), 'renova-data-dir-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = join(dir, 'data');
before(() => prepareDataDir(dataDir, { ies: 1, students: 30 }));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  LANG: 'pt_BR.UTF-8',
  LC_ALL: '',
};

async function withData<T>(fn: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await createDatabase(loadConfig({ DATA_DIR: dataDir }).database);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
const countIn = async (db: Awaited<ReturnType<typeof createDatabase>>['db'], table: 'lote' | 'ie') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

test(
  'with serve running, import goes through the service and the batch exists; seed and migrate refuse; the lock goes with serve',
  processTest,
  async () => {
    // One opening of the directory for all of it: each one costs seconds on a loaded machine.
    const { entry, lotesBefore, iesBefore } = await withData(async (db) => ({
      entry: await db
        .selectFrom('entrada_jornada as e')
        .innerJoin('jornada as j', 'j.id', 'e.jornada_id')
        .select('e.id')
        .where('j.status', '=', 'ABERTA')
        .where('e.situacao', '=', 'APTO')
        .orderBy('e.id')
        .executeTakeFirst(),
      lotesBefore: await countIn(db, 'lote'),
      iesBefore: await countIn(db, 'ie'),
    }));
    assert.ok(entry, 'the demo has an APTO entry');
    const file = join(dir, 'valores.csv');
    writeFileSync(
      file,
      'brbId;qtdParcelasCobertura;valorCtrPrestServico;percentualConcedido;valorContrato\n' +
        `${entry.id};6;9000,00;50;4500,00\n`,
    );

    const server = await serve(env, '--no-demo');
    try {
      const lock = JSON.parse(readFileSync(join(dataDir, 'renova.lock'), 'utf8'));
      assert.equal(lock.pid, server.child.pid);
      assert.equal(lock.command, 'serve');
      assert.equal(lock.url, server.url);

      const imported = await renova(env, 'import', file, '--ie', '1', '--sub', 'cli-via-http');
      assert.equal(imported.code, 0, imported.stderr);
      const lote = Number(
        /^lote (\d+): 1 aceitos, 0 com erro, 0 pendentes \(1 linhas de valores\.csv\)$/m.exec(imported.stdout)?.[1],
      );
      assert.ok(lote > 0, imported.stdout);
      assert.match(imported.stderr, /pelo serviço em http/);

      for (const command of ['seed', 'migrate']) {
        const refused = await renova(env, command);
        assert.notEqual(refused.code, 0, `${command} must fail`);
        assert.match(
          refused.stderr,
          new RegExp(`recusado: o diretório de dados .* está em uso por renova serve \\(pid ${server.child.pid}`),
        );
        assert.match(refused.stderr, /pare o serviço/);
        assert.equal(refused.stderr.trim().split('\n').length, 1, refused.stderr);
      }
    } finally {
      assert.equal(await server.stop(), 0);
    }
    assert.equal(existsSync(join(dataDir, 'renova.lock')), false, 'serve removes its lock on exit');

    // After the service stopped: the batch is on disk, sent by the CLI's user; the refused seed
    // added nothing.
    const stored = await withData(async (db) => ({
      batch: await db
        .selectFrom('lote')
        .select(['origem', 'criado_por', 'arquivo_nome'])
        .orderBy('id', 'desc')
        .executeTakeFirst(),
      lotes: await countIn(db, 'lote'),
      ies: await countIn(db, 'ie'),
    }));
    assert.deepEqual(stored, {
      batch: { origem: 'PLANILHA', criado_por: 'cli-via-http', arquivo_nome: 'valores.csv' },
      lotes: lotesBefore + 1,
      ies: iesBefore,
    });
  },
);
