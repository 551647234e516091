import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedIfEmpty } from '../../src/seed/index.js';

/** Child processes of the CLI (bin/renova.js), as a user runs it. */

const execFileP = promisify(execFile);

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The child's environment: the test's own, plus the runner's choice of sources or build
 * (RENOVA_FROM_SOURCE, set by scripts/test.js when dist/ is stale), which a test that hands the
 * child a clean environment would otherwise drop, and run a stale build.
 */
const childEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  process.env.RENOVA_FROM_SOURCE ? { RENOVA_FROM_SOURCE: process.env.RENOVA_FROM_SOURCE, ...env } : env;

/** Runs `renova ...args` to the end; never throws on a non-zero exit (the test checks the code). */
export async function renova(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await execFileP(process.execPath, ['bin/renova.js', ...args], {
      env: childEnv(env),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

export interface Served {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** SIGTERM and the exit code. */
  stop(): Promise<number | null>;
}

/** A service that does not start within this is killed, never left behind (the runner allows a file 600 s). */
const START_TIMEOUT_MS = 170_000;
const children = new Set<ChildProcessWithoutNullStreams>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts `renova serve ...args` and resolves once it prints its URL. */
export function serve(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Served> {
  const child = spawn(process.execPath, ['bin/renova.js', 'serve', ...args], {
    env: childEnv({ PORT: '0', ...env }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('close', () => children.delete(child));
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    err += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never leave a service behind
      reject(new Error(`serve did not start: ${out}\n${err}`));
    }, START_TIMEOUT_MS);
    exited.then((code) => reject(new Error(`serve exited with ${code}: ${out}\n${err}`)));
    const check = () => {
      const url = /(?:ouvindo em|listening on) (\S+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve({
        child,
        url,
        stdout: () => out,
        stderr: () => err,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout.on('data', check);
  });
}

/** The PostgreSQL run of the suite skips these: they are about embedded data directories and processes. */
export const embeddedOnly = process.env.TEST_DATABASE_URL ? 'embedded-only (runs in the PGlite suite)' : false;

/** Options of an embedded-only process test. */
export const processTest = { skip: embeddedOnly };

/**
 * A migrated embedded data directory, from the suite's PGlite template when there is one (a fresh
 * initdb and every migration cost a child process tens of seconds on a loaded machine).
 */
export async function prepareDataDir(dataDir: string, seed?: { ies: number; students: number }): Promise<void> {
  const template = process.env.TEST_PGLITE_TEMPLATE;
  const database = await createDatabase(
    { kind: 'pglite', dataDir },
    { loadDataDir: template ? new Blob([await readFile(template)]) : undefined },
  );
  try {
    await migrateToLatest(database.db);
    // In this process: one child process (tsx start, PGlite open) less per test.
    if (seed) await seedIfEmpty(database.db, { ...seed, seed: 42 });
  } finally {
    await database.close();
  }
}
