import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '../../http/errors.js';
import { SheetLimitError, type SheetLimits } from '../../lib/sheet-limits.js';
import { DecodeStream, type TextEncodingName } from '../../lib/text-encoding.js';
import { csvReadReason, type RawRow, SheetReadError } from './sheet-errors.js';

/**
 * A CSV sheet from the spooled upload, decoded in the encoding the upload probe found (UTF-8 or
 * Windows-1252) and parsed by csv-parse a chunk at a time. The separator is the header line's:
 * `;` (what Excel pt-BR writes) when it has more semicolons than commas, else `,`. Rows, columns
 * and cell lengths are counted; csv-parse's record cap bounds what one unclosed quote can hold.
 */

/** The first line of the file, decoded: enough to choose the separator. */
async function firstLine(path: string, encoding: TextEncodingName): Promise<string> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const text = new TextDecoder(encoding).decode(buffer.subarray(0, bytesRead));
    return text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';
  } finally {
    await file.close();
  }
}

function delimiterOf(line: string): ',' | ';' {
  const count = (c: string) => line.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Position of the last non-blank cell + 1 (trailing empty cells do not count as columns). */
function filledWidth(cells: string[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (cells[i]!.trim() !== '') return i + 1;
  return 0;
}

export async function* csvRows(
  path: string,
  encoding: TextEncodingName,
  limits: SheetLimits,
  signal?: AbortSignal,
): AsyncGenerator<RawRow> {
  const delimiter = delimiterOf(await firstLine(path, encoding));
  const parser = parse({
    delimiter,
    relax_column_count: true,
    skip_empty_lines: false,
    // One record may hold at most every column at its longest: one unclosed quote cannot grow
    // past that (csv-parse buffers the record until it ends).
    max_record_size: limits.cellChars * Math.min(limits.columns, 16) + 1024,
  });
  const source = createReadStream(path, { highWaterMark: 64 * 1024 });
  pipeline(source, new DecodeStream(encoding), parser, () => {});
  let linha = 0;
  // One record of look-ahead: a quote left open swallows the rest of the file and fails only at
  // its end, and that (not the header the open quote cut short) is what the person must fix.
  let held: RawRow | null = null;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (signal?.aborted) throw signal.reason;
      linha++;
      const width = filledWidth(record);
      if (width > limits.columns) throw new SheetLimitError('columns', limits.columns, `linha ${linha}`);
      for (let i = 0; i < width; i++) {
        if (record[i]!.length > limits.cellChars)
          throw new SheetLimitError('cellChars', limits.cellChars, `linha ${linha}, coluna ${i + 1}`);
      }
      if (held) yield held;
      held = { linha, cells: record.slice(0, width) };
    }
    if (held) yield held;
  } catch (error) {
    if (error instanceof AppError || error === signal?.reason) throw error;
    if ((error as { code?: unknown })?.code === 'CSV_MAX_RECORD_SIZE')
      throw new SheetLimitError('cellChars', limits.cellChars, `linha ${linha + 1}`);
    throw new SheetReadError('csv', csvReadReason(error, linha));
  } finally {
    // Reading stops with the reader (a limit, a bad header, the client gone): no work goes on.
    source.destroy();
    parser.destroy();
  }
}
