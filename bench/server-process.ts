// What the import and export benchmarks share: the service under test in a process of its own
// (bench/import-server.js: plain node on the compiled service in dist/, built first when missing
// or older than src/), which samples its own RSS and event-loop delay between 'start' and 'stop',
// and the server's CPU time from /proc. BENCH_SERVER_NODE_OPTIONS passes node flags to that
// process only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` or `--trace-gc` to profile a run).
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgs, serviceNodeFlags } from './node-flags.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Newest modification time under a folder (the service's sources), in ms. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds dist/ when it is missing or older than src/: the measured server is the compiled one. */
export function ensureBuilt(log: (line: string) => void) {
  let built = 0;
  try {
    built = statSync(join(root, 'dist/app.js')).mtimeMs;
  } catch {}
  if (built >= newest(join(root, 'src'))) return;
  log('bench: building dist/ (npm run build)');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

/**
 * The server under test, in its own process, so its RSS and event-loop delay are the server's
 * alone (not the bench's file generation or HTTP client). Over IPC it answers 'start' and 'stop';
 * start answers the RSS at that moment, stop the peak RSS and the event-loop delay p99 since start.
 */
export interface ServerProcess {
  port: number;
  pid: number | undefined;
  ask(what: 'start' | 'stop'): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

export async function startServerProcess(databaseUrl: string, secret: string): Promise<ServerProcess> {
  const child: ChildProcess = fork(join(root, 'bench/import-server.js'), [], {
    execArgv: [...serviceNodeFlags(), ...nodeArgs(process.env.BENCH_SERVER_NODE_OPTIONS)],
    env: { ...process.env, BENCH_SERVER_DATABASE_URL: databaseUrl, BENCH_SERVER_SECRET: secret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the bench server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as Record<string, number>);
      });
    });
  const ready = await next();
  return {
    port: ready.port!,
    pid: child.pid,
    ask(what) {
      const answer = next();
      child.send(what);
      return answer;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('exit');
      await exited;
    },
  };
}

/**
 * CPU seconds a process has used (Linux /proc, user + system, 100 ticks a second), 0 elsewhere.
 * On a shared, loaded machine the wall time mostly measures waiting for a core; the server's CPU
 * time is what the work itself cost, and what the wall time would be on an idle core.
 */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
