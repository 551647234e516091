import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { Config } from '../config.js';
import { dataDirHolder, type LockInfo } from '../db/data-dir-lock.js';
import { createAuth } from '../http/auth.js';
import { t } from '../http/i18n.js';
import { CliError } from './fail.js';
import { type ImportOutcome, readableFileSize } from './import.js';
import { cliLang, tr } from './lang.js';

const IMPORT_PATH = '/s/v1/contrato/valores/importar-lote';

/** Waits while the service that holds the directory is still starting (migrating, seeding): no URL yet. */
async function serviceUrl(dataDir: string, holder: LockInfo, waitMs = 300_000): Promise<string> {
  const until = Date.now() + waitMs;
  let current: LockInfo | null = holder;
  let said = false;
  while (current?.command === 'serve' && !current.url && Date.now() < until) {
    if (!said) {
      process.stderr.write(
        `${tr(t(`o serviço (pid ${holder.pid}) ainda está iniciando; esperando...`, `the service (pid ${holder.pid}) is still starting; waiting...`))}\n`,
      );
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = dataDirHolder(dataDir);
  }
  if (current?.url) return current.url;
  throw new CliError(
    t(
      `o serviço que usava ${dataDir} (pid ${holder.pid}) não chegou a atender; rode de novo quando ele estiver no ar (ou parado).`,
      `the service holding ${dataDir} (pid ${holder.pid}) never started answering; run again once it is up (or stopped).`,
    ),
  );
}

export interface RemoteImportOptions {
  file: string;
  ie: number;
  reenvio: boolean;
  sub: string;
}

/**
 * `renova import` while `renova serve` owns the embedded directory: the sheet goes through the
 * running service's own operation (importar-lote), with a short-lived IE token the CLI signs with
 * the same key (in embedded mode DATA_DIR/jwt-secret, or the configured one).
 */
export async function importThroughService(
  config: Config,
  holder: LockInfo,
  options: RemoteImportOptions,
): Promise<ImportOutcome> {
  const url = await serviceUrl(config.dataDir ?? '', holder);
  const auth = await createAuth(config.jwt, config.dataDir);
  if (!auth.sign)
    throw new CliError(
      t(
        'esta configuração só verifica tokens; defina JWT_PRIVATE_KEY para o CLI importar pelo serviço.',
        'this configuration only verifies tokens; set JWT_PRIVATE_KEY so the CLI can import through the service.',
      ),
    );
  const token = await auth.sign({ sub: options.sub, name: options.sub, role: 'IE', ies: [options.ie], ttl: '15m' });
  // Checked first: openAsBlob throws a bare TypeError ("Unable to open file as blob") for a missing file.
  await readableFileSize(options.file);
  const file = await openAsBlob(options.file);
  const form = new FormData();
  form.append('reenvio', String(options.reenvio)); // before the file: the service reads fields first
  form.append('arquivo', file, basename(options.file));
  process.stderr.write(
    `${tr(t(`enviando pelo serviço em ${url} ...`, `sending through the service at ${url} ...`))}\n`,
  );
  let response: Response;
  try {
    response = await fetch(`${url}${IMPORT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': cliLang() === 'en' ? 'en' : 'pt-BR' },
      body: form,
    });
  } catch (error) {
    throw new CliError(
      t(
        `o serviço em ${url} não respondeu (${(error as Error).message}); nada foi importado.`,
        `the service at ${url} did not answer (${(error as Error).message}); nothing was imported.`,
      ),
    );
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status !== 200) {
    const detail = String(body.detail ?? body.title ?? response.statusText).replace(/\s*\n\s*/g, ' ');
    throw new CliError(
      t(`o serviço recusou (${response.status}): ${detail}`, `the service refused (${response.status}): ${detail}`),
    );
  }
  return body as unknown as ImportOutcome;
}
