import type { Config } from '../config.js';
import { DataDirInUse, type LockInfo } from '../db/data-dir-lock.js';
import { createOwnedDatabase, type OwnedDatabase } from '../db/owned-database.js';
import { t } from '../http/i18n.js';
import { CliError } from './fail.js';

function holderOf(holder: LockInfo): string {
  return holder.url
    ? `renova ${holder.command} (pid ${holder.pid}, ${holder.url})`
    : `renova ${holder.command} (pid ${holder.pid})`;
}

/** What to do when the data directory is in use, said once for every command. */
export function inUse(error: DataDirInUse, command: string): CliError {
  const who = holderOf(error.holder);
  const stop =
    error.holder.command === 'serve'
      ? t(
          `pare o serviço (Ctrl+C no terminal dele, ou kill ${error.holder.pid})`,
          `stop the service (Ctrl+C in its terminal, or kill ${error.holder.pid})`,
        )
      : t(`espere ${who} terminar`, `wait for ${who} to finish`);
  return new CliError(
    t(
      `recusado: o diretório de dados ${error.dataDir} está em uso por ${who}; um só processo pode abri-lo. Para rodar ${command}, ${stop.pt} e tente de novo. (Se nenhum renova estiver rodando, apague ${error.file}.)`,
      `refused: data directory ${error.dataDir} is in use by ${who}; only one process may open it. To run ${command}, ${stop.en} and try again. (If no renova is running, delete ${error.file}.)`,
    ),
  );
}

/** Opens the configured database as `command`; an embedded directory in use is a one-line refusal. */
export async function openDatabase(config: Config, command: string): Promise<OwnedDatabase> {
  try {
    return await createOwnedDatabase(config.database, command);
  } catch (error) {
    if (error instanceof DataDirInUse) throw inUse(error, `renova ${command}`);
    throw error;
  }
}
