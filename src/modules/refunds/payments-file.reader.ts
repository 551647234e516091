import { parse } from 'csv-parse/sync';
import { badRequest } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import type { SheetLimits } from '../../lib/sheet-limits.js';
import { searchForm } from '../../lib/text.js';
import { xlsxRows } from '../values/sheet-xlsx.js';

/**
 * The bank's return file of restitution payments: a header row, then one payment a row with the
 * contract number (as shown, 2025.000001445) or the student's CPF, the payment date and the
 * amount. A CSV is read whole (a return file is small; the route caps its size); an xlsx goes through
 * the values sheet's bounded reader (zip directory checked before inflating, inflated bytes, rows,
 * columns and cells counted), so a decompression bomb is refused like any sheet's. It accepts what Brazilian
 * Excel writes (DOMAIN.md, "Files that people open in Excel"): UTF-8 with or without BOM or
 * Windows-1252, ';' or ',' separators, comma or point decimals, masked or unmasked CPF, dd/mm/aaaa
 * or yyyy-mm-dd dates, or an xlsx workbook (first worksheet).
 */

export type Column = 'contrato' | 'cpf' | 'data' | 'valor';

/** Header names (lower case, no accents, letters and digits only) → column. */
const HEADERS: Record<string, Column> = {
  contrato: 'contrato',
  numerocontrato: 'contrato',
  numerodocontrato: 'contrato',
  ncontrato: 'contrato',
  cpf: 'cpf',
  cpfestudante: 'cpf',
  cpfdoestudante: 'cpf',
  data: 'data',
  datapagamento: 'data',
  datadopagamento: 'data',
  valor: 'valor',
  valorpago: 'valor',
  valordopagamento: 'valor',
};

export interface FileRow {
  /** Row number in the file; the header is row 1. */
  linha: number;
  contrato: string | null;
  cpf: string | null;
  data: string | null;
  valor: string | null;
}

const HEADER_HELP = t(
  'As colunas são "contrato" (número como aparece no portal, 2025.000001445) ou "cpf", "data do pagamento" (dd/mm/aaaa) e "valor" (1.234,56).',
  'The columns are "contrato" (the number as shown, 2025.000001445) or "cpf", "data do pagamento" (dd/mm/yyyy) and "valor" (1234.56).',
);

function decode(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

function csvCells(buffer: Buffer): unknown[][] {
  if (buffer.includes(0))
    throw badRequest(t('O arquivo é binário, não um CSV; salve-o como CSV ou .xlsx.', 'The file is binary, not CSV.'));
  const text = decode(buffer).replace(/^\uFEFF/, '');
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = first.split(';').length > first.split(',').length ? ';' : ',';
  try {
    return parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw badRequest(
      t(
        `O CSV não pôde ser lido${where ? ` (perto da linha ${where})` : ''}: confira as aspas e o separador.`,
        `The CSV could not be read${where ? ` (near line ${where})` : ''}: check the quotes and the separator.`,
      ),
    );
  }
}

/** A cell as text; a date cell (the bounded reader gives Excel's day number) is read by `dateCell`. */
function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** Excel writes a date as days since 1899-12-30; a day number in this century's range is that date. */
function dateCell(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 36_000 && value < 80_000)
    return new Date(Date.UTC(1899, 11, 30) + value * 86_400_000).toISOString().slice(0, 10);
  return cellText(value);
}

async function xlsxCells(path: string, limits: SheetLimits, signal?: AbortSignal): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const { linha, cells } of xlsxRows(path, limits, signal)) out[linha - 1] = cells;
  return Array.from(out, (r) => r ?? []);
}

export interface PaymentsFileSource {
  /** The spooled upload (xlsx is read from it). */
  path: string;
  /** Its bytes (CSV is read from them). */
  buffer: Buffer;
  format: 'csv' | 'xlsx';
}

export async function readPaymentsFile(
  file: PaymentsFileSource,
  limits: SheetLimits,
  signal?: AbortSignal,
): Promise<FileRow[]> {
  const cells = file.format === 'csv' ? csvCells(file.buffer) : await xlsxCells(file.path, limits, signal);
  const headerAt = cells.findIndex((r) => r.some((c) => cellText(c) !== null));
  if (headerAt < 0)
    throw badRequest(t(`O arquivo está vazio. ${HEADER_HELP.pt}`, `The file is empty. ${HEADER_HELP.en}`));
  const columns = cells[headerAt]!.map((c) => HEADERS[searchForm(cellText(c) ?? '').replace(/[^a-z0-9]/g, '')] ?? null);
  const unknown = cells[headerAt]!.filter((c, i) => cellText(c) !== null && columns[i] === null).map(cellText);
  const has = (c: Column) => columns.includes(c);
  if (unknown.length > 0 || !has('data') || !has('valor') || !(has('contrato') || has('cpf'))) {
    const named = unknown.length > 0 ? ` (${unknown.map((u) => `"${u}"`).join(', ')})` : '';
    throw badRequest(
      t(
        `A linha de cabeçalho não é válida${named}. ${HEADER_HELP.pt}`,
        `The header row is not valid${named}. ${HEADER_HELP.en}`,
      ),
    );
  }
  const rows: FileRow[] = [];
  for (let i = headerAt + 1; i < cells.length; i++) {
    const row = cells[i]!;
    if (row.every((c) => cellText(c) === null)) continue;
    const get = (col: Column) => {
      const at = columns.indexOf(col);
      return at < 0 ? null : cellText(row[at]);
    };
    // Blank lines are kept by the parsers and skipped here, so the index stays the file's row number.
    const at = columns.indexOf('data');
    const data = at < 0 ? null : dateCell(row[at]);
    rows.push({ linha: i + 1, contrato: get('contrato'), cpf: get('cpf'), data, valor: get('valor') });
  }
  if (rows.length === 0)
    throw badRequest(
      t('O arquivo tem o cabeçalho, mas nenhum pagamento.', 'The file has a header row but no payments.'),
    );
  return rows;
}
