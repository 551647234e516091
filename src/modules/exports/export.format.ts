import type { Writable } from 'node:stream';
import { type Lang, say, type Text } from '../../http/i18n.js';
import { SERVICE_TIME_ZONE } from '../../lib/business-date.js';

/**
 * How a list leaves as a file: a column spec per list, and two writers (CSV as Brazilian Excel
 * opens it, here; xlsx through ExcelJS's streaming writer, in export.xlsx.ts) that take rows chunk
 * by chunk and write them with backpressure. Nothing here holds more than one chunk.
 */

/**
 * Cell types: they decide the CSV spelling and the xlsx cell type and number format. 'cpf' is a
 * CPF's 11 digits written masked (000.000.000-00): as text, a spreadsheet never turns it into a
 * number (08587656406 would lose its leading zero).
 */
export type CellType = 'text' | 'int' | 'number' | 'money' | 'date' | 'datetime' | 'cpf';
export type CellValue = string | number | boolean | Date | null | undefined;

export interface Column<R> {
  header: Text | string;
  type: CellType;
  /** lang: for cells that are messages (a batch row's errors). */
  value: (row: R, lang: Lang) => CellValue;
  /** xlsx column width in characters. */
  width?: number;
}

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The writers give the event loop a turn after this long of synchronous work (checked every
 * CHECK_ROWS rows), so a large export never holds other requests up for more than a few ms.
 */
const SLICE_MS = 8;
export const CHECK_ROWS = 64;

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;
/** São Paulo's offset from UTC (ms) per UTC hour: Intl is slow (~15 µs a call), an hour's offset never changes. */
const offsets = new Map<number, number>();

function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p: Record<string, string> = {};
    for (const part of wallClock.formatToParts(new Date(hour * HOUR_MS))) p[part.type] = part.value;
    offset = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - hour * HOUR_MS;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

export const DAY_MS = 86_400_000;
/** 'dd/mm/aaaa' per day number since 1970 (a list's instants share few days: cached, bounded). */
const dayTexts = new Map<number, string>();

function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    const d = new Date(day * DAY_MS);
    text = `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
    if (dayTexts.size > 50_000) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

/** An instant's São Paulo wall clock as ms since 1970 read as UTC (no objects: arithmetic only). */
export const wallMs = (ms: number) => ms + offsetAt(ms);

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd' (a business date) or a Date (an instant, read in São Paulo) as dd/mm/aaaa. */
function csvDate(value: string | Date): string {
  if (typeof value === 'string') return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  return dayText(Math.floor(wallMs(value.getTime()) / DAY_MS));
}

/** dd/mm/aaaa hh:mm:ss in São Paulo: the day from the cache, the time by arithmetic (no Date, no Intl). */
function csvDateTime(value: Date | string): string {
  const wall = wallMs(typeof value === 'string' ? Date.parse(value) : value.getTime());
  const day = Math.floor(wall / DAY_MS);
  const secs = Math.floor((wall - day * DAY_MS) / 1000);
  const h = Math.floor(secs / 3600);
  const mi = Math.floor(secs / 60) % 60;
  const sec = secs % 60;
  return `${dayText(day)} ${h < 10 ? '0' : ''}${h}:${mi < 10 ? '0' : ''}${mi}:${sec < 10 ? '0' : ''}${sec}`;
}

/** Money as Brazilian Excel reads it: comma decimals, two places, no thousands separator (no Intl, no split). */
function csvMoney(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const dot = text.indexOf('.');
  if (dot === -1) return `${text},00`;
  const cents = text.length - dot - 1;
  return cents === 2
    ? `${text.slice(0, dot)},${text.slice(dot + 1)}`
    : `${text.slice(0, dot)},${`${text.slice(dot + 1)}00`.slice(0, 2)}`;
}

/**
 * First characters a spreadsheet may take for the start of a formula or that hide one (OWASP, CSV
 * Injection: = + - @, tab, carriage return, line feed; NUL too, which some readers skip).
 */
export const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/** A text that would start a formula, with an apostrophe before it (the spreadsheet shows it as text). */
export const neutralised = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** Text that needs care: a separator, quote or line break anywhere, or a formula-like first character. */
const CSV_SPECIAL = /[;"\r\n]|^[=+\-@\t\0]/;

/**
 * A text cell: quoted when it holds the separator, a quote or a line break; a formula-like first
 * character gets an apostrophe so a spreadsheet never runs a name as a formula (CSV injection).
 * Most text needs neither: one regex test, and the value itself is the cell.
 */
function csvText(value: string): string {
  if (!CSV_SPECIAL.test(value)) return value;
  const safe = neutralised(value);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 11 digits as 000.000.000-00; anything else (an old row, a partial value) as text. */
export function maskedCpf(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11
    ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
    : value;
}

export function csvCell(type: CellType, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'money':
      return csvMoney(value as string | number);
    case 'number':
      return String(value).replace('.', ',');
    case 'int':
      return String(value);
    case 'date':
      return csvDate(value as string | Date);
    case 'datetime':
      return csvDateTime(value as Date);
    case 'cpf':
      return csvText(maskedCpf(String(value)));
    default:
      return csvText(typeof value === 'boolean' ? (value ? 'S' : 'N') : String(value));
  }
}

/**
 * Whether a writable's buffer is over its high-water mark. ExcelJS's zip (archiver) uses the
 * readable-stream v2 package, whose streams have no `writableNeedDrain` getter: read the state.
 */
function needsDrain(out: Writable): boolean {
  return (
    out.writableNeedDrain ?? (out as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ?? false
  );
}

/**
 * Resolves when `stream` may take more; rejects when the client went away (`reader`, the reply's
 * stream, closed), so a writer waiting on a stream inside the zip never waits for ever.
 */
export function drained(stream: Writable, reader: Writable = stream): Promise<void> {
  const gone = () => new Error('export stream closed before the list was written');
  if (stream.destroyed || reader.destroyed) return Promise.reject(gone());
  if (!needsDrain(stream)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', done);
      stream.off('close', closed);
      reader.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const done = () => settle();
    const closed = () => settle(gone());
    stream.once('drain', done);
    stream.once('close', closed);
    if (reader !== stream) reader.once('close', closed);
  });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Yields a turn of the event loop once SLICE_MS of synchronous work has passed since the last. */
export function slicer() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await turn();
    since = performance.now();
  };
}

export interface SheetWriter<R> {
  write(rows: R[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * CSV: each line is built by appending cells to one string (no per-row arrays or joins), lines are
 * gathered into one write of up to CHECK_ROWS rows, and the loop yields every SLICE_MS.
 */
export function csvWriter<R>(out: Writable, columns: Column<R>[], lang: Lang): SheetWriter<R> {
  out.write(`\uFEFF${columns.map((c) => csvText(say(c.header, lang))).join(';')}\r\n`);
  const types = columns.map((c) => c.type);
  const values = columns.map((c) => c.value);
  const n = columns.length;
  const pause = slicer();
  return {
    async write(rows) {
      let text = '';
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        text += csvCell(types[0]!, values[0]!(row, lang));
        for (let j = 1; j < n; j++) text += `;${csvCell(types[j]!, values[j]!(row, lang))}`;
        text += '\r\n';
        if ((i + 1) % CHECK_ROWS === 0 || i === rows.length - 1) {
          const room = out.write(text);
          text = '';
          if (!room) await drained(out);
          await pause();
        }
      }
    },
    async end() {
      await new Promise<void>((resolve) => out.end(resolve));
    },
  };
}
