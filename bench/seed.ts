// Seeds a fresh PostgreSQL database with the big demo (500 IEs, 1,000,000 students) through the
// CLI, as an operator would, and reports the wall time and the CLI process's peak memory.
// Leaves the database seeded for the other benchmarks.
//   npx tsx bench/seed.ts [--ies 500] [--students 1000000] [--seed 42]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/renova_bench (default)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { argument } from './args.js';

export interface SeedBenchOptions {
  url?: string;
  ies?: number;
  students?: number;
  seed?: number;
}

export interface SeedBenchResult {
  url: string;
  ies: number;
  students: number;
  seconds: number;
  peakRssBytes: number;
}

/** Targets of issue 2: the big seed on PostgreSQL within 120 s and 1 GiB. */
export const SEED_TARGETS = { seconds: 120, peakRssBytes: 1024 ** 3 };

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/renova_bench';
const CLI = fileURLToPath(new URL('../bin/renova.js', import.meta.url));

/** Drops and creates the database named in the URL, through the server's `postgres` database. */
async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  if (name.startsWith('renova_t_') || name.startsWith('renova_tpl_'))
    throw new Error(`"${name}" belongs to the test runner; pick another BENCH_DATABASE_URL`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Peak resident set of a running process (VmHWM), in bytes; 0 once it has gone. */
function peakRss(pid: number): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function benchSeed(options: SeedBenchOptions = {}): Promise<SeedBenchResult> {
  const url = options.url ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const ies = options.ies ?? 500;
  const students = options.students ?? 1_000_000;
  const seed = options.seed ?? 42;
  await recreateDatabase(url);
  // Migrating is part of what `renova seed` does on a fresh database, so it is inside the timing.
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    [CLI, 'seed', '--ies', String(ies), '--students', String(students), '--seed', String(seed)],
    { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, peakRss(child.pid));
  }, 100);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    // 'exit' fires before the process is reaped, so /proc still answers one last time.
    child.on('exit', (exitCode) => {
      if (child.pid) peak = Math.max(peak, peakRss(child.pid));
      resolve(exitCode);
    });
  }).finally(() => clearInterval(sampler));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`renova seed exited with code ${code}`);
  return { url, ies, students, seconds, peakRssBytes: peak };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const result = await benchSeed({ ies: argument('ies'), students: argument('students'), seed: argument('seed') });
    const mib = result.peakRssBytes / 1024 ** 2;
    const within = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET');
    process.stdout.write(
      [
        `seed bench: ${result.ies} IEs, ${result.students} students`,
        `  elapsed:  ${result.seconds.toFixed(1)} s (${within(result.seconds <= SEED_TARGETS.seconds)}: ${SEED_TARGETS.seconds} s)`,
        `  peak RSS: ${mib.toFixed(0)} MiB (${within(result.peakRssBytes <= SEED_TARGETS.peakRssBytes)}: 1024 MiB)`,
        `  database: ${result.url} (left seeded)`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    process.stderr.write(`seed bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
