import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import type { EntryState } from './state-machine.js';
import type { TimelineAction } from './timeline-actions.js';

type Trx = Transaction<Database>;

/**
 * The entry (brbId) with the columns a transition needs, locked for the rest of the transaction,
 * and its journey's status and period (read by subquery, so the journey row itself is not locked).
 */
export function lockEntry(trx: Trx, caller: Caller, brbId: number) {
  return trx
    .selectFrom('entrada_jornada')
    .select(['id', 'jornada_id', 'ie_id', 'contrato_id', 'bolsa_id', 'situacao', 'motivo', 'versao'])
    .select((eb) => {
      const journey = eb.selectFrom('jornada').whereRef('jornada.id', '=', 'entrada_jornada.jornada_id');
      return [
        journey.select('status').$asScalar().$notNull().as('jornada_status'),
        journey.select('ano').$asScalar().$notNull().as('jornada_ano'),
        journey.select('semestre').$asScalar().$notNull().as('jornada_semestre'),
      ];
    })
    .where('id', '=', brbId)
    .where((eb) => inCallerIes(eb, 'entrada_jornada.ie_id', caller))
    .forUpdate()
    .executeTakeFirst();
}

export function setEntryState(trx: Trx, brbId: number, state: EntryState) {
  return trx
    .updateTable('entrada_jornada')
    .set((eb) => ({
      situacao: state.situacao,
      motivo: state.motivo,
      versao: eb('versao', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', brbId)
    .execute();
}

export function processOfEntry(trx: Trx, brbId: number) {
  return trx
    .selectFrom('processo')
    .select(['id', 'ano', 'semestre'])
    .where('entrada_id', '=', brbId)
    .executeTakeFirstOrThrow();
}

export interface TimelineEvent {
  processoId: number;
  brbId: number;
  ieId: number;
  acao: TimelineAction;
  before: EntryState | null;
  after: EntryState | null;
  caller: Pick<Caller, 'sub' | 'name'>;
  detalhes?: Record<string, unknown>;
}

export function insertTimeline(trx: Trx, events: TimelineEvent[]) {
  if (events.length === 0) return Promise.resolve([]);
  return trx
    .insertInto('evento_timeline')
    .values(
      events.map((e) => ({
        processo_id: e.processoId,
        entrada_id: e.brbId,
        ie_id: e.ieId,
        acao: e.acao,
        situacao_anterior: e.before?.situacao ?? null,
        motivo_anterior: e.before?.motivo ?? null,
        situacao_nova: e.after?.situacao ?? null,
        motivo_novo: e.after?.motivo ?? null,
        usuario: e.caller.sub,
        usuario_nome: e.caller.name,
        detalhes: JSON.stringify(e.detalhes ?? {}),
      })),
    )
    .returning('id')
    .execute();
}
