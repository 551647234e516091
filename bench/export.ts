// Benchmark: a 100,000-row list exported through the HTTP server must take ≤ 3 s as CSV and ≤ 8 s
// as xlsx on PostgreSQL, with peak RSS ≤ 200 MB and event-loop delay p99 ≤ 50 ms while it runs.
// The list is the audit trail (/s/auditoria, 13 columns: instants, text, integers), filled with
// 100,000 rows of one IE in a scratch database on the server of BENCH_DATABASE_URL (dropped after).
// The service runs in a process of its own (bench/import-server.js: plain node on the compiled
// service in dist/, built here first when missing or older than src/), which samples its own RSS and
// event-loop delay; the client that reads and drops the body runs here, so it does not count.
//   npx tsx bench/export.ts [rows]
import { request } from 'node:http';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createAuth } from '../src/http/auth.js';
import { withScratchDatabase } from './scratch-db.js';
import { cpuSeconds, ensureBuilt, startServerProcess, verdict } from './server-process.js';

export const EXPORT_TARGETS = { csvSeconds: 3, xlsxSeconds: 8, peakRssBytes: 200 * 1024 * 1024, eventLoopP99Ms: 50 };

export interface ExportBenchCase {
  format: 'csv' | 'xlsx';
  rows: number;
  bytes: number;
  seconds: number;
  targetSeconds: number;
  peakRssBytes: number;
  eventLoopP99Ms: number;
  /** The idle server's event-loop p99 over 2 s just before the download (the machine's share). */
  idleEventLoopP99Ms: number;
  /** CPU seconds the server process used for the download. */
  cpuSeconds: number;
  pass: boolean;
}

function download(url: string, token: string): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ bytes, lines }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function benchExport(options: { url?: string; rows?: number; log: (line: string) => void }) {
  const rows = options.rows ?? 100_000;
  return withScratchDatabase('export', options, async ({ url, db }) => {
    await sql`
      insert into auditoria (em, usuario, usuario_nome, papel, operacao, metodo, rota, brb_id, lote_id, ie_ids,
        efetivado, status, request_id)
      select now() - g * interval '1 second', 'user-' || (g % 50), 'Usuária Número ' || (g % 50), 'IE',
        (array['sendValuesV3', 'lockEnrolment', 'acceptBatchRows'])[1 + g % 3], 'POST',
        '/s/v3/mais-acoes/enviar-valores', g, case when g % 4 = 0 then g / 4 end, array[1::int8],
        g % 10 <> 0, case when g % 10 = 0 then 409 else 200 end, 'req-' || md5(g::text)
      from generate_series(1, ${rows}) g`.execute(db);
    await sql`analyze auditoria`.execute(db);
    ensureBuilt(options.log);
    const secret = 'bench-secret-bench-secret-bench-secret-0123';
    const config = loadConfig({ DATABASE_URL: url, JWT_SECRET: secret, LOG_LEVEL: 'silent' });
    const auth = await createAuth(config.jwt, null);
    const token = await auth.sign!({ sub: 'bench', role: 'IE', ies: [1] });
    const server = await startServerProcess(url, secret);
    const cases: ExportBenchCase[] = [];
    try {
      for (const format of ['csv', 'xlsx'] as const) {
        // Control: the idle server's event-loop delay over 2 s just before, i.e. what the machine's
        // load alone costs it (on a busy shared machine the process waits for a core).
        await server.ask('start');
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const { eventLoopP99Ms: idleP99 = 0 } = await server.ask('stop');
        const { rss: startRss = 0 } = await server.ask('start');
        const cpuBefore = cpuSeconds(server.pid);
        const started = performance.now();
        const got = await download(`http://127.0.0.1:${server.port}/s/auditoria?formato=${format}`, token);
        const seconds = (performance.now() - started) / 1000;
        const cpu = cpuSeconds(server.pid) - cpuBefore;
        const { peakRss: peak = 0, eventLoopP99Ms: p99 = 0 } = await server.ask('stop');
        const targetSeconds = format === 'csv' ? EXPORT_TARGETS.csvSeconds : EXPORT_TARGETS.xlsxSeconds;
        if (format === 'csv' && got.lines !== rows + 1) throw new Error(`CSV has ${got.lines} lines, not ${rows + 1}`);
        const c: ExportBenchCase = {
          format,
          rows,
          bytes: got.bytes,
          seconds,
          targetSeconds,
          peakRssBytes: peak,
          eventLoopP99Ms: p99,
          idleEventLoopP99Ms: idleP99,
          cpuSeconds: cpu,
          pass: seconds <= targetSeconds && peak <= EXPORT_TARGETS.peakRssBytes && p99 <= EXPORT_TARGETS.eventLoopP99Ms,
        };
        const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
        options.log(
          `export ${rows.toLocaleString('en')} rows ${format} (${(got.bytes / 2 ** 20).toFixed(1)} MiB), server process:\n` +
            `  time            ${seconds.toFixed(2)} s   target ≤ ${targetSeconds} s   ${verdict(seconds <= targetSeconds)}\n` +
            `  peak RSS        ${mib(peak)} MiB   target ≤ ${mib(EXPORT_TARGETS.peakRssBytes)} MiB   ${verdict(peak <= EXPORT_TARGETS.peakRssBytes)} (at start ${mib(startRss)} MiB)\n` +
            `  server CPU      ${cpu.toFixed(2)} s   (informational: the time on an idle core)\n` +
            `  event-loop p99  ${p99.toFixed(1)} ms   target ≤ ${EXPORT_TARGETS.eventLoopP99Ms} ms   ${verdict(p99 <= EXPORT_TARGETS.eventLoopP99Ms)} (idle just before: ${idleP99.toFixed(1)} ms)\n` +
            `  → ${verdict(c.pass)}`,
        );
        cases.push(c);
      }
    } finally {
      await server.stop();
    }
    return cases;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.argv[2] ?? 100_000);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const [load1] = (await import('node:os')).loadavg();
  log(`export bench: load average ${load1!.toFixed(1)} at start (the machine is shared; figures vary with it)`);
  await benchExport({ rows, log });
}
