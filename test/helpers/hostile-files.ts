import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile uploads built in memory (never committed): xlsx packages written entry by entry, so a
 * test can make a zip bomb, lie about sizes, or hold 50,000 long shared strings. Used by the
 * upload tests and by bench/uploads.ts.
 */

export interface ZipEntry {
  name: string;
  /** The entry's bytes, or a generator of chunks (deflated a chunk at a time: a bomb never sits whole in memory). */
  data: Buffer | (() => Iterable<Buffer>);
  /** Lie in the headers: the uncompressed size written (default: the true one). */
  declaredSize?: number;
}

function deflated(data: ZipEntry['data']): { body: Buffer; size: number; crc: number } {
  if (Buffer.isBuffer(data)) return { body: deflateRawSync(data), size: data.length, crc: crc32(data) };
  // Deflate chunk by chunk with one stream state: zlib's sync API has no streaming form, so each
  // chunk is deflated alone and the raw blocks concatenated (each a valid non-final block).
  const bodies: Buffer[] = [];
  let size = 0;
  let crc = 0;
  for (const chunk of data()) {
    bodies.push(deflateRawSync(chunk, { finishFlush: 2 /* Z_SYNC_FLUSH: no final block */ }));
    size += chunk.length;
    crc = crc32(chunk, crc);
  }
  bodies.push(deflateRawSync(Buffer.alloc(0)));
  return { body: Buffer.concat(bodies), size, crc };
}

/** A zip (deflate) of the entries. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { body, size, crc } = deflated(entry.data);
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(Math.min(declared, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc >>> 0, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(Math.min(declared, 0xfffffffe), 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += 30 + name.length + body.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** The parts every workbook has, around a first sheet and optional shared strings. */
export function xlsxPackage(sheet: ZipEntry['data'], options: { shared?: ZipEntry; sheetDeclared?: number } = {}) {
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook ${NS} ${REL_NS}><sheets><sheet name="valores" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: options.sheetDeclared },
  ];
  if (options.shared) entries.push(options.shared);
  return zipOf(entries);
}

const HEADER_ROW =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>brbId</t></is></c><c r="B1" t="inlineStr"><is><t>qtdParcelasCobertura</t></is></c>' +
  '<c r="C1" t="inlineStr"><is><t>valorCtrPrestServico</t></is></c><c r="D1" t="inlineStr"><is><t>percentualConcedido</t></is></c>' +
  '<c r="E1" t="inlineStr"><is><t>valorContrato</t></is></c></row>';

/** A legal sheet's rows (brbIds from `first`), as sheet XML chunks. */
export function* legalSheet(rows: number, first = 1): Iterable<Buffer> {
  yield xml(`<worksheet ${NS}><sheetData>${HEADER_ROW}`);
  const batch: string[] = [];
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    batch.push(
      `<row r="${r}"><c r="A${r}"><v>${first + i}</v></c><c r="B${r}"><v>6</v></c><c r="C${r}"><v>9000</v></c><c r="D${r}"><v>50</v></c><c r="E${r}"><v>4500</v></c></row>`,
    );
    if (batch.length === 2000) yield Buffer.from(batch.splice(0).join(''));
  }
  if (batch.length > 0) yield Buffer.from(batch.join(''));
  yield Buffer.from('</sheetData></worksheet>');
}

/** A zip bomb: the header, then `mib` MiB of the same empty-row XML (compresses ~1000 times). */
export function* bombSheet(mib: number): Iterable<Buffer> {
  yield xml(`<worksheet ${NS}><sheetData>${HEADER_ROW}`);
  const filler = Buffer.alloc(1_048_576, ' ');
  for (let i = 0; i < mib; i++) yield filler;
  yield Buffer.from('</sheetData></worksheet>');
}

/** Shared strings: `count` different strings of `length` characters each (random: they do not compress). */
export function sharedStringsEntry(count: number, length: number): ZipEntry {
  return {
    name: 'xl/sharedStrings.xml',
    data: function* () {
      yield xml(`<sst ${NS} count="${count}" uniqueCount="${count}">`);
      for (let i = 0; i < count; i += 1000) {
        const parts: string[] = [];
        for (let j = i; j < Math.min(count, i + 1000); j++)
          parts.push(
            `<si><t>${randomBytes(Math.ceil((length * 3) / 4))
              .toString('base64')
              .slice(0, length)}</t></si>`,
          );
        yield Buffer.from(parts.join(''));
      }
      yield Buffer.from('</sst>');
    },
  };
}

/** One row whose name cell holds `chars` characters (an inline string; random letters: they do not compress). */
export function hugeCellSheet(chars: number, random = false): Buffer {
  const cell = random
    ? Buffer.from(
        randomBytes(Math.ceil((chars * 3) / 4))
          .toString('base64')
          .slice(0, chars),
      )
    : Buffer.alloc(chars, 'x');
  return Buffer.concat([
    xml(`<worksheet ${NS}><sheetData>${HEADER_ROW}<row r="2"><c r="A2"><v>1</v></c><c r="F2" t="inlineStr"><is><t>`),
    cell,
    Buffer.from('</t></is></c></row></sheetData></worksheet>'),
  ]);
}
