import { badRequest } from '../../http/errors.js';
import { type Text, t } from '../../http/i18n.js';
import { DEFAULT_SHEET_LIMITS, SheetLimitError, type SheetLimits, sheetWork } from '../../lib/sheet-limits.js';
import type { TextEncodingName } from '../../lib/text-encoding.js';
import { fieldOfHeader, labelOf, VALUE_LABELS } from './sheet-columns.js';
import { csvRows } from './sheet-csv.js';
import type { RawRow } from './sheet-errors.js';
import { xlsxRows } from './sheet-xlsx.js';
import { REQUIRED_FIELDS, VALUE_FIELDS, type ValueField } from './values.rows.js';

export { SheetReadError } from './sheet-errors.js';

/**
 * Readers of the values sheet, from the upload spooled to a temporary file (upload.ts). CSV goes
 * through csv-parse (sheet-csv.ts), xlsx through yauzl and saxes (sheet-xlsx.ts); both count their
 * work against the sheet limits and stop at the first one passed. The header row names the columns
 * by their Portuguese labels (the template's) or by the FillValuesInDto field names, in any order.
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

export interface SheetSource {
  /** The spooled upload. */
  path: string;
  format: SheetFormat;
  /** CSV only: the encoding the upload probe found. */
  encoding?: TextEncodingName;
}

export async function* readSheet(
  source: SheetSource,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
  signal?: AbortSignal,
): AsyncGenerator<SheetRecord> {
  const rows: AsyncGenerator<RawRow> =
    source.format === 'csv'
      ? csvRows(source.path, source.encoding ?? 'utf-8', limits, signal)
      : xlsxRows(source.path, limits, signal);
  let columns: (ValueField | null)[] | null = null;
  let data = 0;
  for await (const { linha, cells } of rows) {
    sheetWork.rowsParsed++;
    if (cells.every(isBlankCell)) continue;
    refuseReplacement(cells, linha);
    if (!columns) {
      columns = mapHeader(cells);
      continue;
    }
    if (++data > limits.rows) throw new SheetLimitError('rows', limits.rows);
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

/**
 * U+FFFD is what a program writes where it could not read a character: a file holding it lost
 * letters before it got here. Stored, they would be lost for good (DOMAIN.md: never stored).
 */
function refuseReplacement(cells: unknown[], linha: number): void {
  const col = cells.findIndex((c) => typeof c === 'string' && c.includes('\uFFFD'));
  if (col === -1) return;
  throw badRequest(
    t(
      `A linha ${linha}, coluna ${col + 1}, tem o caractere de substituição "\uFFFD": letras do arquivo já se perderam ao salvá-lo em outra codificação. Corrija o texto na planilha e salve-a de novo como CSV UTF-8 ou .xlsx.`,
      `Row ${linha}, column ${col + 1}, holds the replacement character "\uFFFD": letters were lost when the file was saved in another encoding. Fix the text in the sheet and save it again as CSV UTF-8 or .xlsx.`,
    ),
  );
}

const quoted = (names: string[]) => names.map((c) => `"${c}"`).join(', ');

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
    const field = fieldOfHeader(name);
    if (!field) unknown.push(name.slice(0, 80));
    else if (columns.includes(field)) repeated.push(name.slice(0, 80));
    columns.push(field);
  }
  const missing = REQUIRED_FIELDS.filter((f) => !columns.includes(f)).map(labelOf);
  const problems = [
    unknown.length > 0 ? t(`colunas desconhecidas ${quoted(unknown)}`, `unknown columns ${quoted(unknown)}`) : null,
    repeated.length > 0 ? t(`colunas repetidas ${quoted(repeated)}`, `repeated columns ${quoted(repeated)}`) : null,
    missing.length > 0 ? t(`colunas ausentes ${quoted(missing)}`, `missing columns ${quoted(missing)}`) : null,
  ].filter((p): p is Text => p !== null);
  if (problems.length > 0) {
    const labels = quoted(VALUE_FIELDS.map((f) => VALUE_LABELS[f]));
    const required = quoted(REQUIRED_FIELDS.map(labelOf));
    throw badRequest(
      t(
        `A linha de cabeçalho não é válida: ${problems.map((p) => p.pt).join('; ')}. As colunas são as do modelo: ${labels} ` +
          `(obrigatórias: ${required}); baixe o modelo.`,
        `The header row is not valid: ${problems.map((p) => p.en).join('; ')}. The columns are the template's: ${labels} ` +
          `(required: ${required}), or the API's field names; download the template.`,
      ),
    );
  }
  return columns;
}
