/**
 * Hostile uploads against the real import: for each file, the peak RSS above idle and the time
 * until the answer, on both databases, each in its own process: PGlite (in the process, so its
 * memory counts) and PostgreSQL (a scratch database on BENCH_DATABASE_URL's server, default
 * 127.0.0.1:5432, created and dropped by the run). The peak is the kernel's (VmHWM, reset before
 * each file through /proc/self/clear_refs), so a peak while the event loop is blocked is seen too.
 * Run: `npx tsx bench/uploads.ts`. The defaults of src/config.ts apply; the target for a legal file
 * is 150 MiB above idle (issue 23). Timings depend on the machine and its load; memory much less.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const TARGET_MIB = 150;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const which = process.env.BENCH_UPLOADS_DB;
if (!which) {
  // The parent: one child per database, so neither inherits the other's heap or PGlite's memory.
  const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = '/postgres';
  for (const [db, env] of [
    ['pglite', {}],
    ['postgres', { TEST_DATABASE_URL: server.toString() }],
  ] as const) {
    console.log(
      `\n### ${db === 'pglite' ? 'PGlite (in this process)' : `PostgreSQL (${server.host}, scratch database)`}\n`,
    );
    const { TEST_DATABASE_URL: _ignored, ...inherited } = process.env;
    console.log(
      execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', process.argv[1]!], {
        env: { ...inherited, ...env, BENCH_UPLOADS_DB: db },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 16 * MiB,
      }).trimEnd(),
    );
  }
  process.exit(0);
}

/** The peak RSS since the last reset (VmHWM), or null where /proc is not there. */
function peakRss(): number | null {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
  } catch {
    return null;
  }
}
/** Resets VmHWM to the current RSS (Linux 4.0+). */
function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {}
}

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
/** Files under every limit: their peak is held against the target. */
const LEGAL = new Set(['legal.xlsx']);
const verdicts: string[] = [];

const rows: string[][] = [];

// The reader alone on the legal file: the sheet's own cost, without the batch and the database
// (PGlite runs inside this process, so its memory is in the RSS of the rows above).
{
  const path = join(tmpdir(), `renova-bench-${process.pid}.xlsx`);
  const legal = xlsxPackage(() => legalSheet(100_000, 1));
  writeFileSync(path, legal);
  gc();
  resetPeak();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  let read = 0;
  for await (const _ of readSheet({ path, format: 'xlsx' })) read++;
  clearInterval(sampler);
  peak = Math.max(peak, peakRss() ?? 0);
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
  resetPeak();
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
  peak = Math.max(peak, process.memoryUsage().rss, peakRss() ?? 0);
  const aboveMiB = (peak - idle) / MiB;
  if (LEGAL.has(filename))
    verdicts.push(
      `${label}: peak ${aboveMiB.toFixed(0)} MiB above idle, target ≤ ${TARGET_MIB} MiB: ${aboveMiB <= TARGET_MIB ? 'PASS' : 'MISS'}`,
    );
  const body = response.json() as { detail?: string; registrosComErro?: number };
  rows.push([
    label,
    `${(file.length / MiB).toFixed(1)} MiB`,
    String(response.statusCode),
    `${Math.round(ms)} ms`,
    `${aboveMiB.toFixed(0)} MiB`,
    (body.detail ?? `${body.registrosComErro ?? 0} rows with errors (no such students)`).slice(0, 70),
  ]);
}
await t.close();

const head = ['file', 'size', 'status', 'answer after', 'peak RSS above idle', 'answer'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
console.log(`\n${verdicts.join('\n')}`);
