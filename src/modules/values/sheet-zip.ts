import { open as openFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type Entry, open, type ZipFile } from 'yauzl';
import { t } from '../../http/i18n.js';
import { SheetLimitError, type SheetLimits, sheetWork } from '../../lib/sheet-limits.js';
import { SheetReadError } from './sheet-errors.js';

/**
 * The zip inside an xlsx, read with yauzl from the spooled upload: yauzl reads the central
 * directory (at the file's end) first, so every entry's declared sizes are checked before a byte
 * is inflated, and while inflating it fails as soon as an entry gives more bytes than it declared.
 * The readers here count the inflated bytes as well, against UPLOAD_MAX_INFLATED_BYTES, and stop
 * on the signal (the client went away).
 */

/** Past this size an entry's compression ratio is checked (small XML parts compress very well). */
const RATIO_FLOOR = 1_048_576;

export const notXlsx = () =>
  new SheetReadError(
    'xlsx',
    t(
      'não é um xlsx válido (Excel 2007 ou posterior): o conteúdo não é um pacote zip de planilha; salve-o de novo como .xlsx ou como CSV.',
      'it is not a valid xlsx (Excel 2007 or later): the content is not a spreadsheet zip package; save it again as .xlsx or as CSV.',
    ),
  );

export const damaged = () =>
  new SheetReadError(
    'xlsx',
    t(
      'o arquivo está corrompido ou incompleto; salve-o de novo como .xlsx ou como CSV',
      'the file is damaged or incomplete; save it again as .xlsx or as CSV',
    ),
  );

export class XlsxZip {
  private inflated = 0;
  private constructor(
    private readonly zip: ZipFile,
    readonly entries: Map<string, Entry>,
    private readonly limits: SheetLimits,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Opens the zip and checks its entries: count, declared sizes, compression ratios, encryption. */
  static async open(path: string, limits: SheetLimits, signal?: AbortSignal): Promise<XlsxZip> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, file) =>
        error || !file ? reject(error) : resolve(file),
      ),
    ).catch(async () => {
      // A zip's start with no directory at its end is a file cut short; anything else is no xlsx.
      throw (await startsLikeZip(path)) ? damaged() : notXlsx();
    });
    try {
      if (zip.entryCount > limits.zipEntries) throw new SheetLimitError('zipEntries', limits.zipEntries);
      const entries = await readEntries(zip, limits);
      return new XlsxZip(zip, entries, limits, signal);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  close(): void {
    this.zip.close();
  }

  /**
   * The chunks of one entry, inflated, as UTF-8 text (the XML parts of an xlsx are UTF-8). The
   * entry's own cap (e.g. the shared strings') is checked on its declared size first.
   */
  async *text(name: string, cap?: { limit: number; kind: 'sharedStringsBytes' }): AsyncGenerator<string> {
    const entry = this.entries.get(name);
    if (!entry) return;
    if (cap && entry.uncompressedSize > cap.limit) throw new SheetLimitError(cap.kind, cap.limit);
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, s) => (error || !s ? reject(damaged()) : resolve(s))),
    );
    sheetWork.openEntryStreams++;
    stream.once('close', () => sheetWork.openEntryStreams--);
    const decoder = new TextDecoder('utf-8');
    let own = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (this.signal?.aborted) throw this.signal.reason;
        this.inflated += chunk.length;
        sheetWork.inflatedBytes += chunk.length;
        own += chunk.length;
        if (this.inflated > this.limits.inflatedBytes)
          throw new SheetLimitError('inflatedBytes', this.limits.inflatedBytes);
        if (cap && own > cap.limit) throw new SheetLimitError(cap.kind, cap.limit);
        yield decoder.decode(chunk, { stream: true });
      }
    } catch (error) {
      if (error instanceof SheetLimitError || error === this.signal?.reason) throw error;
      if (error instanceof SheetReadError) throw error;
      throw damaged();
    } finally {
      // Stops the inflating at once when the reader stopped early (a limit, an error, the client).
      stream.destroy();
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
}

async function startsLikeZip(path: string): Promise<boolean> {
  const file = await openFile(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await file.close();
  }
}

function readEntries(zip: ZipFile, limits: SheetLimits): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  let declared = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.removeAllListeners('entry');
      reject(error);
    };
    zip.on('entry', (entry: Entry) => {
      declared += entry.uncompressedSize;
      if (declared > limits.inflatedBytes) return fail(new SheetLimitError('inflatedBytes', limits.inflatedBytes));
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_FLOOR && ratio > limits.zipRatio)
        return fail(new SheetLimitError('zipRatio', limits.zipRatio, entry.fileName.slice(0, 100)));
      if (entry.isEncrypted()) return fail(notXlsx());
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => fail(notXlsx()));
    zip.readEntry();
  });
}
