import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config.js';
import { dataDirHolder } from '../../db/data-dir-lock.js';
import { BACKUP_REQUEST, type BackupRequest, backupAnswer, dumpDataDir } from '../../db/embedded-backup.js';
import { createOwnedDatabase } from '../../db/owned-database.js';
import { t } from '../../http/i18n.js';
import { openDatabase } from '../data-dir.js';
import { CliError } from '../fail.js';
import { tr } from '../lang.js';

const postgresOnly = () =>
  new CliError(
    t(
      'com DATABASE_URL (PostgreSQL), faça o backup com pg_dump e restaure com pg_restore: veja docs/deployment.md, "Backups".',
      'with DATABASE_URL (PostgreSQL), back up with pg_dump and restore with pg_restore: see docs/deployment.md, "Backups".',
    ),
  );

function embeddedDir(): string {
  const config = loadConfig();
  if (config.database.kind === 'postgres') throw postgresOnly();
  return config.database.dataDir;
}

/** `renova backup <file>`: the embedded data directory as a gzip tar, also while `serve` runs. */
export async function backupCommand(target: string): Promise<void> {
  const dataDir = embeddedDir();
  const file = resolve(target);
  const holder = dataDirHolder(dataDir);
  if (holder?.command === 'serve') {
    const request: BackupRequest = { id: randomUUID(), file };
    const answer = join(dataDir, backupAnswer(request.id));
    writeFileSync(join(dataDir, BACKUP_REQUEST), JSON.stringify(request));
    process.kill(holder.pid, 'SIGUSR2');
    const deadline = Date.now() + 10 * 60_000;
    while (!existsSync(answer)) {
      if (Date.now() > deadline)
        throw new CliError(
          t(
            `o serviço (pid ${holder.pid}) não respondeu ao pedido de backup em 10 minutos.`,
            `the service (pid ${holder.pid}) did not answer the backup request within 10 minutes.`,
          ),
        );
      await new Promise((r) => setTimeout(r, 200));
    }
    const result = JSON.parse(await readFile(answer, 'utf8')) as { ok: boolean; bytes?: number; error?: string };
    rmSync(answer, { force: true });
    if (!result.ok) throw new CliError(t(`o backup falhou: ${result.error}`, `the backup failed: ${result.error}`));
    process.stdout.write(
      `${tr(t(`backup gravado em ${file} (${result.bytes} bytes), com o serviço no ar`, `backup written to ${file} (${result.bytes} bytes), while serving`))}\n`,
    );
    return;
  }
  const database = await openDatabase(loadConfig(), 'backup');
  try {
    const bytes = await dumpDataDir(database.pglite!, file);
    process.stdout.write(
      `${tr(t(`backup gravado em ${file} (${bytes} bytes)`, `backup written to ${file} (${bytes} bytes)`))}\n`,
    );
  } finally {
    await database.close();
  }
}

/** `renova restore <file>`: a backup into a data directory that holds no database yet. */
export async function restoreCommand(source: string): Promise<void> {
  const dataDir = embeddedDir();
  if (dataDir === 'memory://')
    throw new CliError(
      t(
        'DATA_DIR=memory:// não guarda um banco para restaurar.',
        'DATA_DIR=memory:// keeps no database to restore into.',
      ),
    );
  if (existsSync(join(dataDir, 'PG_VERSION')))
    throw new CliError(
      t(
        `recusado: ${dataDir} já tem um banco. Restaure num diretório novo (DATA_DIR=<novo> renova restore ${source}) ou mova o atual para outro lugar antes.`,
        `refused: ${dataDir} already holds a database. Restore into a new directory (DATA_DIR=<new> renova restore ${source}) or move the current one away first.`,
      ),
    );
  let dump: Buffer;
  try {
    dump = readFileSync(source);
  } catch (error) {
    throw new CliError(
      t(
        `não foi possível ler ${source}: ${(error as Error).message}`,
        `cannot read ${source}: ${(error as Error).message}`,
      ),
    );
  }
  const config = loadConfig();
  const database = await createOwnedDatabase(config.database, 'restore', { loadDataDir: new Blob([dump]) }).catch(
    (error) => {
      throw new CliError(
        t(
          `${source} não é um backup do renova legível: ${(error as Error).message}`,
          `${source} is not a readable renova backup: ${(error as Error).message}`,
        ),
      );
    },
  );
  try {
    const { rows } = await database.pglite!.query<{ n: number }>('select count(*)::int as n from entrada_jornada');
    process.stdout.write(
      `${tr(t(`restaurado em ${dataDir}: ${rows[0]?.n} entradas de jornada`, `restored into ${dataDir}: ${rows[0]?.n} journey entries`))}\n`,
    );
  } finally {
    await database.close();
  }
}
