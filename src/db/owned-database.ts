import { mkdirSync } from 'node:fs';
import type { Config } from '../config.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { type CreateOptions, createDatabase, type DatabaseHandle } from './database.js';

export interface OwnedDatabase extends DatabaseHandle {
  /** The embedded data directory's lock (file-backed PGlite); none on PostgreSQL or in memory. */
  lock?: DataDirLock;
}

/**
 * Opens the database as the one owner of an embedded data directory: takes DATA_DIR/renova.lock
 * first (DataDirInUse when another live process holds it) and gives it back on close. The
 * processes a person starts (serve, seed, migrate, import) open their database through here.
 */
export async function createOwnedDatabase(
  database: Config['database'],
  command: string,
  options: CreateOptions = {},
): Promise<OwnedDatabase> {
  let lock: DataDirLock | undefined;
  if (database.kind === 'pglite' && database.dataDir !== 'memory://') {
    mkdirSync(database.dataDir, { recursive: true });
    lock = acquireDataDirLock(database.dataDir, command);
  }
  let handle: DatabaseHandle;
  try {
    // Only the service gets the request-sized statement limits; a command a person runs may be long.
    handle = await createDatabase(database, { maintenance: command !== 'serve', ...options });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    ...handle,
    lock,
    close: async () => {
      try {
        await handle.close();
      } finally {
        lock?.release();
      }
    },
  };
}
