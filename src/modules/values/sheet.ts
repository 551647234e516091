import { pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError, badRequest } from '../../http/errors.js';
import { type Text, t } from '../../http/i18n.js';
import { loadExcel } from '../../lib/excel.js';
import '../../lib/heap-tuning.js';
import { csvReadReason, uploadCutReason, xlsxReadReason } from './sheet-errors.js';
import { REQUIRED_FIELDS, VALUE_FIELDS, type ValueField } from './values.rows.js';

/**
 * Streaming readers of the values sheet. Neither holds the file: CSV goes through csv-parse, xlsx
 * through ExcelJS's streaming WorkbookReader (first worksheet only). The header row names the
 * columns with the FillValuesInDto field names, in any order and case.
 */

export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

export const SHEET_MEDIA_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function sheetFormatOf(filename: string): SheetFormat | null {
  const match = /\.(csv|xlsx)$/i.exec(filename.trim());
  return match ? (match[1]!.toLowerCase() as SheetFormat) : null;
}

export interface SheetRecord {
  /** Sheet row number; the header is row 1. */
  linha: number;
  values: Partial<Record<ValueField, unknown>>;
}

/** A file the reader could not make sense of: bad input, answered 400 (never 5xx). */
export class SheetReadError extends AppError {
  constructor(format: SheetFormat, reason: Text) {
    super(
      400,
      'bad-sheet',
      t(
        `O arquivo não pôde ser lido como ${format === 'csv' ? 'CSV' : 'planilha xlsx'}: ${reason.pt}`,
        `The file could not be read as ${format === 'csv' ? 'CSV' : 'an xlsx workbook'}: ${reason.en}`,
      ),
    );
  }
}

export async function* readSheet(stream: Readable, format: SheetFormat): AsyncGenerator<SheetRecord> {
  const rows = format === 'csv' ? csvRows(stream) : xlsxRows(stream);
  let columns: (ValueField | null)[] | null = null;
  let data = 0;
  for await (const { linha, cells } of rows) {
    if (cells.every(isBlankCell)) continue;
    if (!columns) {
      columns = mapHeader(cells);
      continue;
    }
    const values: Partial<Record<ValueField, unknown>> = {};
    cells.forEach((cell, i) => {
      const field = columns![i];
      if (field) values[field] = cell;
      else if (!isBlankCell(cell))
        throw badRequest(
          t(
            `A linha ${linha} tem um valor na coluna ${i + 1}, que não tem cabeçalho.`,
            `Row ${linha} has a value in column ${i + 1}, which has no header.`,
          ),
        );
    });
    data++;
    yield { linha, values };
  }
  if (!columns) {
    throw badRequest(
      t(
        'O arquivo está vazio: ele precisa de uma linha de cabeçalho com os nomes das colunas (baixe o modelo) e uma linha por estudante.',
        'The file is empty: it needs a header row with the column names (download the template) and one row per student.',
      ),
    );
  }
  if (data === 0)
    throw badRequest(
      t(
        'O arquivo tem a linha de cabeçalho, mas nenhuma linha de estudante; inclua uma linha por estudante.',
        'The file has a header row but no student rows; add one row per student.',
      ),
    );
}

function isBlankCell(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

const BY_LOWER = new Map(VALUE_FIELDS.map((f) => [f.toLowerCase(), f]));

/** Header → field per column; 400 naming unknown, repeated or missing columns. */
function mapHeader(cells: unknown[]): (ValueField | null)[] {
  const columns: (ValueField | null)[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  for (const cell of cells) {
    const name = isBlankCell(cell) ? '' : String(cell).trim();
    if (name === '') {
      columns.push(null);
      continue;
    }
    const field = BY_LOWER.get(name.toLowerCase()) ?? null;
    if (!field) unknown.push(name);
    else if (columns.includes(field)) repeated.push(name);
    columns.push(field);
  }
  const missing = REQUIRED_FIELDS.filter((f) => !columns.includes(f));
  const problems = [
    unknown.length > 0
      ? t(
          `colunas desconhecidas ${unknown.map((c) => JSON.stringify(c)).join(', ')}`,
          `unknown columns ${unknown.map((c) => JSON.stringify(c)).join(', ')}`,
        )
      : null,
    repeated.length > 0
      ? t(`colunas repetidas ${repeated.join(', ')}`, `repeated columns ${repeated.join(', ')}`)
      : null,
    missing.length > 0 ? t(`colunas ausentes ${missing.join(', ')}`, `missing columns ${missing.join(', ')}`) : null,
  ].filter((p): p is Text => p !== null);
  if (problems.length > 0) {
    throw badRequest(
      t(
        `A linha de cabeçalho não é válida: ${problems.map((p) => p.pt).join('; ')}. As colunas são os nomes de campo de FillValuesInDto: ${VALUE_FIELDS.join(', ')} ` +
          `(obrigatórias: ${REQUIRED_FIELDS.join(', ')}); baixe o modelo.`,
        `The header row is not valid: ${problems.map((p) => p.en).join('; ')}. Columns are the FillValuesInDto field names: ${VALUE_FIELDS.join(', ')} ` +
          `(required: ${REQUIRED_FIELDS.join(', ')}); download the template.`,
      ),
    );
  }
  return columns;
}

/** The first chunk of a stream, put back so the parser still sees it; null for an empty stream. */
function peek(stream: Readable): Promise<Buffer | null> {
  // The stream may have failed or ended before anyone listened (the upload is piped as soon as it
  // arrives, while the batch is being opened): its events are gone, its state is not.
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.destroyed) return Promise.reject(new Error('the upload was closed'));
  if (stream.readableEnded) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      cleanup();
      stream.unshift(chunk);
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** The first chunk; a stream that fails before it (a body cut off mid-upload) is a bad sheet. */
function peekSheet(stream: Readable, format: SheetFormat): Promise<Buffer | null> {
  return peek(stream).catch((error: unknown) => {
    if (error instanceof AppError || isUploadError(error)) throw error;
    throw new SheetReadError(format, uploadCutReason());
  });
}

/** ';' when the header line has more semicolons than commas (spreadsheets in pt-BR export that way). */
function delimiterOf(first: Buffer): ',' | ';' {
  const line = first.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => line.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

async function* csvRows(stream: Readable): AsyncGenerator<{ linha: number; cells: unknown[] }> {
  const first = await peekSheet(stream, 'csv');
  if (!first) return;
  if (first.includes(0))
    throw new SheetReadError(
      'csv',
      t(
        'ele é binário, não texto; salve a planilha como CSV (UTF-8).',
        'it is binary, not text; save the sheet as CSV (UTF-8).',
      ),
    );
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(first),
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: 64 * 1024,
  });
  pipeline(stream, parser, () => {});
  let linha = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      linha++;
      yield { linha, cells: record };
    }
  } catch (error) {
    if (error instanceof AppError || isUploadError(error)) throw error;
    throw new SheetReadError('csv', csvReadReason(error, linha));
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function* xlsxRows(stream: Readable): AsyncGenerator<{ linha: number; cells: unknown[] }> {
  const first = await peekSheet(stream, 'xlsx');
  if (!first) return;
  if (!first.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new SheetReadError(
      'xlsx',
      t(
        'não é um arquivo xlsx (Excel 2007 ou posterior); salve-o como .xlsx ou como CSV.',
        'it is not an xlsx file (Excel 2007 or later); save it as .xlsx or as CSV.',
      ),
    );
  }
  const ExcelJS = await loadExcel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let sheet = 0;
  let linha = 0;
  try {
    for await (const worksheet of reader) {
      sheet++;
      // ExcelJS parses the sheet a piece of XML at a time into heavy Row objects. Each piece is
      // turned into plain cells at once, so those objects (and the piece's text) die young instead
      // of waiting, promoted to the old generation, while the batch waits for the database.
      for await (const events of { [Symbol.asyncIterator]: () => worksheet.parse() }) {
        // Later worksheets are read through (the upload must be consumed) but ignored.
        if (sheet > 1) continue;
        const rows = plainRows(events as SheetEvent[]);
        // ExcelJS still holds this array while the rows go up: let go of its Row objects now.
        (events as SheetEvent[]).length = 0;
        for (const row of rows) {
          linha = row.linha;
          yield row;
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError || isUploadError(error)) throw error;
    throw new SheetReadError('xlsx', xlsxReadReason(linha));
  }
}

type SheetEvent = { eventType: string; value: { number: number; values: unknown } };

function plainRows(events: SheetEvent[]): { linha: number; cells: unknown[] }[] {
  const rows: { linha: number; cells: unknown[] }[] = [];
  for (const { eventType, value } of events) {
    if (eventType === 'row')
      rows.push({ linha: value.number, cells: (value.values as unknown[]).slice(1).map(cellValue) });
  }
  return rows;
}

function isUploadError(error: unknown): boolean {
  return typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('FST_');
}

/**
 * A copy of `text` that does not keep the parser's input alive: V8 cuts a substring of 13 or more
 * characters as a view on its parent (here, a whole piece of the sheet's XML).
 */
function ownString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** An xlsx cell as a plain value: formulas give their result, rich text its text, numbers at Excel's 15 digits. */
function cellValue(cell: unknown): unknown {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') {
    // Whole numbers under 15 digits are already exact at Excel's precision (the common case: ids, counts).
    return Number.isInteger(cell) && Math.abs(cell) < 1e15 ? cell : Number(cell.toPrecision(15));
  }
  if (typeof cell === 'string') return ownString(cell);
  if (typeof cell === 'boolean') return cell;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'object') {
    const c = cell as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ('result' in c) return cellValue(c.result);
    if (Array.isArray(c.richText)) return ownString(c.richText.map((t) => t.text).join(''));
    if ('text' in c) return cellValue(c.text);
    if ('error' in c) return String(c.error);
  }
  return String(cell);
}
