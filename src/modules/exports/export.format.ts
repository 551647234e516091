import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Lang, say, type Text } from '../../http/i18n.js';
import { SERVICE_TIME_ZONE } from '../../lib/business-date.js';

/**
 * How a list leaves as a file: a column spec per list, and two writers (CSV as Brazilian Excel
 * opens it, xlsx through ExcelJS's streaming writer) that take rows chunk by chunk and write them
 * with backpressure. Nothing here holds more than one chunk.
 */

/** Cell types: they decide the CSV spelling and the xlsx cell type and number format. */
export type CellType = 'text' | 'int' | 'number' | 'money' | 'date' | 'datetime';
export type CellValue = string | number | boolean | Date | null | undefined;

export interface Column<R> {
  header: Text | string;
  type: CellType;
  value: (row: R) => CellValue;
  /** xlsx column width in characters. */
  width?: number;
}

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Rows the writer hands to the stream between two turns of the event loop. */
const YIELD_ROWS = 250;

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

/** An instant's wall-clock time in São Paulo as [y, m, d, h, mi, s] (stored instants are UTC). */
function saoPaulo(at: Date): number[] {
  const wall = new Date(at.getTime() + offsetAt(at.getTime()));
  return [
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  ];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd' (a business date) or a Date (an instant, read in São Paulo) as dd/mm/aaaa. */
function csvDate(value: string | Date): string {
  if (typeof value === 'string') return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  const [y, m, d] = saoPaulo(value);
  return `${pad(d!)}/${pad(m!)}/${y}`;
}

function csvDateTime(value: Date | string): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  const [y, m, d, h, mi, s] = saoPaulo(at);
  return `${pad(d!)}/${pad(m!)}/${y} ${pad(h!)}:${pad(mi!)}:${pad(s!)}`;
}

/** Money as Brazilian Excel reads it: comma decimals, two places, no thousands separator. */
function csvMoney(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const [whole, cents = ''] = text.split('.');
  return `${whole},${`${cents}00`.slice(0, 2)}`;
}

/**
 * A text cell: quoted when it holds the separator, a quote or a line break; a leading = + - @
 * gets an apostrophe so a spreadsheet never runs a name as a formula (CSV injection).
 */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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
    default:
      return csvText(typeof value === 'boolean' ? (value ? 'S' : 'N') : String(value));
  }
}

/** A date cell as ExcelJS wants it: a Date whose UTC fields are the wall-clock fields (it writes UTC). */
function xlsxDate(type: 'date' | 'datetime', value: string | Date): Date {
  if (typeof value === 'string' && type === 'date') {
    return new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))));
  }
  const [y, m, d, h, mi, s] = saoPaulo(typeof value === 'string' ? new Date(value) : value);
  return type === 'date' ? new Date(Date.UTC(y!, m! - 1, d!)) : new Date(Date.UTC(y!, m! - 1, d!, h!, mi!, s!));
}

function xlsxCell(type: CellType, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'money':
    case 'number':
    case 'int':
      return Number(value);
    case 'date':
    case 'datetime':
      return xlsxDate(type, value as string | Date);
    default:
      return typeof value === 'boolean' ? (value ? 'S' : 'N') : String(value);
  }
}

const NUMBER_FORMATS: Partial<Record<CellType, string>> = {
  money: '"R$" #,##0.00',
  number: '#,##0.00',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm:ss',
};

/** Resolves when `out` may take more, rejects when the reader went away (client disconnected). */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('export stream closed before the list was written'));
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', closed);
      resolve();
    };
    const closed = () => {
      out.off('drain', done);
      reject(new Error('export stream closed before the list was written'));
    };
    out.once('drain', done);
    out.once('close', closed);
  });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SheetWriter<R> {
  write(rows: R[]): Promise<void>;
  end(): Promise<void>;
}

export function csvWriter<R>(out: Writable, columns: Column<R>[], lang: Lang): SheetWriter<R> {
  const line = (cells: string[]) => `${cells.join(';')}\r\n`;
  out.write(`\uFEFF${line(columns.map((c) => csvText(say(c.header, lang))))}`);
  return {
    async write(rows) {
      for (let i = 0; i < rows.length; i += YIELD_ROWS) {
        let text = '';
        for (const row of rows.slice(i, i + YIELD_ROWS))
          text += line(columns.map((c) => csvCell(c.type, c.value(row))));
        if (!out.write(text)) await drained(out);
        if (i + YIELD_ROWS < rows.length) await turn();
      }
    },
    async end() {
      await new Promise<void>((resolve) => out.end(resolve));
    },
  };
}

export function xlsxWriter<R>(out: Writable, columns: Column<R>[], lang: Lang, sheetName: string): SheetWriter<R> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c, i) => {
    const numFmt = NUMBER_FORMATS[c.type];
    return {
      header: say(c.header, lang),
      key: String(i),
      width: c.width ?? (c.type === 'text' ? 24 : 14),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  return {
    async write(rows) {
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        sheet.addRow(columns.map((c) => xlsxCell(c.type, c.value(row)))).commit();
        if ((i + 1) % YIELD_ROWS === 0) {
          await drained(out);
          await turn();
        }
      }
      await drained(out);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
