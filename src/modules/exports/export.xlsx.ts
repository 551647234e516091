import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { type Lang, say } from '../../http/i18n.js';
import { loadExcel } from '../../lib/excel.js';
import {
  type CellType,
  type CellValue,
  CHECK_ROWS,
  type Column,
  DAY_MS,
  drained,
  maskedCpf,
  neutralised,
  type SheetWriter,
  slicer,
  wallMs,
} from './export.format.js';

/** The xlsx writer: typed cells (numbers, dates as São Paulo wall-clock dates, money in a BRL format). */

/** A date cell as ExcelJS wants it: a Date whose UTC fields are the wall-clock fields (it writes UTC). */
function xlsxDate(type: 'date' | 'datetime', value: string | Date): Date {
  if (typeof value === 'string' && type === 'date') {
    return new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))));
  }
  const wall = wallMs(typeof value === 'string' ? Date.parse(value) : value.getTime());
  return new Date(type === 'date' ? Math.floor(wall / DAY_MS) * DAY_MS : wall);
}

/**
 * Characters XML 1.0 cannot hold (C0 controls but tab, LF, CR; unpaired surrogates; U+FFFE/F): in a
 * cell they would make the whole workbook unreadable, so they are left out.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML cannot hold
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const HAS_NOT_XML = new RegExp(NOT_XML.source);

/** A text cell: a formula-like start neutralised (as in CSV), then what XML cannot hold removed. */
function xlsxText(value: string): string {
  const safe = neutralised(value);
  return HAS_NOT_XML.test(safe) ? safe.replace(NOT_XML, '') : safe;
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
    case 'cpf':
      return maskedCpf(String(value));
    default:
      return typeof value === 'boolean' ? (value ? 'S' : 'N') : xlsxText(String(value));
  }
}

const NUMBER_FORMATS: Partial<Record<CellType, string>> = {
  money: '"R$" #,##0.00',
  number: '#,##0.00',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm:ss',
};

/**
 * xlsx through ExcelJS's streaming writer. ExcelJS gives every new cell its own copy of the column
 * style, and its style registry caches by object identity, so each styled cell was re-registered
 * (addStyleModel, with a string key per cell) and became garbage: most of an export's time. Each
 * cell here gets its column's one shared style object instead (an empty one for plain columns), so
 * the registry answers from its WeakMap. Deflate level 1: the sheet is repetitive XML, level 1 is
 * several times faster than the default and the file only slightly larger.
 *
 * Backpressure has two places to reach: `out` (the client) and the zip entry the sheet's XML goes
 * into. ExcelJS hands each 64 KB of XML to that entry without looking at write()'s answer, so when
 * deflate ran behind, the XML queued there unbounded (54 MiB of buffers at the peak of a
 * 100,000-row export). The writer waits for that entry's input to drain as well.
 */
export async function xlsxWriter<R>(
  out: Writable,
  columns: Column<R>[],
  lang: Lang,
  sheetName: string,
): Promise<SheetWriter<R>> {
  // ExcelJS is loaded on the first spreadsheet (src/lib/excel.ts), not when the service starts.
  const { stream } = await loadExcel();
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
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
  const styles: Partial<ExcelJS.Style>[] = columns.map((c) => {
    const numFmt = NUMBER_FORMATS[c.type];
    return numFmt ? { numFmt } : {};
  });
  const types = columns.map((c) => c.type);
  const values = columns.map((c) => c.value);
  const n = columns.length;
  // One values array for every row: ExcelJS copies the values into the row's cells.
  const cells: ExcelJS.CellValue[] = new Array(n);
  const pause = slicer();
  // The sheet's XML stream (ExcelJS's StreamBuf) and what it pipes into: the zip entry's input,
  // there once the zip has started the entry (not typed by ExcelJS: read as it is in its source).
  const entry = () => (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  const zipped = async () => {
    const input = entry();
    if (input) await drained(input, out);
    await drained(out);
  };
  return {
    async write(rows) {
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        for (let j = 0; j < n; j++) cells[j] = xlsxCell(types[j]!, values[j]!(row, lang));
        const added = sheet.addRow(cells);
        for (let j = 0; j < n; j++) added.getCell(j + 1).style = styles[j]!;
        added.commit();
        if ((i + 1) % CHECK_ROWS === 0) {
          await zipped();
          await pause();
        }
      }
      await zipped();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
