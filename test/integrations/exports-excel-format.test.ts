import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { cpfFromBase } from '../../src/lib/cpf.js';
import { type Column, csvCell, csvWriter } from '../../src/modules/exports/export.format.js';
import { xlsxWriter } from '../../src/modules/exports/export.xlsx.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { addEntry, type DashEntry } from '../helpers/dashboard-factories.js';
import { csvLines, PT, xlsxSheet } from '../helpers/exports.js';
import { createIe, createJourney, type TestIe } from '../helpers/factories.js';

// Files people open in Excel (DOMAIN.md; issue 21 item 3, issue 23 item 6): CSV in UTF-8 with BOM,
// ';' separated, comma decimals, masked CPF, Portuguese headers, formulas neutralised in CSV and xlsx.

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\n', '\0'];

describe('formula neutralising', () => {
  for (const start of FORMULA_STARTS) {
    test(`CSV: a text starting with ${JSON.stringify(start)} gets an apostrophe`, () => {
      const cell = csvCell('text', `${start}HYPERLINK("http://x")`);
      const unquoted = cell.startsWith('"') ? cell.slice(1) : cell;
      assert.ok(unquoted.startsWith(`'${start}`), JSON.stringify(cell));
    });
  }

  test('xlsx: every formula-like text cell is written with an apostrophe; NUL (no XML form) left out', async () => {
    const columns: Column<{ v: string }>[] = [{ header: 'Texto', type: 'text', value: (r) => r.v }];
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = await xlsxWriter(out, columns, 'pt-BR', 'teste');
    await writer.write(FORMULA_STARTS.map((s) => ({ v: `${s}1+1` })));
    await writer.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const values = FORMULA_STARTS.map((_, i) => workbook.worksheets[0]!.getRow(i + 2).getCell(1).value);
    // XML reads a CR in text as a LF: what matters is the apostrophe before it.
    for (const [i, value] of values.entries()) {
      assert.equal(typeof value, 'string');
      assert.ok(String(value).startsWith("'"), `${JSON.stringify(FORMULA_STARTS[i])}: ${JSON.stringify(value)}`);
      assert.ok(!String(value).includes('\0'));
    }
  });

  test('plain text and numbers are left as they are', () => {
    assert.equal(csvCell('text', 'Ana Lima'), 'Ana Lima');
    assert.equal(csvCell('money', '-12.50'), '-12,50');
    assert.equal(csvCell('number', 33.3333), '33,3333');
  });
});

describe('CPF, headers and decimals in exports', () => {
  let t: TestContext;
  let ie: TestIe;
  let leadingZero: DashEntry;
  const cpf = cpfFromBase(85_876_564);
  before(async () => {
    t = await createTestApp();
    ie = await createIe(t.db);
    const journey = await createJourney(t.db, ie, { ano: 2026, semestre: 2 });
    leadingZero = await addEntry(t.db, ie, journey, { nome: 'Olga Zero' });
    await sql`update entrada_jornada set cpf = ${cpf} where id = ${leadingZero.brbId}`.execute(t.db);
  });
  after(() => t.close());

  test('a CPF with a leading zero is written masked (000.000.000-00) in CSV and xlsx', async () => {
    assert.ok(cpf.startsWith('0'), cpf);
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const csv = await t.call({ method: 'GET', url: '/s/v2/renovacao/aptos?formato=csv', ies: [ie.ieId], headers: PT });
    assert.equal(csv.statusCode, 200, csv.body);
    assert.ok(csv.body.startsWith('\uFEFF'), 'UTF-8 with BOM');
    const lines = csvLines(csv.body);
    const header = lines[0]!.split(';');
    assert.equal(header[2], 'CPF');
    assert.equal(header[1], 'Estudante', 'Portuguese headers');
    const row = lines.find((l) => l.startsWith(`${leadingZero.brbId};`))!.split(';');
    assert.equal(row[2], masked);

    const xlsx = await t.call({
      method: 'GET',
      url: '/s/v2/renovacao/aptos?formato=xlsx',
      ies: [ie.ieId],
      headers: PT,
    });
    const sheet = await xlsxSheet(xlsx);
    assert.equal(sheet.getRow(2).getCell(3).value, masked, 'a text cell, not a number');
  });

  test('the values template: BOM, ";" separated, Portuguese headers', async () => {
    const res = await t.call({ method: 'GET', url: '/s/v1/contrato/valores/importar-lote/modelo', ies: [ie.ieId] });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.body.startsWith('\uFEFF'));
    assert.deepEqual(csvLines(res.body), [
      'Contrato (brbId);Nome do estudante;Parcelas cobertas;Créditos no semestre;Valor financiado;' +
        'Valor do contrato de prestação de serviços;Percentual concedido (%);Meses cobertos;Código do curso;' +
        'Regime do contrato;Contrato anual (S/N);Motivo do reenvio;Motivo;Série ou semestre',
    ]);
  });

  test('CSV writer: comma decimals and dd/mm/aaaa dates', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (c: Buffer) => {
      text += c.toString('utf8');
    });
    const columns: Column<{ v: string; d: string; p: number }>[] = [
      { header: 'Valor', type: 'money', value: (r) => r.v },
      { header: 'Data', type: 'date', value: (r) => r.d },
      { header: 'Percentual', type: 'number', value: (r) => r.p },
    ];
    const writer = csvWriter(out, columns, 'pt-BR');
    await writer.write([{ v: '4500.5', d: '2026-08-03', p: 33.33 }]);
    await writer.end();
    assert.deepEqual(csvLines(text), ['Valor;Data;Percentual', '4500,50;03/08/2026;33,33']);
  });
});
