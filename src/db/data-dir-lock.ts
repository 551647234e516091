import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One owner per embedded data directory. PGlite is a single-process database: a second process
 * that opens the same directory does not fail, it works on its own copy in memory and its writes
 * are lost (and it removes the first one's postmaster.pid on close). So every process that opens
 * the directory (serve, seed, migrate, import) first creates DATA_DIR/renova.lock with an
 * exclusive create (`wx`: fails when the file exists, atomic on local file systems), holding
 * its pid, command and, for `serve`, the base URL; the file is removed on close and on exit.
 * A lock whose pid is no longer alive (kill -9, power cut) is stale and taken over.
 */
export const LOCK_FILE = 'renova.lock';

export interface LockInfo {
  pid: number;
  /** The command that holds the directory: serve, seed, migrate, import. */
  command: string;
  startedAt: string;
  /** `serve` only, once listening: where the service answers. */
  url?: string;
  port?: number;
}

export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
    readonly file: string,
  ) {
    super(`data directory ${dataDir} is in use by renova ${holder.command} (pid ${holder.pid})`);
  }
}

export interface DataDirLock {
  file: string;
  /** Adds what the holder learned after starting (serve: port and URL). */
  update(info: Partial<LockInfo>): void;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return Number.isSafeInteger(info.pid) ? info : null;
  } catch {
    return null;
  }
}

function unreadableForAWhile(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > 10_000;
  } catch {
    return true; // gone meanwhile: the next exclusive create decides
  }
}

/** The live holder of the directory, or null when it is free (no lock, or a stale one). */
export function dataDirHolder(dataDir: string): LockInfo | null {
  const info = readLock(join(dataDir, LOCK_FILE));
  return info && alive(info.pid) ? info : null;
}

/** Takes the directory for this process or throws DataDirInUse naming the holder. */
export function acquireDataDirLock(dataDir: string, command: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  let info: LockInfo = { pid: process.pid, command, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    const holder = readLock(file);
    // A lock being written this very moment reads as empty: held, unless it stayed unreadable for
    // a while (its writer died between create and write), which makes it stale like a dead pid.
    if (holder === null ? !unreadableForAWhile(file) : alive(holder.pid))
      throw new DataDirInUse(dataDir, holder ?? { pid: 0, command: '?', startedAt: '' }, file);
    // Stale: move it aside under a name of our own (atomic), so two processes taking over the
    // same stale lock cannot remove each other's new one; then create ours.
    try {
      const aside = `${file}.stale-${process.pid}`;
      renameSync(file, aside);
      rmSync(aside, { force: true });
    } catch {
      // Another process moved it first; the next exclusive create decides.
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  // exit runs on process.exit() and a normal end; a kill -9 leaves a stale lock, handled above.
  process.on('exit', release);
  return {
    file,
    update(more) {
      if (!held) return;
      info = { ...info, ...more };
      // Written aside and renamed over (atomic): a reader never sees a half-written lock.
      const next = `${file}.${process.pid}.tmp`;
      writeFileSync(next, JSON.stringify(info));
      renameSync(next, file);
    },
    release,
  };
}
