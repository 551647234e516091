import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { csvIds, csvLines, notFoundAsFile, PT, xlsxSheet } from '../helpers/exports.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';
import { ieWithEntries } from '../helpers/values-factories.js';

/** The journey list as a file: the JSON list's filters and order, Brazilian CSV, typed xlsx, tenancy. */
let t: TestContext;
let ie: TestIe;
let other: TestIe;
let open: TestJourney;
let closed: TestJourney;
let otherJourney: TestJourney;

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db, { nome: 'Faculdade Exporta' });
  other = await createIe(t.db, { nome: 'Faculdade Outra' });
  // 2026/2, open, with two entries (APTO, FINALIZADO): the counters the triggers keep say 2.
  const s = await ieWithEntries(t.db, ['APTO', 'FINALIZADO'], ie);
  open = {
    jornadaId: (await t.db.selectFrom('jornada').select('id').where('ie_id', '=', ie.ieId).executeTakeFirstOrThrow())
      .id,
    ano: 2026,
    semestre: 2,
  };
  assert.equal(s.entries.length, 2);
  closed = await createJourney(t.db, ie, {
    ano: 2026,
    semestre: 1,
    status: 'ENCERRADA',
    janelaInicio: '2026-01-05',
    janelaFim: '2026-03-31',
  });
  otherJourney = await createJourney(t.db, other, { ano: 2026, semestre: 2 });
  // 2026-03-01 02:30 UTC is 28/02/2026 23:30 in São Paulo (UTC-3).
  await sql`update jornada set aberta_em = '2026-03-01T02:30:00Z' where id = ${open.jornadaId}`.execute(t.db);
  await sql`update jornada set encerrada_em = '2026-04-01T12:00:00Z' where id = ${closed.jornadaId}`.execute(t.db);
});
after(() => t.close());

describe('journey list export', () => {
  test('CSV: BOM, ";", pt-BR header, newest period first, dd/mm/aaaa, only the caller\'s IE', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/s/v2/renovacao/jornadas?formato=csv',
      ies: [ie.ieId],
      headers: PT,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /filename="jornadas.csv"/);
    assert.ok(res.body.startsWith('\uFEFFJornada;IE;Nome da IE;Sigla;Tipo;'), res.body.slice(0, 60));
    const lines = csvLines(res.body);
    assert.equal(
      lines[0],
      'Jornada;IE;Nome da IE;Sigla;Tipo;Descrição do tipo;Ano;Semestre;Status;Início da janela;Fim da janela;' +
        'Aberta por;Aberta em;Encerrada em;Entradas',
    );
    assert.equal(lines.length, 3, 'two journeys of the IE, none of the other IE');
    const first = lines[1]!.split(';');
    assert.equal(first[0], String(open.jornadaId));
    assert.deepEqual(first.slice(6, 10), ['2026', '2', 'ABERTA', '01/07/2026']);
    assert.equal(first[10], '31/12/2026');
    assert.equal(first[12], '28/02/2026 23:30:00');
    assert.equal(first[13], '', 'not closed: empty');
    assert.equal(first[14], '2');
    const second = lines[2]!.split(';');
    assert.deepEqual(
      [second[0], second[8], second[9], second[13], second[14]],
      [String(closed.jornadaId), 'ENCERRADA', '05/01/2026', '01/04/2026 09:00:00', '0'],
    );
    assert.ok(!res.body.includes('Faculdade Outra'));
  });

  test('filters as the JSON list: status=ENCERRADA; Accept negotiates', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/s/v2/renovacao/jornadas?status=ENCERRADA&tamanho=1',
      ies: [ie.ieId],
      headers: { accept: 'text/csv' },
    });
    assert.equal(res.statusCode, 200);
    const lines = csvLines(res.body);
    assert.equal(lines[0]!.split(';')[0], 'Journey', 'English on Accept-Language: en');
    assert.deepEqual(csvIds(res.body), [closed.jornadaId]);
    const json = await t.call({ method: 'GET', url: '/s/v2/renovacao/jornadas?status=ENCERRADA', ies: [ie.ieId] });
    assert.deepEqual(
      json.json().itens.map((j: { id: number }) => j.id),
      [closed.jornadaId],
    );
  });

  test('xlsx: numbers, dates as dates with dd/mm/yyyy, one row per journey', async () => {
    const res = await t.call({ method: 'GET', url: '/s/v2/renovacao/jornadas?formato=xlsx', ies: [ie.ieId] });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /spreadsheetml/);
    const sheet = await xlsxSheet(res);
    assert.equal(sheet.rowCount, 3);
    const row = sheet.getRow(2);
    assert.equal(row.getCell(1).value, open.jornadaId);
    assert.equal(row.getCell(7).value, 2026);
    const start = row.getCell(10);
    assert.ok(start.value instanceof Date);
    assert.equal((start.value as Date).toISOString(), '2026-07-01T00:00:00.000Z');
    assert.equal(start.numFmt, 'dd/mm/yyyy');
    const opened = row.getCell(13);
    assert.equal((opened.value as Date).toISOString(), '2026-02-28T23:30:00.000Z'); // São Paulo wall clock
    assert.equal(opened.numFmt, 'dd/mm/yyyy hh:mm:ss');
    assert.equal(row.getCell(15).value, 2);
  });

  test("another IE's id is 404 before any byte; its journeys never appear", async () => {
    await notFoundAsFile(t, (formato) => `/s/v2/renovacao/jornadas?ieId=${other.ieId}&formato=${formato}`, [ie.ieId]);
    const theirs = await t.call({ method: 'GET', url: '/s/v2/renovacao/jornadas?formato=csv', ies: [other.ieId] });
    assert.deepEqual(csvIds(theirs.body), [otherJourney.jornadaId]);
  });
});
