import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { readSheet, type SheetRecord } from '../../src/modules/values/sheet.js';

async function readAll(file: Buffer): Promise<SheetRecord[]> {
  const out: SheetRecord[] = [];
  const path = join(tmpdir(), `renova-sheet-reader-${process.pid}-${Math.random()}.xlsx`);
  writeFileSync(path, file);
  try {
    for await (const record of readSheet({ path, format: 'xlsx' })) out.push(record);
  } finally {
    rmSync(path, { force: true });
  }
  return out;
}

/** A workbook whose first sheet has the header of the required columns and the name. */
function valuesWorkbook() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('valores');
  sheet.addRow([
    'brbId',
    'nomeEstudante',
    'qtdParcelasCobertura',
    'valorCtrPrestServico',
    'percentualConcedido',
    'valorContrato',
  ]);
  return { workbook, sheet };
}

test('an xlsx sheet longer than one piece of XML is read whole, in order, later worksheets ignored', async () => {
  // ExcelJS hands the sheet over a piece of XML at a time (a few hundred rows); 1,500 rows span several.
  const { workbook, sheet } = valuesWorkbook();
  for (let n = 1; n <= 1500; n++) sheet.addRow([n, `Estudante com nome comprido número ${n}`, 6, 9000.1, 50, 4500.05]);
  workbook.addWorksheet('outra').addRow(['brbId']).getCell(1).value = 'ignored';
  const records = await readAll(Buffer.from(await workbook.xlsx.writeBuffer()));

  assert.equal(records.length, 1500);
  records.forEach((record, i) => {
    assert.equal(record.linha, i + 2, 'sheet row numbers, the header being row 1');
    assert.equal(record.values.brbId, i + 1);
    assert.equal(record.values.nomeEstudante, `Estudante com nome comprido número ${i + 1}`);
    assert.equal(record.values.valorCtrPrestServico, 9000.1);
    assert.equal(record.values.valorContrato, 4500.05);
  });
});

test('rich text cells read as their plain text', async () => {
  const { workbook, sheet } = valuesWorkbook();
  sheet.addRow([
    7,
    { richText: [{ text: 'Maria ' }, { font: { bold: true }, text: 'da Conceição Souza' }] },
    6,
    9000,
    50,
    4500,
  ]);
  const [record] = await readAll(Buffer.from(await workbook.xlsx.writeBuffer()));
  assert.equal(record?.values.nomeEstudante, 'Maria da Conceição Souza');
});
