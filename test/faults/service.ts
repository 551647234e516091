import { type ChildProcess, spawn } from 'node:child_process';
import { TEST_SECRET } from '../helpers/app.js';
import { until } from './private-servers.js';

/** A service process (`renova serve`), as an operator runs it, with its output kept for the assertions. */
export class ServiceProcess {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;
  readonly url: string;

  constructor(port: number, env: Record<string, string>) {
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--no-demo'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: TEST_SECRET,
        LOG_LEVEL: 'info',
        LANG: 'C.UTF-8',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    this.child.stdout?.on('data', (chunk) => {
      this.output += chunk;
    });
    this.child.stderr?.on('data', (chunk) => {
      this.output += chunk;
    });
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async readyz(): Promise<number> {
    return fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.arrayBuffer().then(() => r.status),
      () => 0,
    );
  }

  /** Waits for /readyz 200 (a loaded machine starts tsx slowly), failing if the process exits. */
  async ready(timeoutMs = 240_000) {
    await until(
      'the service to be ready',
      async () => {
        if (!this.running) throw new Error(`the service exited:\n${this.output}`);
        return (await this.readyz()) === 200;
      },
      timeoutMs,
    );
  }

  async stop() {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(timer);
  }
}
