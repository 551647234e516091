/**
 * The tab list's cost per request in counts, not seconds (#25, goal 3): instructions and simulated
 * cache misses of renova and of the bare ceiling (the same SQL, bench/ceiling-server.ts), each run
 * under valgrind's callgrind on the seeded bench database. Counts do not depend on what else the
 * machine does (the collector's share aside, see collectorShare), so they say where the dashboard
 * bench's CPU ratio comes from: more instructions, or the same instructions missing the caches
 * more often.
 *
 * Each service answers `--warm` requests uninstrumented (JIT and caches settled), then `--requests`
 * more with instrumentation on, one at a time; the counts over those are divided by their number.
 * The last-level cache is simulated at `--ll` bytes, 16-way (default 1 MiB: a core's L2 on the
 * bench machines; their L3 is shared with the database backends). Both services run at once, each
 * in its own valgrind (~8 minutes on the bench machines). Needs valgrind (Debian's package).
 *
 *   BENCH_DATABASE_URL=postgres://…/renova_bench npx tsx bench/cachesim.ts [--requests 1000] [--warm 8000] [--ll 1048576]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Caller } from '../src/http/auth.js';
import { argument } from './args.js';
import { ceilingRoutes } from './ceiling-routes.js';
import { pickSubject, tabPath } from './dashboard-data.js';
import { type Service, startService, type Wrapper } from './processes.js';
import { benchToken, startRenova } from './rig.js';
import { ensureBuilt } from './server-process.js';

const LABELS: Record<string, string> = {
  Ir: 'instructions',
  I1mr: 'L1 instruction misses',
  D1mr: 'L1 data read misses',
  D1mw: 'L1 data write misses',
  ILmr: 'last-level instruction misses',
  DLmr: 'last-level data read misses',
  DLmw: 'last-level data write misses',
};

type Counts = Record<string, number>;

/** `n` GET requests, one at a time on one kept-alive connection; any answer but 200 stops the run. */
async function send(url: string, path: string, headers: Record<string, string>, n: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < n; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.get(`${url}${path}`, { agent, headers }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
      });
      if (status !== 200) throw new Error(`${url}${path} answered ${status}`);
    }
  } finally {
    agent.destroy();
  }
}

/** callgrind_control finds the process by a FIFO named after $HOST, which startService sets to 127.0.0.1. */
function control(pid: number, option: string): void {
  execFileSync('callgrind_control', [option, String(pid)], {
    env: { ...process.env, HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
}

/** The events and totals of a callgrind dump. */
function countsOf(file: string): Counts {
  const text = readFileSync(file, 'utf8');
  const events = /^events: (.+)$/m.exec(text)?.[1]?.split(' ') ?? [];
  const totals = /^totals: (.+)$/m.exec(text)?.[1]?.split(' ').map(Number) ?? [];
  return Object.fromEntries(events.map((event, i) => [event, totals[i] ?? 0]));
}

/** V8's garbage collector's functions (scavenges, marking, sweeping, evacuation), by name. */
const COLLECTOR =
  /Scaveng|Mark(Compact|ing)|Sweep|Evacuat|RememberedSet|SlotSet|SemiSpace|heap::base|GCTracer|v8::internal::Heap::/;

/**
 * The collector's share of a dump's instructions and last-level misses (callgrind_annotate's
 * per-function self counts). Under valgrind a request takes ~50 times as long, so work driven by
 * the clock (V8's memory reducer and its major collections, timers) lands on far fewer requests
 * than at full speed: a major collection of renova's larger heap inside the counted window moved
 * its instructions by up to a fifth. The figures without the collector repeat far better.
 */
function collectorShare(file: string, events: string[]): Counts {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', `--show=${events.join(',')}`, file], {
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  const share: Counts = Object.fromEntries(events.map((event) => [event, 0]));
  const cell = /\s*(?:([\d,]+)\s+\([^)]*\)|\.)/y;
  for (const line of text.split('\n')) {
    const values: number[] = [];
    cell.lastIndex = 0;
    for (let m = cell.exec(line); m && values.length < events.length; m = cell.exec(line)) {
      values.push(m[1] ? Number(m[1].replaceAll(',', '')) : 0);
    }
    if (values.length < events.length || !COLLECTOR.test(line.slice(cell.lastIndex))) continue;
    events.forEach((event, i) => {
      share[event] = (share[event] ?? 0) + (values[i] ?? 0);
    });
  }
  return share;
}

interface Options {
  requests: number;
  warm: number;
  llBytes: number;
}

async function measure(
  start: (wrapper: Wrapper) => Promise<Service>,
  path: string,
  headers: Record<string, string>,
  options: Options,
): Promise<{ all: Counts; collector: Counts }> {
  const dir = mkdtempSync(join(tmpdir(), 'renova-cachesim-'));
  const out = join(dir, 'callgrind.out');
  const service = await start({
    command: [
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      '--smc-check=all-non-file',
      '--cache-sim=yes',
      `--LL=${options.llBytes},16,64`,
      `--callgrind-out-file=${out}`,
      `--log-file=${join(dir, 'valgrind.log')}`,
    ],
    healthyWithinS: 900,
  });
  try {
    await send(service.url, path, headers, options.warm);
    control(service.pid, '--instr=on');
    await send(service.url, path, headers, options.requests);
    control(service.pid, '--dump');
    const dump = `${out}.1`;
    for (let i = 0; i < 600 && !(existsSync(dump) && /^totals:/m.test(readFileSync(dump, 'utf8'))); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const counts = countsOf(dump);
    const collector = collectorShare(dump, ['Ir', 'ILmr', 'DLmr', 'DLmw']);
    const perRequest = (c: Counts) => Object.fromEntries(Object.entries(c).map(([e, n]) => [e, n / options.requests]));
    return { all: perRequest(counts), collector: perRequest(collector) };
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/renova_bench';
const options: Options = {
  requests: argument('requests') ?? 1000,
  warm: argument('warm') ?? 8000,
  llBytes: argument('ll') ?? 1 << 20,
};
try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  process.stderr.write('valgrind is not installed (Debian: apt-get install valgrind).\n');
  process.exit(1);
}
ensureBuilt((line) => process.stdout.write(`${line}\n`));
const admin = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const subject = await pickSubject(admin);
await admin.end();
const secret = randomBytes(32).toString('hex');
const caller: Caller = { sub: 'bench', name: 'bench', role: 'IE', ies: [subject.ieId], grupoIe: null, all: false };
const headers = { authorization: `Bearer ${await benchToken(secret, subject.ieId)}` };
const routes = JSON.stringify(await ceilingRoutes(databaseUrl, caller, subject));
process.stdout.write(
  `tab list of IE ${subject.ieId} (${tabPath(subject)}): ${options.warm} requests to warm up, ${options.requests} counted, last level ${options.llBytes / 1024} KiB 16-way\n`,
);
const [renova, bare] = await Promise.all([
  measure((wrapper) => startRenova(databaseUrl, secret, wrapper), tabPath(subject), headers, options),
  measure(
    (wrapper) => startService('ceiling', databaseUrl, { BENCH_CEILING_ROUTES: routes }, wrapper),
    '/bare/list',
    headers,
    options,
  ),
]);
const cell = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : `${(n / 1e3).toFixed(1)} k`);
const row = (label: string, a: number, b: number) =>
  `${label.padEnd(38)}${cell(a).padStart(10)}${cell(b).padStart(10)}${`${(a / b).toFixed(2)}×`.padStart(10)}\n`;
process.stdout.write(
  `${'per request'.padEnd(38)}${'renova'.padStart(10)}${'bare'.padStart(10)}${'ratio'.padStart(10)}\n`,
);
for (const [event, label] of Object.entries(LABELS))
  process.stdout.write(row(label, renova.all[event] ?? 0, bare.all[event] ?? 0));
const missed = (c: Counts) => (c.ILmr ?? 0) + (c.DLmr ?? 0) + (c.DLmw ?? 0);
const outside = (c: { all: Counts; collector: Counts }, f: (c: Counts) => number) => f(c.all) - f(c.collector);
process.stdout.write(row('last-level misses, all', missed(renova.all), missed(bare.all)));
process.stdout.write(row("garbage collector's instructions", renova.collector.Ir ?? 0, bare.collector.Ir ?? 0));
process.stdout.write(row("garbage collector's last-level misses", missed(renova.collector), missed(bare.collector)));
const ir = (c: Counts) => c.Ir ?? 0;
process.stdout.write(row('instructions, collector aside', outside(renova, ir), outside(bare, ir)));
process.stdout.write(row('last-level misses, collector aside', outside(renova, missed), outside(bare, missed)));
