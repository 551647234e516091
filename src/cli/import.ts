import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform } from 'node:stream';
import type { Db } from '../db/database.js';
import type { Caller } from '../http/auth.js';
import { localize } from '../http/errors.js';
import { t } from '../http/i18n.js';
import { importSheet } from '../modules/values/values.service.js';
import { CliError } from './fail.js';
import { cliLang } from './lang.js';

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
}

/**
 * `renova import`: a values sheet from disk through the same import the HTTP operation uses (one
 * batch, all or nothing), as an IE user of `ieId`. Progress is the share of the file read.
 */
export async function importFile(db: Db, options: ImportFileOptions): Promise<ImportOutcome> {
  const size = await stat(options.file).then(
    (s) => s.size,
    () => {
      throw new CliError(
        t(`não foi possível ler ${options.file}: arquivo inexistente`, `cannot read ${options.file}: no such file`),
      );
    },
  );
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      options.onProgress?.(read, size, 'reading sheet (bytes)');
      done(null, chunk);
    },
  });
  const caller: Caller = {
    sub: options.sub,
    name: options.sub,
    role: 'IE',
    ies: [options.ieId],
    grupoIe: null,
    all: false,
  };
  const stream = createReadStream(options.file).pipe(counter);
  const result = await importSheet(
    db,
    caller,
    { stream, filename: basename(options.file), truncated: () => false },
    { reenvio: options.reenvio, limit: size },
  );
  // The row errors are built in both languages (no HTTP hook here): the terminal's language.
  return localize(result, cliLang()) as typeof result;
}
