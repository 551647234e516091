import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded (PGlite) data directory. PGlite's dumpDataDir takes the directory as a
 * gzip tar between two statements (it runs exclusive of queries), after a checkpoint: a copy as
 * consistent as a crash at that instant, which PostgreSQL recovers from its WAL when it starts on it.
 *
 * While `renova serve` holds the directory, no other process may open it (data-dir-lock.ts), so
 * `renova backup` asks the service: it writes DATA_DIR/renova.backup-request.json and sends
 * SIGUSR2; the service dumps to the file named and answers in renova.backup-done-<id>.json.
 */
export const BACKUP_REQUEST = 'renova.backup-request.json';
export const backupAnswer = (id: string) => `renova.backup-done-${id}.json`;

export interface BackupRequest {
  id: string;
  file: string;
}

/** Writes the dump beside `file` and renames it over: a reader never sees half a backup. */
export async function dumpDataDir(pglite: PGlite, file: string): Promise<number> {
  await pglite.exec('checkpoint');
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  renameSync(partial, file);
  return bytes.length;
}

/** In `serve`: answers `renova backup` (SIGUSR2). Returns the function that stops listening. */
export function answerBackupRequests(
  pglite: PGlite,
  dataDir: string,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): () => void {
  let busy = false;
  const onSignal = () => {
    if (busy) return; // the request file is read again by the next signal
    busy = true;
    void (async () => {
      const requestFile = join(dataDir, BACKUP_REQUEST);
      if (!existsSync(requestFile)) return;
      const request = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest;
      rmSync(requestFile, { force: true });
      const answer = join(dataDir, backupAnswer(request.id));
      try {
        const bytes = await dumpDataDir(pglite, request.file);
        log.info({ file: request.file, bytes }, 'embedded database backed up');
        writeFileSync(answer, JSON.stringify({ ok: true, bytes }));
      } catch (error) {
        log.error({ err: error, file: request.file }, 'embedded database backup failed');
        writeFileSync(answer, JSON.stringify({ ok: false, error: (error as Error).message }));
      }
    })()
      .catch((error) => log.error({ err: error }, 'embedded database backup request unreadable'))
      .finally(() => {
        busy = false;
      });
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}
