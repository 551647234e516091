import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Private servers for the fault tests: a PostgreSQL 15 cluster and a redis-server of their own, on
 * ports of this test's range, in a temp directory removed afterwards. The shared servers (5432,
 * 6379) are never touched: these are the ones a test kills.
 */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const root = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb refuses root). */
function pgCommand(binary: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN, binary);
  return root ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

function runPg(binary: string, args: string[], timeout = 120_000): string {
  const [command, full] = pgCommand(binary, args);
  return execFileSync(command, full, { encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` is true (polling), or fails naming `what`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids whose parent is `pid` (a postmaster's backends), from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export class PrivatePostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'renova-faults-pg-'));
  readonly data = join(this.dir, 'data');
  constructor(readonly port: number) {
    if (root) chownSync(this.dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0);
    runPg('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  }

  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  // fsync off: only the process is killed in these tests, never the machine. The log goes to a
  // file (for start and restart alike): a server writing to pg_ctl's stdout would hold it open.
  get #options() {
    const settings = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c fsync=off -c max_connections=60`;
    return ['-D', this.data, '-o', settings, '-l', join(this.dir, 'server.log'), '-w', '-t', '120'];
  }

  /** Starts the server and waits until it accepts connections. */
  start() {
    runPg('pg_ctl', [...this.#options, 'start']);
  }

  /** `pg_ctl restart -m fast`: every session is terminated (57P01) and the server comes back. */
  restartFast() {
    runPg('pg_ctl', [...this.#options, '-m', 'fast', 'restart']);
  }

  stop() {
    if (!existsSync(join(this.data, 'postmaster.pid'))) return;
    try {
      runPg('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', '-t', '60', 'stop']);
    } catch {
      // already down
    }
  }

  postmasterPid(): number | null {
    try {
      return Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  }

  /** kill -9 of the postmaster, then of the backends it leaves behind (as a machine crash would). */
  async kill9() {
    const pid = this.postmasterPid();
    if (!pid) throw new Error('postgres is not running');
    const backends = childrenOf(pid);
    process.kill(pid, 'SIGKILL');
    for (const child of backends) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await until('the killed postgres to be gone', () => !alive(pid) && backends.every((b) => !alive(b)), 30_000);
  }

  log(): string {
    try {
      return readFileSync(join(this.dir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  remove() {
    this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class PrivateRedis {
  readonly dir = mkdtempSync(join(tmpdir(), 'renova-faults-redis-'));
  child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: 'ignore' },
    );
    this.child = child;
    await until('redis to accept connections', () => portOpen(this.port), 30_000);
  }

  async kill9() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  async remove() {
    await this.kill9();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
