import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { conflict } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { lockEntryForChange } from './entry-guard.js';
import * as repo from './lifecycle.repository.js';
import { allowedActions, describeState, type EntryState } from './state-machine.js';
import type { TimelineAction } from './timeline-actions.js';

type Trx = Transaction<Database>;

export interface EntryEventRequest {
  caller: Caller;
  brbId: number;
  /** Timeline action code, e.g. EDICAO_MATRICULA; not a state-machine action. */
  acao: TimelineAction;
  detalhes?: Record<string, unknown>;
}

export interface EntryEventResult {
  brbId: number;
  ieId: number;
  contratoId: number;
  bolsaId: number;
  processoId: number;
  state: EntryState;
  timelineEventId: number;
}

/**
 * Records a change to an entry that is not a transition (its situation stays): locks the entry
 * like applyTransition, so it serializes with concurrent actions; 404 for an entry the caller
 * cannot see; 409 for a terminal entry (CANCELADO, EXCLUIDO), which takes no more changes; writes
 * the timeline event with `situacao_nova` null (unchanged).
 */
export async function recordEntryEvent(trx: Trx, request: EntryEventRequest): Promise<EntryEventResult> {
  const entry = await lockEntryForChange(trx, request.caller, request.brbId, request.acao);
  const state: EntryState = { situacao: entry.situacao, motivo: entry.motivo };
  if (allowedActions(state).length === 0) {
    throw conflict(
      t(
        `A entrada ${entry.id} está em ${describeState(state)}, uma situação final; ela não aceita mais alterações.`,
        `Entry ${entry.id} is ${describeState(state)}, a final situation; it takes no more changes.`,
      ),
      {
        situacao: state.situacao,
        motivo: state.motivo,
        acoesPermitidas: [],
      },
    );
  }
  const processo = await repo.processOfEntry(trx, entry.id);
  const [event] = await repo.insertTimeline(trx, [
    {
      processoId: processo.id,
      brbId: entry.id,
      ieId: entry.ie_id,
      acao: request.acao,
      before: state,
      after: null,
      caller: request.caller,
      detalhes: request.detalhes,
    },
  ]);
  return {
    brbId: entry.id,
    ieId: entry.ie_id,
    contratoId: entry.contrato_id,
    bolsaId: entry.bolsa_id,
    processoId: processo.id,
    state,
    timelineEventId: event!.id,
  };
}
