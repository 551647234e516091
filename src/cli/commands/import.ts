import { loadConfig } from '../../config.js';
import { DataDirInUse } from '../../db/data-dir-lock.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createOwnedDatabase, type OwnedDatabase } from '../../db/owned-database.js';
import { t } from '../../http/i18n.js';
import { inUse } from '../data-dir.js';
import { CliError } from '../fail.js';
import { type ImportOutcome, importFile } from '../import.js';
import { tr } from '../lang.js';
import { progressReporter } from '../progress.js';
import { importThroughService } from '../remote-import.js';

export interface ImportCommandOptions {
  ie: number;
  reenvio: boolean;
  sub: string;
}

function print(result: ImportOutcome): void {
  const errors = result.linhasComErro;
  const lines = [
    tr(
      t(
        `lote ${result.lote}: ${result.registrosComSucesso} aceitos, ${result.registrosComErro} com erro, ${result.registrosPendentes} pendentes (${result.arquivo.linhas} linhas de ${result.arquivo.nome})`,
        `batch ${result.lote}: ${result.registrosComSucesso} accepted, ${result.registrosComErro} with errors, ${result.registrosPendentes} pending (${result.arquivo.linhas} rows of ${result.arquivo.nome})`,
      ),
    ),
    ...errors.slice(0, 20),
    ...(errors.length > 20
      ? [
          tr(
            t(
              `... e mais ${errors.length - 20} linhas com erro`,
              `... and ${errors.length - 20} more rows with errors`,
            ),
          ),
        ]
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Exit codes of `renova import` (listed in its --help). */
export const IMPORT_EXIT = { ok: 0, failed: 1, everyRowFailed: 2 } as const;

/**
 * Prints the batch; a batch in which no row was accepted ends the command with exit code 2, so a
 * script does not take a file whose every row failed for an import.
 */
function finish(result: ImportOutcome): void {
  print(result);
  if (result.registrosComSucesso + result.registrosPendentes === 0 && result.registrosComErro > 0) {
    throw new CliError(
      t(
        `nenhuma linha foi aceita: as ${result.registrosComErro} linhas do lote ${result.lote} têm erro (listadas acima)`,
        `no row was accepted: all ${result.registrosComErro} rows of batch ${result.lote} have errors (listed above)`,
      ),
      IMPORT_EXIT.everyRowFailed,
    );
  }
}

/**
 * `renova import`: on the database directly, or, when `renova serve` owns the embedded data
 * directory, through that service's HTTP operation (two processes on one PGlite directory lose
 * writes). Any other holder (a seed running) is a refusal.
 */
export async function importCommand(file: string, options: ImportCommandOptions): Promise<void> {
  const config = loadConfig();
  let database: OwnedDatabase;
  try {
    database = await createOwnedDatabase(config.database, 'import');
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    if (error.holder.command !== 'serve') throw inUse(error, 'renova import');
    finish(await importThroughService(config, error.holder, { file, ...options }));
    return;
  }
  const progress = progressReporter();
  try {
    await migrateToLatest(database.db);
    const ie = await database.db.selectFrom('ie').select('id').where('id', '=', options.ie).executeTakeFirst();
    if (!ie)
      throw new CliError(
        t(`a IE ${options.ie} não existe neste banco`, `IE ${options.ie} does not exist in this database`),
      );
    const result = await importFile(database.db, {
      file,
      ieId: options.ie,
      ...options,
      limits: config.uploadLimits,
      onProgress: progress.update,
    });
    progress.stop();
    finish(result);
  } finally {
    progress.stop();
    await database.close();
  }
}
