/**
 * Hostile uploads against the real import, in this process: for each file, the peak RSS above idle
 * (sampled every 10 ms) and the time until the answer. Run: `node --expose-gc --import tsx
 * bench/uploads.ts`; with TEST_DATABASE_URL=postgres://... the database is PostgreSQL (out of this
 * process), else PGlite in this process. The defaults of src/config.ts apply.
 * Timings depend on the machine and its load; memory much less.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSheet } from '../src/modules/values/sheet.js';
import { createTestApp } from '../test/helpers/app.js';
import { createIe } from '../test/helpers/factories.js';
import {
  bombSheet,
  hugeCellSheet,
  legalSheet,
  sharedStringsEntry,
  xlsxPackage,
} from '../test/helpers/hostile-files.js';
import { multipartBody } from '../test/helpers/values-factories.js';

const MiB = 1_048_576;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const t = await createTestApp({ LOG_LEVEL: 'silent', UPLOAD_LIMIT_BYTES: String(50 * MiB) });
const ie = await createIe(t.db);

const files: [string, string, () => Buffer][] = [
  ['bomb: 1 GiB of XML declared', 'bomb.xlsx', () => xlsxPackage(() => bombSheet(1024))],
  ['bomb: 1 GiB, sizes lied about', 'liar.xlsx', () => xlsxPackage(() => bombSheet(1024), { sheetDeclared: 10_000 })],
  ['ratio: 100 MiB of spaces', 'ratio.xlsx', () => xlsxPackage(() => bombSheet(100))],
  [
    '50,000 long shared strings',
    'shared.xlsx',
    () => xlsxPackage(() => legalSheet(1), { shared: sharedStringsEntry(50_000, 400) }),
  ],
  ['one 40 MB cell (random text)', 'cell.xlsx', () => xlsxPackage(hugeCellSheet(40_000_000, true))],
  ['random bytes as .xlsx', 'random.xlsx', () => randomBytes(4 * MiB)],
  ['legal 100,000-row xlsx', 'legal.xlsx', () => xlsxPackage(() => legalSheet(100_000, 1_000_000_000))],
];

const rows: string[][] = [];

// The reader alone on the legal file: the sheet's own cost, without the batch and the database
// (PGlite runs inside this process, so its memory is in the RSS of the rows above).
{
  const path = join(tmpdir(), `renova-bench-${process.pid}.xlsx`);
  const legal = xlsxPackage(() => legalSheet(100_000, 1));
  writeFileSync(path, legal);
  gc();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  let read = 0;
  for await (const _ of readSheet({ path, format: 'xlsx' })) read++;
  clearInterval(sampler);
  rmSync(path, { force: true });
  rows.push([
    'legal 100,000-row xlsx, reader only',
    `${(legal.length / MiB).toFixed(1)} MiB`,
    '-',
    `${Math.round(performance.now() - started)} ms`,
    `${((peak - idle) / MiB).toFixed(0)} MiB`,
    `${read} rows read`,
  ]);
}
for (const [label, filename, make] of files) {
  const file = make();
  const { payload, headers } = multipartBody({ filename, content: file });
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const response = await t.call({
    method: 'POST',
    url: '/s/v1/contrato/valores/importar-lote',
    payload,
    headers,
    ies: [ie.ieId],
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const body = response.json() as { detail?: string; registrosComErro?: number };
  rows.push([
    label,
    `${(file.length / MiB).toFixed(1)} MiB`,
    String(response.statusCode),
    `${Math.round(ms)} ms`,
    `${((peak - idle) / MiB).toFixed(0)} MiB`,
    (body.detail ?? `${body.registrosComErro ?? 0} rows with errors (no such students)`).slice(0, 70),
  ]);
}
await t.close();

const head = ['file', 'size', 'status', 'answer after', 'peak RSS above idle', 'answer'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
