import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SheetLimitError, type SheetLimits } from '../../lib/sheet-limits.js';
import type { RawRow } from './sheet-errors.js';
import { damaged, notXlsx, XlsxZip } from './sheet-zip.js';

/**
 * The first worksheet of an xlsx, row by row, with bounded work: the zip's entries are checked
 * before anything is inflated (sheet-zip.ts); the shared strings are held (cells refer to them by
 * index) but only up to UPLOAD_MAX_SHARED_STRINGS_BYTES of XML; the sheet is parsed with saxes a
 * chunk at a time and each chunk's rows go up before the next chunk is inflated, so nothing holds
 * more than a chunk of the sheet. Rows, columns and cell lengths are counted as they are read.
 *
 * Why not ExcelJS's streaming WorkbookReader (used before): it caches every shared string with no
 * bound, gives no hook to count inflated bytes or to stop the inflating, and reads the zip as a
 * stream from the front, so sizes can only be checked once inflated.
 */

const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/** Runs one XML entry through saxes; `on` gets each open/close and text while inside `<t>`/`<v>`. */
async function parseEntry(
  zip: XlsxZip,
  name: string,
  handlers: {
    open(tag: string, attributes: Record<string, string>): void;
    close(tag: string): void;
    text?(text: string): void;
  },
  afterChunk?: () => Iterable<RawRow>,
  cap?: { limit: number; kind: 'sharedStringsBytes' },
): Promise<AsyncGenerator<RawRow>> {
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag: SaxesTagPlain) => handlers.open(local(tag.name), tag.attributes));
  parser.on('closetag', (tag: SaxesTagPlain) => handlers.close(local(tag.name)));
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.text) parser.on('cdata', handlers.text);
  return (async function* () {
    // A part the package does not have (an xlsx with no shared strings) reads as nothing.
    if (!zip.entries.has(name)) return;
    for await (const text of zip.text(name, cap)) {
      try {
        parser.write(text);
      } catch (error) {
        if (error instanceof SheetLimitError) throw error;
        throw damaged();
      }
      if (afterChunk) yield* afterChunk();
    }
    try {
      parser.close();
    } catch {
      throw damaged();
    }
    if (afterChunk) yield* afterChunk();
  })();
}

const drain = async (rows: AsyncGenerator<RawRow>) => {
  for await (const _ of rows);
};

/** The path of the workbook's first worksheet (workbook.xml's first sheet, through its relationship). */
async function firstSheetPath(zip: XlsxZip): Promise<string> {
  let firstId: string | null = null;
  await drain(
    await parseEntry(zip, 'xl/workbook.xml', {
      open(tag, attributes) {
        if (tag !== 'sheet' || firstId !== null) return;
        const key = Object.keys(attributes).find((k) => local(k) === 'id');
        firstId = key ? attributes[key]! : '';
      },
      close() {},
    }),
  );
  let target: string | null = null;
  await drain(
    await parseEntry(zip, 'xl/_rels/workbook.xml.rels', {
      open(tag, attributes) {
        if (tag === 'Relationship' && attributes.Id === firstId && attributes.Target) target = attributes.Target;
      },
      close() {},
    }),
  );
  const path = target
    ? (target as string).startsWith('/')
      ? (target as string).slice(1)
      : `xl/${(target as string).replace(/^\.\//, '')}`
    : 'xl/worksheets/sheet1.xml';
  if (!zip.entries.has(path)) throw damaged();
  return path;
}

/** The shared strings: `<si>` texts, rich-text runs joined, phonetic runs (`<rPh>`) left out. */
async function sharedStrings(zip: XlsxZip, limits: SheetLimits): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await drain(
    await parseEntry(
      zip,
      'xl/sharedStrings.xml',
      {
        open(tag) {
          if (tag === 'si') current = '';
          else if (tag === 'rPh') phonetic++;
          else if (tag === 't' && phonetic === 0) inText = true;
        },
        close(tag) {
          if (tag === 'si' && current !== null) {
            strings.push(current);
            current = null;
          } else if (tag === 'rPh') phonetic--;
          else if (tag === 't') inText = false;
        },
        text(text) {
          if (!inText || current === null) return;
          current += text;
          if (current.length > limits.cellChars)
            throw new SheetLimitError('cellChars', limits.cellChars, `texto compartilhado ${strings.length + 1}`);
        },
      },
      undefined,
      { limit: limits.sharedStringsBytes, kind: 'sharedStringsBytes' },
    ),
  );
  return strings;
}

/** "BC12" → 54 (0-based column). */
function columnOf(ref: string | undefined): number | null {
  if (!ref) return null;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
    // Excel's last column is XFD (16,384); a longer reference is no column.
    if (col > 16_384) return null;
  }
  return i === 0 ? null : col - 1;
}

/** An xlsx cell as a plain value: numbers at Excel's 15 digits, booleans, texts. */
function cellValue(type: string | undefined, raw: string, strings: string[]): unknown {
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? null;
    case 'str':
    case 'inlineStr':
    case 'e':
      return raw;
    case 'b':
      return raw === '1' || raw === 'true';
    case 'd':
      return raw.slice(0, 10);
    default: {
      if (raw.trim() === '') return null;
      const number = Number(raw);
      if (!Number.isFinite(number)) return raw;
      return Number.isInteger(number) && Math.abs(number) < 1e15 ? number : Number(number.toPrecision(15));
    }
  }
}

export async function* xlsxRows(path: string, limits: SheetLimits, signal?: AbortSignal): AsyncGenerator<RawRow> {
  const zip = await XlsxZip.open(path, limits, signal);
  try {
    if (!zip.entries.has('xl/workbook.xml')) throw notXlsx();
    const sheet = await firstSheetPath(zip);
    const strings = await sharedStrings(zip, limits);
    let ready: RawRow[] = [];
    let row: RawRow | null = null;
    let lastRow = 0;
    let cell: { col: number; type: string | undefined; text: string; inText: boolean } | null = null;
    let phonetic = 0;
    const rows = await parseEntry(
      zip,
      sheet,
      {
        open(tag, a) {
          if (tag === 'row') {
            const r = Number(a.r);
            lastRow = Number.isInteger(r) && r > lastRow ? r : lastRow + 1;
            row = { linha: lastRow, cells: [] };
          } else if (tag === 'c' && row) {
            cell = { col: columnOf(a.r) ?? row.cells.length, type: a.t, text: '', inText: false };
          } else if (tag === 'rPh') phonetic++;
          else if ((tag === 'v' || tag === 't') && cell && phonetic === 0) cell.inText = true;
        },
        close(tag) {
          if (tag === 'c' && cell && row) {
            const value = cellValue(cell.type, cell.text, strings);
            if (value !== null && value !== '') {
              if (cell.col >= limits.columns)
                throw new SheetLimitError('columns', limits.columns, `linha ${row.linha}`);
              row.cells[cell.col] = value;
            }
            cell = null;
          } else if (tag === 'row' && row) {
            ready.push(row);
            row = null;
          } else if (tag === 'rPh') phonetic--;
          else if ((tag === 'v' || tag === 't') && cell) cell.inText = false;
        },
        text(text) {
          if (!cell?.inText) return;
          cell.text += text;
          if (cell.text.length > limits.cellChars)
            throw new SheetLimitError('cellChars', limits.cellChars, `linha ${row?.linha ?? lastRow}`);
        },
      },
      () => {
        const out = ready;
        ready = [];
        return out;
      },
    );
    for await (const r of rows) {
      // A sparse row ([, , 'x']) becomes dense, holes as null.
      yield { linha: r.linha, cells: Array.from(r.cells, (c) => c ?? null) };
    }
  } finally {
    zip.close();
  }
}
