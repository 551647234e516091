import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { allowedFrom, type Door } from '../lifecycle/state-machine.js';
import * as batches from './batch.repository.js';
import { describeRowErrors, readValuesRow, type ValuesRow } from './values.rows.js';
import type { Origem, Resultado, RowError } from './values.tables.js';

/**
 * The send-values core every door uses: v3 and v2 operations, the sheet import and the actions
 * module (`alterar` ENVIO_VALORES, graduation forecast with values). One batch (lote) per call,
 * recorded whole with every row's outcome, in one transaction: an unexpected failure leaves
 * nothing behind.
 */

type Trx = Transaction<Database>;

export interface SendValuesInput {
  /** FillValuesInDto items (API keys); row numbers count from 1 in this order. */
  itens: ReadonlyArray<Readonly<Record<string, unknown>>>;
  reenvio?: boolean;
  /** 'alterar-status': entries in SEM_RENOVACAO only (reenvio does not apply there). */
  door?: Door;
  origem: Origem;
  /** Optional end of an enrolment lock recorded with the values (interface 2.6 dadosTrancamento). */
  dadosTrancamento?: LockData;
}

export interface LockData {
  brbId: number;
  /** yyyy-mm-dd (the routes convert the interface's dd-mm-yyyy). */
  dataOcorrido: string;
  caminhoArquivo?: string | null;
}

export interface RowOutcome {
  linha: number;
  brbId: number | null;
  resultado: Resultado;
  erros: RowError[];
}

export interface BatchResult {
  lote: number;
  total: number;
  sucesso: number;
  erro: number;
  pendente: number;
  /** One line per failing row: row, brbId, field, rule and what to do. */
  linhasComErro: string[];
  /** One line per row waiting for the foundation. */
  linhasPendentes: string[];
  /** Every row's outcome, in row order (null when the caller did not ask for it). */
  resultados: RowOutcome[] | null;
  /** Outcome of dadosTrancamento; null when none was sent. */
  trancamento: { resultado: 'OK' | 'ERRO'; erro: string } | null;
}

/** Runs `fn` in the given transaction, or in a new one when given the database. */
export function inTransaction<T>(db: Db | Trx, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
}

const STAGE_CHUNK = 2000;
/** From this many rows on, the planner gets fresh statistics before the set-based statements. */
const LARGE_BATCH = 5000;

/**
 * Stages rows in chunks as they arrive (a sheet is never held whole in memory), then checks and
 * applies them set-based. Call add() for each row, then finish().
 */
export class BatchWriter {
  private pending: ValuesRow[] = [];
  private count = 0;
  private constructor(
    private readonly trx: Trx,
    readonly loteId: number,
    private readonly caller: Caller,
    private readonly options: { reenvio: boolean; door: Door; origem: Origem },
  ) {}

  static async open(
    trx: Trx,
    caller: Caller,
    options: { reenvio: boolean; door: Door; origem: Origem; arquivo?: batches.NewBatch['arquivo'] },
  ): Promise<BatchWriter> {
    const loteId = await batches.createBatch(trx, {
      origem: options.origem,
      porta: options.door,
      reenvio: options.reenvio,
      caller,
      arquivo: options.arquivo,
    });
    await batches.openStaging(trx);
    return new BatchWriter(trx, loteId, caller, options);
  }

  get rows(): number {
    return this.count;
  }

  async add(row: ValuesRow): Promise<void> {
    this.pending.push(row);
    this.count++;
    if (this.pending.length >= STAGE_CHUNK) await this.flush();
  }

  private async flush(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    await batches.stageRows(this.trx, rows);
  }

  async finish(options: { detalhar?: boolean; dadosTrancamento?: LockData } = {}): Promise<BatchResult> {
    await this.flush();
    const { reenvio, door, origem } = this.options;
    // The status-change door only takes entries out of SEM_RENOVACAO; a resend is a padrao-door notion.
    const acao = door === 'padrao' && reenvio ? 'REENVIAR_VALORES' : 'ENVIAR_VALORES';
    const from = allowedFrom(acao, door);
    if (this.count >= LARGE_BATCH) {
      await batches.tuneForLargeBatch(this.trx);
      await batches.analyzeStaging(this.trx);
    }
    await batches.checkRows(this.trx, {
      caller: this.caller,
      reenvio: reenvio && door === 'padrao',
      allowedFrom: from,
      pendingIn: door === 'padrao' ? ['REVISAO_ANALISE'] : [],
      allowedText: allowedText(from, door, reenvio),
    });
    // The check filled entrada_id and resultado, which the apply joins on: the planner must know.
    if (this.count >= LARGE_BATCH) await batches.analyzeStaging(this.trx);
    if (reenvio && door === 'padrao') {
      const touched = await batches.replacePrevious(this.trx, this.loteId);
      if (touched.length > 0) await closeReplacedBatches(this.trx, touched);
    }
    await batches.applyRows(this.trx, { loteId: this.loteId, caller: this.caller, acao, origem });
    const counts = await batches.closeCounts(this.trx, this.loteId);
    const trancamento = options.dadosTrancamento
      ? await recordLockEnd(this.trx, this.loteId, options.dadosTrancamento)
      : null;
    const detalhar = options.detalhar === true;
    const rows = await batches.stagedOutcomes(this.trx, detalhar);
    return summarize(this.loteId, counts, rows, detalhar, trancamento);
  }
}

function allowedText(from: string[], door: Door, reenvio: boolean): string {
  if (door === 'alterar-status') return 'this operation takes entries in SEM_RENOVACAO';
  const states = from.join(' or ');
  return reenvio
    ? `values are accepted from ${states}`
    : `values are accepted from ${states} (send with reenvio=true to replace values already in processing)`;
}

async function closeReplacedBatches(trx: Trx, loteIds: number[]) {
  await trx
    .updateTable('lote')
    .set({ status: 'PROCESSADO', processado_em: new Date() })
    .where('id', 'in', loteIds)
    .where('status', '=', 'EM_PROCESSAMENTO')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lote_linha')
            .select('lote_linha.linha')
            .whereRef('lote_linha.lote_id', '=', 'lote.id')
            .where('lote_linha.processamento', '=', 'AGUARDANDO'),
        ),
      ),
    )
    .execute();
}

/**
 * dadosTrancamento: the student returns from an enrolment lock with these values. It applies when
 * the brbId is a successful row of this batch that was SEM_RENOVACAO/TRANCAMENTO; the return is
 * written on that row's timeline event and ends the contract's run of consecutive locks.
 */
async function recordLockEnd(trx: Trx, loteId: number, lock: LockData): Promise<BatchResult['trancamento']> {
  const row = await trx
    .selectFrom('lote_linha')
    .innerJoin('entrada_jornada as e', 'e.id', 'lote_linha.entrada_id')
    .select(['lote_linha.resultado', 'lote_linha.situacao_anterior', 'lote_linha.motivo_anterior', 'e.contrato_id'])
    .where('lote_linha.lote_id', '=', loteId)
    .where('lote_linha.brb_id', '=', lock.brbId)
    .orderBy('lote_linha.linha')
    .executeTakeFirst();
  if (!row) return { resultado: 'ERRO', erro: `brbId ${lock.brbId} is not one of the valores of this request.` };
  if (row.resultado !== 'SUCESSO') {
    return { resultado: 'ERRO', erro: `The values of brbId ${lock.brbId} were not accepted, so its lock stays.` };
  }
  if (row.situacao_anterior !== 'SEM_RENOVACAO' || row.motivo_anterior !== 'TRANCAMENTO') {
    return {
      resultado: 'ERRO',
      erro: `brbId ${lock.brbId} was not under an enrolment lock (SEM_RENOVACAO/TRANCAMENTO).`,
    };
  }
  const fim = { dataOcorrido: lock.dataOcorrido, caminhoArquivo: lock.caminhoArquivo ?? null };
  await trx
    .updateTable('evento_timeline')
    .set({ detalhes: sql`detalhes || ${JSON.stringify({ fimTrancamento: fim })}::jsonb` as never })
    .where('entrada_id', '=', lock.brbId)
    .where(sql`detalhes->>'lote'`, '=', String(loteId))
    .execute();
  await trx.updateTable('contrato').set({ trancamentos_consecutivos: 0 }).where('id', '=', row.contrato_id).execute();
  return { resultado: 'OK', erro: '' };
}

function summarize(
  loteId: number,
  counts: { total: number; sucesso: number; erro: number; pendente: number },
  rows: {
    linha: number;
    brb_id: number | null;
    resultado: Resultado;
    erros: RowError[];
    situacao_anterior: string | null;
  }[],
  detalhar: boolean,
  trancamento: BatchResult['trancamento'],
): BatchResult {
  const linhasComErro: string[] = [];
  const linhasPendentes: string[] = [];
  for (const row of rows) {
    if (row.resultado === 'ERRO') linhasComErro.push(describeRowErrors(row.linha, row.brb_id, row.erros));
    else if (row.resultado === 'PENDENTE')
      linhasPendentes.push(describePending(row.linha, row.brb_id, row.situacao_anterior));
  }
  const resultados = detalhar
    ? rows.map((r) => ({ linha: r.linha, brbId: r.brb_id, resultado: r.resultado, erros: r.erros }))
    : null;
  return { lote: loteId, ...counts, linhasComErro, linhasPendentes, resultados, trancamento };
}

function describePending(linha: number, brbId: number | null, situacao: string | null): string {
  return `Row ${linha} (brbId ${brbId}): the entry is ${situacao} at the foundation; the values wait for its decision`;
}

/** Reads a previously recorded batch's summary (an idempotent replay, or a later look). */
export async function batchSummary(db: Db | Trx, loteId: number): Promise<BatchResult | null> {
  const counts = await batches.batchCounts(db, loteId);
  if (!counts) return null;
  return summarize(loteId, counts, await batches.unsuccessfulRows(db, loteId), false, null);
}

/**
 * Sends a list of values items as one batch: the function the API doors and the actions module
 * call. Give it the database (it opens the transaction) or your own transaction (the batch then
 * commits or rolls back with your change).
 */
export function sendValues(
  db: Db | Trx,
  caller: Caller,
  input: SendValuesInput,
  options: { detalhar?: boolean } = {},
): Promise<BatchResult> {
  return inTransaction(db, async (trx) => {
    const writer = await BatchWriter.open(trx, caller, {
      reenvio: input.reenvio === true,
      door: input.door ?? 'padrao',
      origem: input.origem,
    });
    let linha = 0;
    for (const item of input.itens) await writer.add(readValuesRow(item, ++linha));
    return writer.finish({ detalhar: options.detalhar ?? true, dadosTrancamento: input.dadosTrancamento });
  });
}
