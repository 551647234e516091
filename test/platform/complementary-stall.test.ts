import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { seedIfEmpty } from '../../src/seed/index.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { ieWithEntries } from '../helpers/values-factories.js';

/**
 * POST /s/v1/contrato/valores/dados-complementares on tables without statistics (a fresh PGlite
 * has no autovacuum; a fresh PostgreSQL database has not been analyzed yet): the pre-filled values
 * used to be looked up by a lateral subquery the planner ran as a full scan of lote_linha per
 * entry (100 entries x 20,000 rows: tens of seconds on PGlite, every other request waiting).
 */
let t: TestContext;
before(async () => {
  t = await createTestApp();
  // The demo's shape (3 IEs, 3,000 students: 5,443 entries, 3,332 values rows), where the stall
  // was reported: the seed is only a deterministic generator of that many rows here.
  await seedIfEmpty(t.db, { ies: 3, students: 3000, seed: 42, today: '2026-08-10' });
});
after(() => t.close());

const ENTRIES = 100;
const OTHER_ROWS = 20_000;

test('answers in well under the old stall, with each contract last accepted values', async () => {
  const ie = await createIe(t.db);
  const { entries } = await ieWithEntries(t.db, Array(ENTRIES).fill('APTO'), ie);
  const first = entries[0]!;
  const second = entries[1]!;
  const { id: lote } = await t.db
    .insertInto('lote')
    .values({ origem: 'V2_ENVIAR', porta: 'padrao', criado_por: 'teste' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Rows of other entries (ids no entry has), then the rows of our first two entries: the first
  // has an older and a newer accepted row, and a later rejected one that must not count.
  await sql`
    insert into lote_linha (lote_id, linha, entrada_id, resultado, valor_contrato)
    select ${lote}, g, 10000000 + g, 'SUCESSO', 100 from generate_series(1, ${OTHER_ROWS}) g`.execute(t.db);
  const row = (linha: number, entrada: number, resultado: string, valor: number, parcelas: number) =>
    sql`insert into lote_linha (lote_id, linha, entrada_id, resultado, valor_contrato, valor_ctr_prest_servico,
          percentual_concedido, qtd_parcelas_cobertura, contrato_anual)
        values (${lote}, ${linha}, ${entrada}, ${resultado}, ${valor}, ${valor * 2}, 50, ${parcelas}, true)`.execute(
      t.db,
    );
  await row(OTHER_ROWS + 1, first.brbId, 'SUCESSO', 1000, 5);
  await row(OTHER_ROWS + 2, first.brbId, 'SUCESSO', 1234.5, 6);
  await row(OTHER_ROWS + 3, first.brbId, 'ERRO', 9999, 1);
  await row(OTHER_ROWS + 4, second.brbId, 'SUCESSO', 700, 4);

  const started = performance.now();
  const response = await t.call({
    method: 'POST',
    url: '/s/v1/contrato/valores/dados-complementares',
    ies: [ie.ieId],
    payload: {},
  });
  const elapsed = performance.now() - started;
  assert.equal(response.statusCode, 200, response.body);
  const linhas = (response.json() as { linhas: Record<string, unknown>[] }).linhas;
  assert.equal(linhas.length, ENTRIES);
  assert.deepEqual(
    linhas.map((l) => l.brbId),
    entries.map((e) => e.brbId),
  );
  assert.deepEqual(
    [linhas[0]!.valorContrato, linhas[0]!.valorCtrPrestServico, linhas[0]!.qtdParcelasCobertura],
    [1234.5, 2469, 6],
  );
  assert.equal(linhas[0]!.contratoAnual, 'S');
  assert.deepEqual([linhas[1]!.valorContrato, linhas[1]!.qtdParcelasCobertura], [700, 4]);
  assert.deepEqual([linhas[2]!.valorContrato, linhas[2]!.qtdParcelasCobertura], [null, null]);
  assert.ok(elapsed < 5000, `took ${Math.round(elapsed)} ms`);
});

test('on the demo data, {} answers IE 1 APTO students in well under a second, not 4-30 s', async () => {
  const count = await t.db
    .selectFrom('entrada_jornada')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ie_id', '=', 1)
    .where('situacao', '=', 'APTO')
    .executeTakeFirstOrThrow();
  assert.ok(count.n > 100, `the seed gave IE 1 ${count.n} APTO entries`);
  const started = performance.now();
  const response = await t.call({
    method: 'POST',
    url: '/s/v1/contrato/valores/dados-complementares',
    ies: [1],
    payload: {},
  });
  const elapsed = performance.now() - started;
  assert.equal(response.statusCode, 200, response.body);
  assert.equal((response.json() as { linhas: unknown[] }).linhas.length, count.n);
  assert.ok(elapsed < 3000, `took ${Math.round(elapsed)} ms`);
});
