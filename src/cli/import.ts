import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Db } from '../db/database.js';
import type { Caller } from '../http/auth.js';
import { localize } from '../http/errors.js';
import { t } from '../http/i18n.js';
import type { SheetLimits } from '../lib/sheet-limits.js';
import { EncodingProbe } from '../lib/text-encoding.js';
import { importSheet } from '../modules/values/values.service.js';
import { CliError } from './fail.js';
import { cliLang, tr } from './lang.js';

/** What an import answers, directly or through the running service (ImportValuesOutDto). */
export interface ImportOutcome {
  lote: number;
  registrosComSucesso: number;
  registrosComErro: number;
  registrosPendentes: number;
  arquivo: { nome: string; linhas: number };
  linhasComErro: string[];
}

export interface ImportFileOptions {
  file: string;
  ieId: number;
  reenvio: boolean;
  /** Recorded as the batch's sender. */
  sub: string;
  onProgress?: (done: number, total: number, stage: string) => void;
  /** The sheet limits (UPLOAD_MAX_*), as the service applies them. */
  limits?: SheetLimits;
}

/**
 * `renova import`: a values sheet from disk through the same import the HTTP operation uses (one
 * batch, all or nothing), as an IE user of `ieId`. Progress is the share of the file read.
 */
export async function importFile(db: Db, options: ImportFileOptions): Promise<ImportOutcome> {
  const size = await readableFileSize(options.file);
  // One pass over the file, as the service does while it spools an upload: its hash, and for a
  // CSV the encoding it is in. The progress is this pass.
  let read = 0;
  const hash = createHash('sha256');
  const probe = /\.csv$/i.test(options.file) ? new EncodingProbe() : null;
  const label = tr(t('lendo a planilha (bytes)', 'reading sheet (bytes)'));
  for await (const chunk of createReadStream(options.file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    probe?.push(chunk);
    read += chunk.length;
    options.onProgress?.(read, size, label);
  }
  const caller: Caller = {
    sub: options.sub,
    name: options.sub,
    role: 'IE',
    ies: [options.ieId],
    grupoIe: null,
    all: false,
  };
  const result = await importSheet(
    db,
    caller,
    {
      path: options.file,
      filename: basename(options.file),
      truncated: false,
      sha256: hash.digest('hex'),
      bytes: size,
      encoding: probe?.verdict() ?? null,
    },
    { reenvio: options.reenvio, limit: size, limits: options.limits },
  );
  // The row errors are built in both languages (no HTTP hook here): the terminal's language.
  return localize(result, cliLang()) as typeof result;
}

/** The size of a file the CLI is to read; one line naming the problem otherwise. */
export async function readableFileSize(file: string): Promise<number> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(
      error.code === 'ENOENT'
        ? t(`não foi possível ler ${file}: arquivo inexistente`, `cannot read ${file}: no such file`)
        : t(
            `não foi possível ler ${file}: ${error.code ?? error.message}`,
            `cannot read ${file}: ${error.code ?? error.message}`,
          ),
    );
  });
  if (!info.isFile())
    throw new CliError(t(`${file} não é um arquivo (é um diretório?)`, `${file} is not a file (a directory?)`));
  return info.size;
}
