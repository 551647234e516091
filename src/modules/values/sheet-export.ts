import { PassThrough, type Readable } from 'node:stream';
import { type Column, csvWriter, type SheetWriter } from '../exports/export.format.js';
import { xlsxWriter } from '../exports/export.xlsx.js';
import { VALUE_LABELS } from './sheet-columns.js';
import { VALUE_FIELDS, type ValueField } from './values.rows.js';

/**
 * Writers of the values sheet (the template and the pre-filled sheet), through the exports'
 * writers so they are what Brazilian Excel opens (DOMAIN.md, "Files that people open in Excel"):
 * CSV in UTF-8 with BOM, `;` separated, comma decimals, formulas neutralised; xlsx with typed
 * cells. Headers are the Portuguese labels, which the importer reads back. Streaming: rows come
 * from an async source page by page and leave as they are written.
 */
export type SheetRow = Partial<Record<ValueField, string | number | null>>;

const TYPES: Record<ValueField, Column<SheetRow>['type']> = {
  brbId: 'int',
  nomeEstudante: 'text',
  qtdParcelasCobertura: 'int',
  qtdCreditos: 'int',
  valorContrato: 'money',
  valorCtrPrestServico: 'money',
  percentualConcedido: 'number',
  parcMeses: 'text',
  idCurso: 'int',
  regimeContrato: 'text',
  contratoAnual: 'text',
  motivoReenvio: 'text',
  motivo: 'text',
  serieSemestre: 'text',
};

const WIDTHS: Partial<Record<ValueField, number>> = { nomeEstudante: 36, valorCtrPrestServico: 20, parcMeses: 20 };

/** The sheet's columns: every field, with its Portuguese label as the header. */
export const SHEET_COLUMNS: Column<SheetRow>[] = VALUE_FIELDS.map((field) => ({
  header: VALUE_LABELS[field],
  type: TYPES[field],
  value: (row: SheetRow) => row[field],
  width: WIDTHS[field] ?? Math.max(12, VALUE_LABELS[field].length + 2),
}));

function written(rows: AsyncIterable<SheetRow[]>, open: (out: PassThrough) => Promise<SheetWriter<SheetRow>>) {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  (async () => {
    const writer = await open(out);
    for await (const page of rows) await writer.write(page);
    await writer.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

export const csvSheet = (rows: AsyncIterable<SheetRow[]>): Readable =>
  written(rows, async (out) => csvWriter(out, SHEET_COLUMNS, 'pt-BR'));

/** xlsx with one worksheet "valores": header row, then one row per student. */
export const xlsxSheet = (rows: AsyncIterable<SheetRow[]>): Readable =>
  written(rows, (out) => xlsxWriter(out, SHEET_COLUMNS, 'pt-BR', 'valores'));

export async function* noRows(): AsyncGenerator<SheetRow[]> {}
