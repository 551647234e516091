import { CompiledQuery } from 'kysely';
import { runWithBeforeCommit } from '../../db/before-commit.js';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { withScopes } from '../../lib/scoped-storage.js';
import { type AuditEntry, insertAuditSql, recordOutside } from '../audit/audit.repository.js';

/** What every audit row of one bulk action shares. */
export interface BulkAuditContext {
  caller: Caller;
  /** The bulk route's pattern: the trail shows the change came from a bulk action. */
  rota: string;
  /** The bulk request's id: the correlation id of all its rows. */
  requestId: string;
}

/**
 * Runs one entry's action with its own audit row, as if it had been requested alone: the row
 * (operacao = the single-entry operationId, the entry's brbId) is written on the action's
 * connection right before its COMMIT, so change and row commit together; a refusal commits
 * nothing and is recorded afterwards with efetivado = false and the status the single route
 * would have answered. This binding replaces the bulk request's own for the entry's transaction.
 */
export async function auditedEntry<T>(
  db: Db,
  ctx: BulkAuditContext,
  operacao: string,
  brbId: number,
  run: () => Promise<T>,
  statusOf: (error: unknown) => number,
): Promise<T> {
  const entry = (efetivado: boolean, status: number): AuditEntry => ({
    caller: ctx.caller,
    operacao,
    metodo: 'POST',
    rota: ctx.rota,
    brbId,
    loteId: null,
    efetivado,
    status,
    requestId: ctx.requestId,
  });
  let written = false;
  try {
    return await withScopes(() =>
      runWithBeforeCommit(async (connection) => {
        if (written) return;
        const { sql, parameters } = insertAuditSql(db, entry(true, 200));
        await connection.executeQuery(CompiledQuery.raw(sql, [...parameters]));
        written = true;
      }, run),
    );
  } catch (error) {
    if (!written) await recordOutside(db, entry(false, statusOf(error)));
    throw error;
  }
}
