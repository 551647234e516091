import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { createOwnedDatabase } from '../../src/db/owned-database.js';
import { embeddedOnly, renova, serve } from './process.js';

// One owner per embedded data directory (issue 14, item 5). PGlite is single-process: a second
// process on the same directory used to "succeed" while its writes vanished.

const dir = mkdtempSync(join(tmpdir(), 'renova-data-dir-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = join(dir, 'data');
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
const count = (table: 'lote' | 'ie') =>
  withData(async (db) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

test('with serve running, import goes through the service and the batch exists; seed and migrate refuse; the lock goes with serve', {
  skip: embeddedOnly,
}, async () => {
  const seeded = await renova(env, 'seed', '--ies', '1', '--students', '30');
  assert.equal(seeded.code, 0, seeded.stderr);
  const [entry] = await withData((db) =>
    db
      .selectFrom('entrada_jornada as e')
      .innerJoin('jornada as j', 'j.id', 'e.jornada_id')
      .select('e.id')
      .where('j.status', '=', 'ABERTA')
      .where('e.situacao', '=', 'APTO')
      .orderBy('e.id')
      .limit(1)
      .execute(),
  );
  assert.ok(entry, 'the demo has an APTO entry');
  const lotesBefore = await count('lote');
  const iesBefore = await count('ie');
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
  const batch = await withData((db) =>
    db.selectFrom('lote').select(['origem', 'criado_por', 'arquivo_nome']).orderBy('id', 'desc').executeTakeFirst(),
  );
  assert.deepEqual(batch, { origem: 'PLANILHA', criado_por: 'cli-via-http', arquivo_nome: 'valores.csv' });
  assert.equal(await count('lote'), lotesBefore + 1);
  assert.equal(await count('ie'), iesBefore);
});

test('a lock left by a process that died is stale: the next command takes the directory over', {
  skip: embeddedOnly,
}, async () => {
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
});

test('a directory held by another command (not serve) is refused by import, and the holder is named', {
  skip: embeddedOnly,
}, async () => {
  const holder = await createOwnedDatabase(loadConfig({ DATA_DIR: dataDir }).database, 'seed');
  try {
    const refused = await renova(env, 'import', join(dir, 'valores.csv'), '--ie', '1');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, new RegExp(`em uso por renova seed \\(pid ${process.pid}\\).*espere`));
  } finally {
    await holder.close();
  }
});
