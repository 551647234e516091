import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { problemOf, type TestContext } from './app.js';

/**
 * Reading list exports as a user's spreadsheet would: the CSV's lines (BOM and the last line
 * break removed), one column of its data rows, the xlsx's first worksheet, and the refusal of
 * another IE's id in both formats.
 */

/** Accept-Language for the Portuguese headers (t.call sends English by default). */
export const PT = { 'accept-language': 'pt-BR' };

type Reply = { body: string; rawPayload: Buffer };

/** The CSV's lines, header first, without the BOM and the trailing CRLF. */
export const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

/** Column `index` (0-based) of every data row, as numbers (ids). */
export const csvIds = (body: string, index = 0) =>
  csvLines(body)
    .slice(1)
    .map((line) => Number(line.split(';')[index]));

/** The first worksheet of an xlsx answer. */
export async function xlsxSheet(res: Reply): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** Column `column` (1-based, as in the sheet) of every data row below the header. */
export const xlsxColumn = (sheet: ExcelJS.Worksheet, column: number) =>
  sheet
    .getSheetValues()
    .slice(2)
    .map((row) => (row as unknown[])[column]);

/** `url(formato)` answers a 404 problem, not a file, in CSV and in xlsx. */
export async function notFoundAsFile(t: TestContext, url: (formato: string) => string, ies: number[]) {
  for (const formato of ['csv', 'xlsx']) {
    const res = await t.call({ method: 'GET', url: url(formato), ies });
    assert.equal(res.statusCode, 404, url(formato));
    problemOf(res);
  }
}
