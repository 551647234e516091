import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';

// `renova import`: a values sheet from disk on the embedded database, as one batch.

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'renova-cli-import-'));
after(() => rmSync(dir, { recursive: true, force: true }));
// English messages (LANG=en): this file checks the English texts; test/cli checks the Portuguese default.
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  LANG: 'en_US.UTF-8',
  LC_ALL: '',
};
const renova = (...args: string[]) => run(process.execPath, ['bin/renova.js', ...args], { env });

/** Runs `fn` on the CLI's data directory (PGlite is one process at a time: never while the CLI runs). */
async function withData<T>(fn: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await createDatabase(loadConfig({ DATA_DIR: env.DATA_DIR }).database);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

test('renova import records the sheet as one batch: good rows applied, bad rows listed by row, field and rule', async () => {
  await renova('seed', '--ies', '1', '--students', '40');
  const apto = await withData((db) =>
    db
      .selectFrom('entrada_jornada as e')
      .innerJoin('jornada as j', 'j.id', 'e.jornada_id')
      .select('e.id')
      .where('j.status', '=', 'ABERTA')
      .where('e.situacao', '=', 'APTO')
      .orderBy('e.id')
      .limit(2)
      .execute(),
  );
  assert.equal(apto.length, 2, 'the demo has APTO entries');
  const [good, bad] = apto.map((e) => e.id) as [number, number];
  const file = join(dir, 'valores.csv');
  writeFileSync(
    file,
    'brbId;qtdParcelasCobertura;valorCtrPrestServico;percentualConcedido;valorContrato\n' +
      `${good};6;9000,00;50;4500,00\n` +
      `${bad};6;9000,00;150;4500,00\n`,
  );

  const { stdout } = await renova('import', file, '--ie', '1', '--sub', 'cli-test');
  const lote = Number(/batch (\d+): 1 accepted, 1 with errors, 0 pending \(2 rows of valores\.csv\)/.exec(stdout)?.[1]);
  assert.ok(lote > 0, stdout);
  assert.match(stdout, new RegExp(`Row 3 \\(brbId ${bad}\\).*percentualConcedido`));

  const after = await withData(async (db) => ({
    batch: await db
      .selectFrom('lote')
      .select(['origem', 'criado_por', 'arquivo_nome'])
      .where('id', '=', lote)
      .executeTakeFirst(),
    situacoes: await db
      .selectFrom('entrada_jornada')
      .select(['id', 'situacao'])
      .where('id', 'in', [good, bad])
      .orderBy('id')
      .execute(),
  }));
  assert.deepEqual(after.batch, { origem: 'PLANILHA', criado_por: 'cli-test', arquivo_nome: 'valores.csv' });
  assert.deepEqual(
    after.situacoes.map((e) => [e.id, e.situacao]),
    [
      [good, 'EM_PROCESSAMENTO'],
      [bad, 'APTO'],
    ],
  );
});

test('renova import refuses a missing file, an unknown IE and a file that is not a sheet, with a message and no batch', async () => {
  await assert.rejects(renova('import', join(dir, 'nope.csv'), '--ie', '1'), (e: { stderr: string }) =>
    /no such file/.test(e.stderr),
  );
  const notSheet = join(dir, 'valores.txt');
  writeFileSync(notSheet, 'brbId\n1\n');
  await assert.rejects(renova('import', notSheet, '--ie', '1'), (e: { stderr: string }) =>
    /not a \.csv or \.xlsx file/.test(e.stderr),
  );
  await assert.rejects(renova('import', notSheet, '--ie', '999'), (e: { stderr: string }) =>
    /IE 999 does not exist/.test(e.stderr),
  );
  const headerless = join(dir, 'vazio.csv');
  writeFileSync(headerless, '');
  const before = await withData((db) =>
    db
      .selectFrom('lote')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
  await assert.rejects(renova('import', headerless, '--ie', '1'), (e: { stderr: string }) =>
    /empty|header/i.test(e.stderr),
  );
  const afterCount = await withData((db) =>
    db
      .selectFrom('lote')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
  assert.equal(Number(afterCount.n), Number(before.n), 'no batch is left behind');
});
