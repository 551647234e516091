import { PassThrough, type Readable } from 'node:stream';
import { loadExcel } from '../../lib/excel.js';
import { VALUE_FIELDS, type ValueField } from './values.rows.js';

/**
 * Writers of the values sheet (the template and the pre-filled sheet), streaming: rows come from
 * an async source page by page and leave as they are written.
 */
export type SheetRow = Partial<Record<ValueField, string | number | null>>;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** CSV (comma-separated, UTF-8 with BOM so spreadsheets read the accents), header first. */
export function csvSheet(rows: AsyncIterable<SheetRow[]>): Readable {
  const out = new PassThrough();
  (async () => {
    out.write(`\uFEFF${csvLine([...VALUE_FIELDS])}`);
    for await (const page of rows) {
      const ok = out.write(page.map((r) => csvLine(VALUE_FIELDS.map((f) => r[f]))).join(''));
      if (!ok) await new Promise((resolve) => out.once('drain', resolve));
    }
    out.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

/** xlsx with one worksheet "valores": header row, then one row per student. */
export function xlsxSheet(rows: AsyncIterable<SheetRow[]>): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('valores');
    sheet.addRow([...VALUE_FIELDS]).commit();
    for await (const page of rows) {
      for (const r of page) sheet.addRow(VALUE_FIELDS.map((f) => r[f] ?? null)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

export async function* noRows(): AsyncGenerator<SheetRow[]> {}
