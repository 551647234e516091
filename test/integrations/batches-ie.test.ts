import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { csvIds, csvLines, notFoundAsFile, PT, xlsxColumn, xlsxSheet } from '../helpers/exports.js';
import type { TestIe } from '../helpers/factories.js';
import { ieWithEntries, valuesItem } from '../helpers/values-factories.js';

/** The IE's own batches: list, one batch with its rows, the error rows as a sheet; tenancy. */
let t: TestContext;
let mine: TestIe;
let other: TestIe;
let myBatch: number;
let otherBatch: number;
let good: number;
let bad: number;

const V3 = '/s/v3/mais-acoes/enviar-valores';

before(async () => {
  t = await createTestApp();
  const a = await ieWithEntries(t.db, ['APTO', 'APTO']);
  mine = a.ie;
  [good, bad] = a.entries.map((e) => e.brbId) as [number, number];
  const b = await ieWithEntries(t.db, ['APTO']);
  other = b.ie;
  const sent = await t.call({
    method: 'POST',
    url: V3,
    ies: [mine.ieId],
    payload: { valores: [valuesItem(good), valuesItem(bad, { percentualConcedido: 120, valorContrato: 10800 })] },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  myBatch = sent.json().lote;
  const sentOther = await t.call({
    method: 'POST',
    url: V3,
    ies: [other.ieId],
    payload: { valores: [valuesItem(b.entries[0]!.brbId)] },
  });
  otherBatch = sentOther.json().lote;
});
after(() => t.close());

describe('GET /s/lotes', () => {
  test("lists the caller's batches only, with counts, sender and source", async () => {
    const res = await t.call({ method: 'GET', url: '/s/lotes', ies: [mine.ieId] });
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json();
    assert.deepEqual(
      page.itens.map((b: { loteId: number }) => b.loteId),
      [myBatch],
    );
    const [batch] = page.itens;
    assert.equal(batch.fonte, 'ENVIO_UNICO');
    assert.equal(batch.status, 'EM_PROCESSAMENTO');
    assert.deepEqual(batch.contagens, { total: 2, sucesso: 1, erro: 1, pendente: 0, aceitas: 0, recusadas: 0 });
    assert.equal(batch.enviadoPor.sub, `user-${mine.ieId}`);
    assert.deepEqual(batch.ies, [mine.ieId]);
  });

  test('filters: status, fonte; an IE system (role API) sends batches of source API', async () => {
    const processed = await t.call({ method: 'GET', url: '/s/lotes?status=PROCESSADO', ies: [mine.ieId] });
    assert.equal(processed.json().total, 0);
    const planilha = await t.call({ method: 'GET', url: '/s/lotes?fonte=PLANILHA', ies: [mine.ieId] });
    assert.equal(planilha.json().total, 0);
    const operator = await t.call({ method: 'GET', url: '/s/lotes?tamanho=100', role: 'OPERADOR' });
    const ids = operator.json().itens.map((b: { loteId: number }) => b.loteId);
    assert.ok(ids.includes(myBatch) && ids.includes(otherBatch));
  });

  test('export: CSV of the same list', async () => {
    const res = await t.call({ method: 'GET', url: '/s/lotes?formato=csv', ies: [mine.ieId] });
    assert.equal(res.statusCode, 200);
    const lines = csvLines(res.body);
    assert.equal(lines.length, 2);
    assert.equal(lines[1]!.split(';')[0], String(myBatch));
  });
});

describe('GET /s/lotes/{loteId}', () => {
  test('the batch with its rows and outcome; resultado filter', async () => {
    const res = await t.call({ method: 'GET', url: `/s/lotes/${myBatch}`, ies: [mine.ieId] });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.lote.loteId, myBatch);
    assert.deepEqual(
      body.linhas.itens.map((r: { brbId: number; resultado: string }) => [r.brbId, r.resultado]),
      [
        [good, 'SUCESSO'],
        [bad, 'ERRO'],
      ],
    );
    assert.equal(body.linhas.itens[0].valorContrato, 4500);
    const errors = await t.call({ method: 'GET', url: `/s/lotes/${myBatch}?resultado=ERRO`, ies: [mine.ieId] });
    assert.equal(errors.json().linhas.total, 1);
    assert.equal(errors.json().linhas.itens[0].erros[0].campo, 'percentualConcedido');
  });

  test("another IE's batch, and one that does not exist, are 404 (JSON and file)", async () => {
    for (const url of [
      `/s/lotes/${otherBatch}`,
      `/s/lotes/${otherBatch}?formato=csv`,
      `/s/lotes/${otherBatch}/erros`,
    ]) {
      const res = await t.call({ method: 'GET', url, ies: [mine.ieId] });
      assert.equal(res.statusCode, 404, url);
      problemOf(res);
    }
    assert.equal((await t.call({ method: 'GET', url: '/s/lotes/999999', ies: [mine.ieId] })).statusCode, 404);
  });
});

describe('GET /s/lotes/{loteId}/erros', () => {
  test('the rows with errors as the values sheet: template columns, values as sent, re-uploadable', async () => {
    const res = await t.call({ method: 'GET', url: `/s/lotes/${myBatch}/erros`, ies: [mine.ieId] });
    assert.equal(res.statusCode, 200);
    const sheet = await xlsxSheet(res);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // The template's Portuguese headers (the import reads them back).
    assert.deepEqual(header.slice(0, 7), [
      'Contrato (brbId)',
      'Nome do estudante',
      'Parcelas cobertas',
      'Créditos no semestre',
      'Valor financiado',
      'Valor do contrato de prestação de serviços',
      'Percentual concedido (%)',
    ]);
    assert.equal(sheet.rowCount, 2);
    const row = sheet.getRow(2);
    assert.equal(row.getCell(1).value, bad);
    assert.equal(row.getCell(5).value, 10800);
    assert.equal(row.getCell(5).numFmt, '"R$" #,##0.00');

    // A value its rule refused (percentualConcedido 120) is not kept: its cell is empty, to fill in.
    // Fixed and sent again as a sheet, the row is accepted.
    const csv = await t.call({ method: 'GET', url: `/s/lotes/${myBatch}/erros?formato=csv`, ies: [mine.ieId] });
    assert.match(csv.body, new RegExp(`\\r\\n${bad};Estudante ${bad};6;;10800,00;9000,00;;`));
    const fixed = csv.body.replace('10800,00;9000,00;;', '4500,00;9000,00;50;');
    const boundary = 'x-boundary';
    const upload = await t.call({
      method: 'POST',
      url: '/s/v1/contrato/valores/importar-lote',
      ies: [mine.ieId],
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="erros.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${fixed}\r\n--${boundary}--\r\n`,
    });
    assert.equal(upload.statusCode, 200, upload.body);
    const list = await t.call({ method: 'GET', url: '/s/lotes?fonte=PLANILHA', ies: [mine.ieId] });
    const again = list.json().itens[0].loteId;
    const rows = await t.call({ method: 'GET', url: `/s/lotes/${again}`, ies: [mine.ieId] });
    assert.equal(list.json().itens[0].contagens.sucesso, 1, `${fixed}\n${rows.body}`);
  });
});

describe('paging and files', () => {
  test('pages of the list; the files hold every batch in the same order, typed in xlsx', async () => {
    const { ie, entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO']);
    const sent: number[] = [];
    for (const e of entries) {
      const res = await t.call({
        method: 'POST',
        url: V3,
        ies: [ie.ieId],
        payload: { valores: [valuesItem(e.brbId)] },
      });
      assert.equal(res.statusCode, 200, res.body);
      sent.push(res.json().lote);
    }
    const newestFirst = [...sent].reverse();
    const page1 = (await t.call({ method: 'GET', url: '/s/lotes?tamanho=2&pagina=1', ies: [ie.ieId] })).json();
    const page2 = (await t.call({ method: 'GET', url: '/s/lotes?tamanho=2&pagina=2', ies: [ie.ieId] })).json();
    assert.equal(page1.total, 3);
    assert.deepEqual(
      [...page1.itens, ...page2.itens].map((b: { loteId: number }) => b.loteId),
      newestFirst,
    );
    const csv = await t.call({ method: 'GET', url: '/s/lotes?tamanho=2&pagina=2&formato=csv', ies: [ie.ieId] });
    assert.deepEqual(csvIds(csv.body), newestFirst, 'paging ignored in a file');
    const xlsx = await t.call({ method: 'GET', url: '/s/lotes?formato=xlsx', ies: [ie.ieId] });
    const sheet = await xlsxSheet(xlsx);
    assert.deepEqual(xlsxColumn(sheet, 1), newestFirst);
    const row = sheet.getRow(2);
    assert.equal(row.getCell(3).value, 'ENVIO_UNICO');
    assert.ok(row.getCell(8).value instanceof Date, 'sent at: a date');
    assert.equal(row.getCell(11).value, 1, 'total: a number');
  });

  test("a batch's rows with errors as CSV and xlsx; another IE's batch is 404 in both", async () => {
    const csv = await t.call({
      method: 'GET',
      url: `/s/lotes/${myBatch}?resultado=ERRO&formato=csv`,
      ies: [mine.ieId],
      headers: PT,
    });
    assert.equal(csv.statusCode, 200, csv.body);
    const lines = csvLines(csv.body);
    assert.equal(
      lines[0],
      'Linha;brbId;Estudante;Resultado;Processamento;Erros;Motivo da recusa;Valor do contrato;Processado em',
    );
    assert.equal(lines.length, 2, 'only the row with an error');
    const cells = lines[1]!.split(';');
    assert.deepEqual([cells[0], cells[1], cells[3]], ['2', String(bad), 'ERRO']);
    assert.match(cells[5]!, /^Percentual concedido \(%\): deve ser/, 'the Portuguese column label, not the field name');
    assert.equal(cells[7], '10800,00');
    const xlsx = await t.call({
      method: 'GET',
      url: `/s/lotes/${myBatch}?resultado=ERRO&formato=xlsx`,
      ies: [mine.ieId],
    });
    const row = (await xlsxSheet(xlsx)).getRow(2);
    assert.equal(row.getCell(2).value, bad);
    assert.equal(row.getCell(8).value, 10800);
    assert.equal(row.getCell(8).numFmt, '"R$" #,##0.00');
    await notFoundAsFile(t, (formato) => `/s/lotes/${otherBatch}?resultado=ERRO&formato=${formato}`, [mine.ieId]);
  });
});
