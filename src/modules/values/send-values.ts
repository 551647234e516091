import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { allowedFrom, type Door } from '../lifecycle/state-machine.js';
import * as batches from './batch.repository.js';
import { checkCreditedMonths } from './batch-months.js';
import { type BatchResult, type LockData, OutcomeLines, recordLockEnd } from './batch-result.js';
import * as staging from './batch-staging.js';
import { readValuesRow, type ValuesRow } from './values.rows.js';
import type { Origem } from './values.tables.js';

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

/** Runs `fn` in the given transaction, or in a new one when given the database. */
export function inTransaction<T>(db: Db | Trx, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
}

/** Rows checked and applied together unless the caller says otherwise (VALUES_CHUNK_ROWS for sheets). */
const CHUNK_ROWS = 20_000;
/** Rows of the first chunk (at most VALUES_CHUNK_ROWS). */
const FIRST_CHUNK_ROWS = 2000;
/** Rows read between two turns of the event loop. */
const YIELD_ROWS = 250;
/** From this many rows on, the planner gets fresh statistics before the set-based statements. */
const LARGE_CHUNK = 5000;

/**
 * Applies rows in chunks as they arrive (a sheet is never held whole in memory): while the
 * database checks and applies one chunk, the next one is read. Give the rows through feed(), then
 * call finish(). The whole batch stays one transaction: a failure in any chunk leaves nothing, and
 * if reading fails, feed() waits for the chunk in flight before the error reaches the
 * transaction, so nothing runs on a connection already rolled back.
 */
export class BatchWriter {
  private pending: ValuesRow[] = [];
  private count = 0;
  private chunks = 0;
  /** The chunk being applied; the next one waits for it (one transaction runs one statement at a time). */
  private applying: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  /** Set once a large chunk tuned the transaction (batch-staging.ts): the setting to give back. */
  private bitmapScanBefore: string | null = null;
  private readonly check: batches.CheckParams;
  private readonly replaces: boolean;

  private constructor(
    private readonly trx: Trx,
    readonly loteId: number,
    caller: Caller,
    private readonly options: { reenvio: boolean; door: Door; chunkRows: number },
  ) {
    const { reenvio, door } = options;
    // The status-change door only takes entries out of SEM_RENOVACAO; a resend is a padrao-door notion.
    this.replaces = reenvio && door === 'padrao';
    // The action the rows' timeline event names (todos_eventos derives it from the batch the same way).
    const from = allowedFrom(this.replaces ? 'REENVIAR_VALORES' : 'ENVIAR_VALORES', door);
    this.check = {
      loteId,
      caller,
      reenvio: this.replaces,
      allowedFrom: from,
      pendingIn: door === 'padrao' ? ['REVISAO_ANALISE'] : [],
      allowed: { aceitas: from, porta: door, reenvio },
    };
  }

  static async open(
    trx: Trx,
    caller: Caller,
    options: {
      reenvio: boolean;
      door: Door;
      origem: Origem;
      arquivo?: batches.NewBatch['arquivo'];
      chunkRows?: number;
    },
  ): Promise<BatchWriter> {
    const loteId = await batches.createBatch(trx, {
      origem: options.origem,
      porta: options.door,
      reenvio: options.reenvio,
      caller,
      arquivo: options.arquivo,
    });
    await staging.openStaging(trx);
    return new BatchWriter(trx, loteId, caller, { ...options, chunkRows: options.chunkRows ?? CHUNK_ROWS });
  }

  get rows(): number {
    return this.count;
  }

  /** Passes `fn` the function that adds a row; returns (or throws) once no chunk is in flight. */
  async feed(fn: (add: (row: ValuesRow) => Promise<void>) => Promise<void>): Promise<void> {
    try {
      await fn((row) => this.add(row));
    } finally {
      await this.applying;
    }
  }

  private async add(row: ValuesRow): Promise<void> {
    this.pending.push(row);
    this.count++;
    // The first chunk is small, so the database starts while the rest of the sheet is read.
    const limit = this.chunks === 0 ? Math.min(FIRST_CHUNK_ROWS, this.options.chunkRows) : this.options.chunkRows;
    if (this.pending.length >= limit) await this.flush();
    // Reading a sheet is a long run of promise jobs; every few hundred rows the event loop gets a
    // turn, so the chunk in flight gets its next statement sent as soon as the last one answers
    // (and other requests are served meanwhile).
    else if (this.count % YIELD_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * Hands the pending rows to the database once the previous chunk is done, without waiting for
   * them. Their statement's parameters are built first, while the database still works on the
   * previous chunk.
   */
  private async flush(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    const staged = rows.length > 0 ? staging.stagedChunk(rows) : null;
    await this.applying;
    if (this.failure) throw this.failure;
    if (!staged) return;
    this.chunks++;
    this.applying = this.applyChunk(staged).catch((error: unknown) => {
      this.failure = error;
    });
  }

  private async applyChunk(staged: staging.StagedChunk): Promise<void> {
    const { trx } = this;
    const large = staged.count >= LARGE_CHUNK;
    if (large && this.bitmapScanBefore === null) this.bitmapScanBefore = await staging.tuneForLargeBatch(trx);
    await staging.stageChunk(trx, staged);
    if (large) await staging.analyzeChunk(trx);
    await batches.decideChunk(trx, this.check);
    // Row numbers grow through the batch, so the chunk's rows are the ones between its first and last.
    const chunk = { loteId: this.loteId, first: staged.first, last: staged.last };
    await checkCreditedMonths(trx, chunk);
    // Entries first: a row whose entry changed meanwhile becomes an error and replaces nothing.
    await batches.moveEntries(trx, chunk);
    if (this.replaces) {
      const touched = await batches.replacePrevious(trx, chunk);
      if (touched.length > 0) await batches.closeSettledBatches(trx, touched);
    }
  }

  async finish(options: { detalhar?: boolean; dadosTrancamento?: LockData } = {}): Promise<BatchResult> {
    await this.flush();
    await this.applying;
    if (this.failure) throw this.failure;
    const counts = await batches.closeCounts(this.trx, this.loteId);
    const trancamento = options.dadosTrancamento
      ? await recordLockEnd(this.trx, this.loteId, options.dadosTrancamento)
      : null;
    const detalhar = options.detalhar === true;
    const lines = new OutcomeLines(detalhar);
    for await (const page of batches.batchOutcomePages(this.trx, this.loteId, detalhar)) lines.add(page);
    if (this.bitmapScanBefore !== null) await staging.restoreAfterLargeBatch(this.trx, this.bitmapScanBefore);
    return lines.result(this.loteId, counts, trancamento);
  }
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
    await writer.feed(async (add) => {
      let linha = 0;
      for (const item of input.itens) await add(readValuesRow(item, ++linha));
    });
    return writer.finish({ detalhar: options.detalhar ?? true, dadosTrancamento: input.dadosTrancamento });
  });
}
