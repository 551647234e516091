import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import type { SheetLimits } from '../../lib/sheet-limits.js';
import type { ProbeVerdict } from '../../lib/text-encoding.js';
import type { Door } from '../lifecycle/state-machine.js';
import type { LockData } from './batch-result.js';
import { BatchWriter, sendValues } from './send-values.js';
import { readSheet, type SheetFormat, sheetFormatOf } from './sheet.js';
import * as mappers from './values.mappers.js';
import * as repo from './values.repository.js';
import { readValuesRow } from './values.rows.js';
import type { FillValuesIn } from './values.schemas.js';
import type { Origem } from './values.tables.js';

/** dd-mm-yyyy → yyyy-mm-dd; 400 for an impossible date. */
function isoFromBr(value: string, pointer: string): string {
  const [d, m, y] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new AppError(
      400,
      'validation',
      t(
        `${pointer}: ${value} não é uma data real (use dd-mm-aaaa, por exemplo 20-11-2026)`,
        `${pointer}: ${value} is not a date (dd-mm-yyyy)`,
      ),
      {
        errors: [
          {
            pointer,
            message: t(
              'não é uma data real (use dd-mm-aaaa, por exemplo 20-11-2026)',
              'is not a valid date (dd-mm-yyyy)',
            ),
          },
        ],
      },
    );
  }
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface SendV3Body {
  reenvio?: boolean;
  valores: FillValuesIn[];
  dadosTrancamento?: { brbId: number; dataOcorrido: string; caminhoArquivo?: string | null };
}

/** v3 send values, through the padrao door or the alterar-status door (entries in SEM_RENOVACAO). */
export async function sendV3(db: Db, caller: Caller, body: SendV3Body, door: Door) {
  const lock: LockData | undefined = body.dadosTrancamento && {
    brbId: body.dadosTrancamento.brbId,
    dataOcorrido: isoFromBr(body.dadosTrancamento.dataOcorrido, '/body/dadosTrancamento/dataOcorrido'),
    caminhoArquivo: body.dadosTrancamento.caminhoArquivo ?? null,
  };
  const origem: Origem = door === 'alterar-status' ? 'V3_ALTERAR_STATUS' : 'V3_ENVIAR_VALORES';
  const result = await sendValues(
    db,
    caller,
    { itens: body.valores, reenvio: body.reenvio, door, origem, dadosTrancamento: lock },
    { detalhar: false },
  );
  return mappers.toSendValuesV3Out(result);
}

export async function sendV2(db: Db, caller: Caller, body: { reenvio?: boolean; valores: FillValuesIn[] }) {
  const result = await sendValues(db, caller, { itens: body.valores, reenvio: body.reenvio, origem: 'V2_ENVIAR' });
  return mappers.toFillValuesOut(result);
}

async function valuesOf(db: Db, caller: Caller, entry: NonNullable<Awaited<ReturnType<typeof repo.entryWithProcess>>>) {
  const rows = await repo.valuesSent(db, caller, entry.brb_id);
  return {
    brbId: entry.brb_id,
    idProcesso: entry.processo_id,
    ano: entry.ano,
    semestre: entry.semestre,
    situacao: entry.motivo ? `${entry.situacao}/${entry.motivo}` : entry.situacao,
    envios: rows.map(mappers.toValuesSent),
  };
}

export async function valuesOfEntry(db: Db, caller: Caller, brbId: number) {
  const entry = await repo.entryWithProcess(db, caller, { brbId });
  if (!entry)
    throw notFound(
      t(`Entrada de jornada (brbId) ${brbId} não encontrada.`, `Journey entry (brbId) ${brbId} not found.`),
    );
  return valuesOf(db, caller, entry);
}

export async function valuesOfProcess(db: Db, caller: Caller, processoId: number, ano: number, semestre: number) {
  const entry = await repo.entryWithProcess(db, caller, { processoId });
  if (!entry || entry.ano !== ano || entry.semestre !== semestre) {
    throw notFound(
      t(
        `Processo de renovação ${processoId} não encontrado em ${ano}/${semestre}.`,
        `Renewal process ${processoId} in ${ano}/${semestre} not found.`,
      ),
    );
  }
  return valuesOf(db, caller, entry);
}

/** An uploaded sheet, spooled to a temporary file (upload.ts). */
export interface Upload {
  path: string;
  filename: string;
  /** True when the upload went over the size limit and was cut. */
  truncated: boolean;
  sha256: string;
  bytes: number;
  /** CSV: the encoding the probe found while the file was written, or why it is no text. */
  encoding: ProbeVerdict | null;
}

/** 400 for a CSV that is neither UTF-8 nor Windows-1252, naming what it is. */
function notText(verdict: Extract<ProbeVerdict, { ok: false }>) {
  return new AppError(
    400,
    'bad-encoding',
    verdict.problem === 'utf-16'
      ? t(
          'O arquivo está em UTF-16 (Unicode), que não é aceito; salve a planilha como "CSV UTF-8 (delimitado por vírgulas)" ou como .xlsx.',
          'The file is in UTF-16 (Unicode), which is not accepted; save the sheet as "CSV UTF-8 (comma delimited)" or as .xlsx.',
        )
      : t(
          `O arquivo é binário, não texto: tem um byte de controle na posição ${verdict.offset}. Envie a planilha como CSV (UTF-8 ou Windows-1252) ou como .xlsx.`,
          `The file is binary, not text: it has a control byte at position ${verdict.offset}. Send the sheet as CSV (UTF-8 or Windows-1252) or as .xlsx.`,
        ),
    { codificacao: verdict.problem },
  );
}

export const tooLarge = (limit: number) =>
  new AppError(
    413,
    'too-large',
    t(
      `O arquivo é maior que os ${limit} bytes que esta operação aceita; divida-o em planilhas menores.`,
      `The file is larger than the ${limit} bytes this operation accepts; split it into smaller sheets.`,
    ),
  );

/**
 * Imports a values sheet as one batch, streaming: rows are read and validated, and applied
 * set-based in chunks while the next chunk is read, all in one transaction. A bad file
 * (type, header, empty, too large) or any failure on the way rolls everything back.
 */
export async function importSheet(
  db: Db,
  caller: Caller,
  upload: Upload,
  options: { reenvio: boolean; limit: number; chunkRows?: number; limits?: SheetLimits; signal?: AbortSignal },
) {
  const formato: SheetFormat | null = sheetFormatOf(upload.filename);
  if (!formato) {
    throw new AppError(
      415,
      'unsupported-media-type',
      t(
        `"${upload.filename}" não é um arquivo .csv ou .xlsx; envie a planilha de valores como CSV ou xlsx (baixe o modelo).`,
        `"${upload.filename}" is not a .csv or .xlsx file; upload the values sheet as CSV or xlsx (download the template).`,
      ),
    );
  }
  if (upload.truncated) throw tooLarge(options.limit);
  const encoding = formato === 'csv' ? upload.encoding : null;
  if (encoding && !encoding.ok) throw notText(encoding);
  const codificacao = encoding?.ok ? encoding.encoding : null;
  const source = { path: upload.path, format: formato, encoding: codificacao ?? undefined };
  return await db.transaction().execute(async (trx) => {
    const writer = await BatchWriter.open(trx, caller, {
      reenvio: options.reenvio,
      door: 'padrao',
      origem: 'PLANILHA',
      arquivo: { nome: upload.filename, formato },
      chunkRows: options.chunkRows,
    });
    await writer.feed(async (add) => {
      for await (const record of readSheet(source, options.limits, options.signal))
        await add(readValuesRow(record.values, record.linha));
    });
    const result = await writer.finish({ detalhar: false });
    await trx
      .updateTable('lote')
      .set({ arquivo_sha256: upload.sha256, arquivo_codificacao: codificacao })
      .where('id', '=', writer.loteId)
      .execute();
    return mappers.toImportOut(result, {
      nome: upload.filename,
      formato,
      linhas: writer.rows,
      ...(codificacao ? { codificacao } : {}),
    });
  });
}
