/**
 * What the dashboard and scale benches share: the load generator, the CPU meter, and one measured
 * case (a load run against a service) with its CPU per request and how quiet the machine was.
 */
import { spawnSync } from 'node:child_process';
import { SignJWT } from 'jose';
import type pg from 'pg';
import type { LoadResult } from './load-generator.js';
import { describeQuiet, type Quietness, quietOnly, spread, watchMachine } from './machine.js';
import { CpuMeter, cpuMs, Generator, type Service, startService, type Wrapper } from './processes.js';

export interface Measured extends LoadResult {
  /** ms of CPU per answered request: the service process, and its database backends. */
  serviceCpu: number;
  databaseCpu: number;
  quiet: Quietness;
}

/** One printed figure: what was measured, the target it is held to, and the verdict. */
export interface CaseResult {
  name: string;
  figure: string;
  target: string;
  pass: boolean;
  /** Every run of it was measured while other work used the machine: not counted either way. */
  busy?: boolean;
}

export const latency = (m: Measured) =>
  `p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ${m.throughput.toFixed(0)} req/s, ${m.errors} errors`;
export const cpu = (m: Measured) =>
  `CPU/request service ${m.serviceCpu.toFixed(2)} ms, database ${m.databaseCpu.toFixed(2)} ms`;
export const quietness = (m: Measured) => `[${describeQuiet(m.quiet)}]`;

export class Rig {
  readonly generator = new Generator();
  readonly meter: CpuMeter;

  constructor(admin: pg.Pool) {
    this.meter = new CpuMeter(admin);
  }

  /** The bench's own CPU so far (ms): this process, the generator, the service and its backends. */
  #own(reading: Awaited<ReturnType<CpuMeter['read']>>): number {
    const self = process.cpuUsage();
    let backends = 0;
    for (const ms of reading.backends.values()) backends += ms;
    return (self.user + self.system) / 1000 + cpuMs(this.generator.pid) + reading.service + backends;
  }

  async measure(
    service: Service,
    paths: string[],
    options: { headers: Record<string, string>; rate?: number; seconds: number },
  ): Promise<Measured> {
    const before = await this.meter.read(service);
    const done = watchMachine(this.#own(before));
    const r = await this.generator.run({
      base: service.url,
      paths,
      headers: options.headers,
      durationS: options.seconds,
      rate: options.rate,
      connections: 20,
    });
    const after = await this.meter.read(service);
    // Backends that ended during the case are gone from `after`: count what `before` saw of them.
    for (const [pid, ms] of before.backends) if (!after.backends.has(pid)) after.backends.set(pid, ms);
    const quiet = done(this.#own(after));
    const used = CpuMeter.since(before, after);
    const n = Math.max(1, r.completed);
    return { ...r, serviceCpu: used.service / n, databaseCpu: used.database / n, quiet };
  }

  close(): void {
    this.generator.close();
  }
}

/**
 * A figure over repeated runs: the quiet runs' values as "median (min–max)", or every run's
 * marked "(busy)" when none was quiet; `values` are the ones the verdict reads.
 */
export function overRuns<T extends { quiet: Quietness }>(runs: T[], value: (run: T) => number, digits = 2) {
  const { used, allBusy } = quietOnly(runs);
  const values = used.map(value);
  const left = runs.length - used.length;
  const note = allBusy ? ' (every run busy)' : left > 0 ? ` (${left} busy run(s) left out)` : '';
  return { values, text: `${spread(values, digits)}${note}`, allBusy };
}

/**
 * Right after a seed, the tables the cases read are as a bulk load leaves them (no visibility map,
 * hint bits unset) and autovacuum is still at work on both cores: measured then, the autocomplete
 * read up to 1.6× the database CPU it reads once the tables settle, and the counters' first round
 * on a fresh 5M database 5.75 ms of database CPU per request against 0.46 ms in the next. So every
 * table is vacuumed first (as autovacuum would in time; a table vacuumed before costs little).
 */
export async function settle(admin: pg.Pool, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  await admin.query('vacuum (analyze)');
  log(
    `vacuum analyze, every table (visibility map, hint bits): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (let waited = 0; waited < 180; waited += 5) {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'",
    );
    if ((rows[0]?.n ?? 0) === 0) break;
    if (waited === 0) log('waiting for autovacuum to finish (at most 3 minutes)...');
    await new Promise((r) => setTimeout(r, 5000));
  }
  await flushToDisk([admin], log);
}

/**
 * Writes what earlier work left dirty before anything is measured: the databases' shared buffers
 * (a checkpoint) and then the kernel's page cache (`sync`). Left alone, the checkpointer and the
 * kernel's writeback threads write them out during the next cases, which then read busy (0.2–0.3
 * of a core of "others" in session 13's first cases after a seed, a vacuum or a round's writes).
 */
export async function flushToDisk(admins: pg.Pool[], log: (line: string) => void): Promise<void> {
  const started = performance.now();
  for (const admin of admins) {
    await admin.query('checkpoint').catch((error: Error) => log(`checkpoint skipped (${error.message})`));
  }
  spawnSync('sync');
  log(`checkpoint and sync: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** An IE staff token for one IE, signed with the secret the bench starts renova with. */
export function benchToken(secret: string, ieId: number): Promise<string> {
  return new SignJWT({ role: 'IE', name: 'bench', ies: [ieId] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('bench')
    .setIssuer('renova')
    .setAudience('renova-api')
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
}

/** renova as the benches run it: compiled, quiet logs, no rate limit, a pool of 20 (`tag`: see startService). */
export function startRenova(databaseUrl: string, secret: string, wrapper?: Wrapper, tag?: string): Promise<Service> {
  return startService(
    'renova',
    databaseUrl,
    {
      JWT_SECRET: secret,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      DATABASE_POOL_MAX: '20',
    },
    wrapper,
    tag,
  );
}
