import { expect, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

export interface Downloaded {
  name: string;
  bytes: Buffer;
}

/** Opens an "Exportar"-style menu and picks a format, as a person does; the file as saved. */
export async function exportFrom(page: Page, menu: Locator, format: 'CSV' | 'Excel'): Promise<Downloaded> {
  await menu.click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: new RegExp(`^${format}`) }).click();
  const download = await downloading;
  // The menu closes with a transition; until it has gone, axe sees a menu without items.
  await expect(page.getByRole('menu')).toHaveCount(0);
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  return { name: download.suggestedFilename(), bytes };
}

/** The CSV as a spreadsheet opens it: `;` separated, header first. */
export function csvRows(file: Downloaded): string[][] {
  const text = file.bytes.toString('utf8');
  const rows = parse(text, { delimiter: ';', bom: true, relax_column_count: false }) as string[][];
  expect(rows.length, 'a header row').toBeGreaterThan(0);
  expect(rows[0]!.length, 'several columns: the separator is ;').toBeGreaterThan(2);
  return rows;
}

/** The first worksheet's rows as text, header first. */
export async function xlsxRows(file: Downloaded): Promise<string[][]> {
  expect(file.bytes.subarray(0, 2).toString('latin1'), 'an xlsx is a zip').toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

/** The column whose header matches, e.g. /estudante/i. */
export function column(rows: string[][], header: RegExp): string[] {
  const index = rows[0]!.findIndex((h) => header.test(h));
  expect(index, `a column ${header}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[index] ?? '');
}
