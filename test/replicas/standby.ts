import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A private PostgreSQL 15 primary and its streaming standby (`pg_basebackup -R`) in a temp dir on
 * the given ports, as the postgres user when running as root (initdb refuses root). The primary
 * loads pg_stat_statements, so a test can see which server ran a statement.
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user on this machine (the PostgreSQL packages create it)');
  const parts = line.split(':');
  return [Number(parts[2]), Number(parts[3])];
}

async function pg(bin: string, args: string[]): Promise<string> {
  const [command, ...rest] = asRoot
    ? ['runuser', '-u', 'postgres', '--', join(PG_BIN, bin), ...args]
    : [join(PG_BIN, bin), ...args];
  const { stdout } = await run(command!, rest, { timeout: 180_000 });
  return stdout;
}

export interface PrimaryAndStandby {
  primaryUrl(database?: string): string;
  standbyUrl(database?: string): string;
  /** The primary's postmaster pid (benchmarks read its processes' CPU time). */
  primaryPid(): number;
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrimaryAndStandby(primaryPort: number, standbyPort: number): Promise<PrimaryAndStandby> {
  const dir = mkdtempSync(join(tmpdir(), 'renova-replica-'));
  if (asRoot) chownSync(dir, ...postgresIds());
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const ctl = (data: string, ...args: string[]) =>
    pg('pg_ctl', ['-D', data, '-w', '-t', '120', '-l', `${data}.log`, ...args]);
  const stop = async () => {
    await ctl(standby, 'stop', '-m', 'immediate').catch(() => {});
    await ctl(primary, 'stop', '-m', 'immediate').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync']);
    appendFileSync(
      join(primary, 'postgresql.conf'),
      `port = ${primaryPort}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n` +
        "shared_preload_libraries = 'pg_stat_statements'\nfsync = off\n",
    );
    await ctl(primary, 'start');
    await pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standby,
      '-R',
      '--checkpoint=fast',
    ]);
    appendFileSync(join(standby, 'postgresql.conf'), `port = ${standbyPort}\n`);
    await ctl(standby, 'start');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    primaryUrl: (database = 'postgres') => `postgres://postgres@127.0.0.1:${primaryPort}/${database}`,
    standbyUrl: (database = 'postgres') => `postgres://postgres@127.0.0.1:${standbyPort}/${database}`,
    primaryPid: () => Number(readFileSync(join(primary, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stopStandby: () => ctl(standby, 'stop', '-m', 'immediate').then(() => {}),
    startStandby: () => ctl(standby, 'start').then(() => {}),
    stop,
  };
}
