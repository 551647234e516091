/**
 * The dashboard bench's processes and their CPU accounts: renova (the compiled service, as
 * `npm run bench` builds it) and the bare ceiling each run in a child process of their own, with
 * their own PostgreSQL application_name, so the CPU each spends — and its database backends
 * spend — is read from /proc around every case (cpuMs).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { LoadResult, LoadSpec } from './load-generator.js';
import { nodeArgs, serviceNodeFlags } from './node-flags.js';

const TICK_MS = 10; // CLK_TCK is 100 on Linux
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * CPU time a process has used so far, in ms (0 once it has gone): the scheduler's own count in
 * nanoseconds (/proc/<pid>/schedstat) where the kernel keeps it, else utime + stime, which come
 * in 10 ms ticks: over a 5-second case of 200 requests, a tick more or less on each of a few
 * backends moved a per-request figure by a tenth of a millisecond or more.
 */
export function cpuMs(pid: number): number {
  try {
    const ns = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch {}
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Service {
  name: string;
  url: string;
  pid: number;
  applicationName: string;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, withinS = 60) {
  for (let i = 0; i < withinS * 4; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}: not healthy after ${withinS} s`);
}

/** How a service is run under a tool (bench/cachesim.ts: valgrind): its command before node's, and a longer start. */
export interface Wrapper {
  command: string[];
  healthyWithinS: number;
}

/**
 * Starts a service process on a free port with the database URL tagged by its application_name;
 * `tag` tells apart two processes of the same service (its backends' CPU is counted by that name).
 */
export async function startService(
  name: 'renova' | 'ceiling',
  databaseUrl: string,
  env: Record<string, string>,
  wrapper?: Wrapper,
  tag?: string,
): Promise<Service> {
  const port = await freePort();
  const applicationName = `bench-${name}${tag ? `-${tag}` : ''}-${process.pid}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  // BENCH_RENOVA_CLI runs another build (an A/B of two commits: a worktree's dist/cli.js).
  const compiled = process.env.BENCH_RENOVA_CLI ?? here('../dist/cli.js');
  if (name === 'renova' && !existsSync(compiled)) throw new Error('dist/cli.js is missing: run npm run build');
  const args =
    name === 'renova' ? [...serviceNodeFlags(), compiled, 'serve'] : ['--import', 'tsx', here('./ceiling-server.ts')];
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles both services alike.
  args.unshift(...nodeArgs(process.env.BENCH_NODE_ARGS));
  const [command, ...before] = [...(wrapper?.command ?? []), process.execPath];
  const child = spawn(command as string, [...before, ...args], {
    env: { ...process.env, ...env, DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', process.env.BENCH_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child, wrapper?.healthyWithinS);
  return {
    name,
    url: base,
    pid: child.pid as number,
    applicationName,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU of a service process and of its database backends, between two readings. */
export class CpuMeter {
  constructor(private readonly admin: pg.Pool) {}

  async read(service: Service): Promise<{ service: number; backends: Map<number, number> }> {
    const { rows } = await this.admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
      [service.applicationName],
    );
    return { service: cpuMs(service.pid), backends: new Map(rows.map((r) => [r.pid, cpuMs(r.pid)])) };
  }

  /** ms of CPU since `before`: the service's, and its backends' (those that started since count whole). */
  static since(before: Awaited<ReturnType<CpuMeter['read']>>, after: Awaited<ReturnType<CpuMeter['read']>>) {
    let database = 0;
    for (const [pid, ms] of after.backends) database += ms - (before.backends.get(pid) ?? 0);
    return { service: after.service - before.service, database };
  }
}

/** The load generator process (bench/load-generator.ts), one run at a time. */
export class Generator {
  readonly #child = fork(here('./load-generator.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });

  /** The generator's process id, so its CPU counts as the bench's own (machine.ts). */
  get pid(): number {
    return this.#child.pid as number;
  }

  run(spec: LoadSpec): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      this.#child.once('message', (result) => resolve(result as LoadResult));
      this.#child.send(spec, (error) => error && reject(error));
    });
  }

  close(): void {
    this.#child.disconnect();
  }
}
