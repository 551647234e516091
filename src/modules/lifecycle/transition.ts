import type { Transaction } from 'kysely';
import type { Database, TipoSolicitacao } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { conflict } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { lockEntryForChange } from './entry-guard.js';
import * as repo from './lifecycle.repository.js';
import { type Action, type Door, describeState, type EntryState, next } from './state-machine.js';

type Trx = Transaction<Database>;

export interface TransitionRequest {
  caller: Caller;
  brbId: number;
  action: Action;
  door?: Door;
  /** Stored on the timeline event. */
  detalhes?: Record<string, unknown>;
  /**
   * A request (solicitação) the action opens, in progress until the foundation concludes it. At
   * most one of each kind is in progress per brbId; a second answers 409.
   */
  solicitacao?: { tipo: TipoSolicitacao; dados?: Record<string, unknown>; motivoEspera?: string; concluida?: boolean };
}

export interface TransitionResult {
  brbId: number;
  ieId: number;
  jornadaId: number;
  /** The journey's period: the range of occurrence dates depends on it. */
  jornada: { ano: number; semestre: number };
  contratoId: number;
  bolsaId: number;
  processoId: number;
  before: EntryState;
  after: EntryState;
  solicitacaoId: number | null;
  timelineEventId: number;
}

/**
 * Applies one action to one journey entry inside the caller's transaction: locks the entry (so
 * concurrent actions on one brbId have exactly one winner), asks the state machine, writes the
 * new state, the timeline event and the request. 404 for an entry the caller cannot see; 409 when
 * its journey is closed (entry-guard.ts); 409 naming the current situation and the allowed
 * actions when the action is not allowed.
 */
export async function applyTransition(trx: Trx, request: TransitionRequest): Promise<TransitionResult> {
  const entry = await lockEntryForChange(trx, request.caller, request.brbId, request.action);
  const before: EntryState = { situacao: entry.situacao, motivo: entry.motivo };
  const decision = next(before, request.action, request.door);
  if (!decision.ok) {
    throw conflict(decision.message, {
      situacao: before.situacao,
      motivo: before.motivo,
      acoesPermitidas: decision.allowed,
    });
  }
  const after = decision.next;
  if (after.situacao !== before.situacao || after.motivo !== before.motivo) {
    await repo.setEntryState(trx, entry.id, after);
  }
  const processo = await repo.processOfEntry(trx, entry.id);

  let solicitacaoId: number | null = null;
  if (request.solicitacao) {
    const open = await trx
      .selectFrom('solicitacao')
      .select('id')
      .where('entrada_id', '=', entry.id)
      .where('tipo', '=', request.solicitacao.tipo)
      .where('status', '=', 'EM_ANDAMENTO')
      .executeTakeFirst();
    if (open) {
      throw conflict(
        t(
          `Uma solicitação ${request.solicitacao.tipo} (${open.id}) já está em andamento para o brbId ${entry.id}; aguarde a conclusão.`,
          `A ${request.solicitacao.tipo} request (${open.id}) is already in progress for brbId ${entry.id}; wait for it to finish.`,
        ),
        {
          situacao: before.situacao,
          motivo: before.motivo,
          solicitacaoEmAndamento: open.id,
        },
      );
    }
    const concluded = request.solicitacao.concluida === true;
    ({ id: solicitacaoId } = await trx
      .insertInto('solicitacao')
      .values({
        processo_id: processo.id,
        entrada_id: entry.id,
        ie_id: entry.ie_id,
        tipo: request.solicitacao.tipo,
        status: concluded ? 'CONCLUIDA' : 'EM_ANDAMENTO',
        motivo_espera: request.solicitacao.motivoEspera ?? null,
        dados: JSON.stringify(request.solicitacao.dados ?? {}),
        criada_por: request.caller.sub,
        concluida_em: concluded ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  }

  const [event] = await repo.insertTimeline(trx, [
    {
      processoId: processo.id,
      brbId: entry.id,
      ieId: entry.ie_id,
      acao: request.action,
      before,
      after,
      caller: request.caller,
      detalhes: { ...request.detalhes, ...(solicitacaoId ? { solicitacaoId } : {}) },
    },
  ]);
  return {
    brbId: entry.id,
    ieId: entry.ie_id,
    jornadaId: entry.jornada_id,
    jornada: { ano: entry.jornada_ano, semestre: entry.jornada_semestre },
    contratoId: entry.contrato_id,
    bolsaId: entry.bolsa_id,
    processoId: processo.id,
    before,
    after,
    solicitacaoId,
    timelineEventId: event!.id,
  };
}

export { describeState };
