import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import type { ActionOutcome } from '../actions/actions.types.js';
import { auditedEntry, type BulkAuditContext } from './bulk.audit.js';
import * as repo from './bulk.repository.js';

export interface BulkJob {
  id: number;
  operacao: string;
  audit: BulkAuditContext;
  brbIds: number[];
  run: (db: Db, caller: Caller, brbId: number) => Promise<ActionOutcome>;
}

const UNEXPECTED = t(
  'Erro inesperado ao processar esta entrada; nada foi alterado nela. Tente de novo.',
  'Unexpected error while processing this entry; nothing was changed in it. Try again.',
);

/** How often the bulk action's heartbeat (atualizada_em) is refreshed, in entries. */
const HEARTBEAT_EVERY = 25;

/**
 * Runs bulk actions in this process, one entry at a time (each in its own transaction, through
 * the single-entry service), recording each outcome as it comes. Kept per app so closing the app
 * stops the loops between entries and marks unfinished actions INTERROMPIDA.
 */
export class BulkRunner {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(job: BulkJob): void {
    const work = this.process(job)
      .catch((error) => this.log.error({ err: error, bulkActionId: job.id }, 'bulk action stopped'))
      .finally(() => this.running.delete(work));
    this.running.add(work);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.running]);
  }

  private async process(job: BulkJob): Promise<void> {
    const { db } = this;
    for (const [i, brbId] of job.brbIds.entries()) {
      if (this.stopping) {
        await repo.finish(db, job.id, 'INTERROMPIDA');
        return;
      }
      const outcome = await this.one(job, brbId);
      await repo.recordItem(db, job.id, i + 1, outcome);
      if ((i + 1) % HEARTBEAT_EVERY === 0) await repo.touch(db, job.id);
    }
    await repo.finish(db, job.id, 'CONCLUIDA');
  }

  private async one(job: BulkJob, brbId: number): Promise<repo.ItemOutcome> {
    const statusOf = (error: unknown) => (error instanceof AppError ? error.status : 500);
    try {
      const r = await auditedEntry(
        this.db,
        job.audit,
        job.operacao,
        brbId,
        () => job.run(this.db, job.audit.caller, brbId),
        statusOf,
      );
      return { resultado: 'FEITO', status: 200, mensagem: null, situacao: r.situacao };
    } catch (error) {
      if (error instanceof AppError) {
        return { resultado: 'RECUSADO', status: error.status, mensagem: error.text, situacao: null };
      }
      this.log.error({ err: error, bulkActionId: job.id, brbId }, 'bulk action entry failed');
      return { resultado: 'RECUSADO', status: 500, mensagem: UNEXPECTED, situacao: null };
    }
  }
}
