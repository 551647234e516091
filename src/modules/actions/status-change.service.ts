import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import type { ValuesOut } from './actions.schemas.js';
import { reviewIn, SITUATION_ACTIONS, type SituationAction } from './actions.service.js';
import type { ActionOutcome, SituationCommand } from './actions.types.js';
import { type CarriedValues, sendCarriedValues } from './values-bridge.js';

/** The five variants of the v2 status change (interface 2.1), in domain words. */
export type StatusChange =
  | { kind: 'review'; motivo: string }
  | { kind: 'situation'; action: SituationAction; command: SituationCommand }
  | { kind: 'values'; valores: CarriedValues['valores'] };

export type StatusChangeOutcome = { outcome: ActionOutcome; valores?: never } | { valores: ValuesOut; outcome?: never };

/** Applies one status change to the entry `brbId` through the default door. */
export const statusChange = (db: Db, caller: Caller, brbId: number, change: StatusChange) =>
  db.transaction().execute(async (trx): Promise<StatusChangeOutcome> => {
    switch (change.kind) {
      case 'review':
        return { outcome: await reviewIn(trx, caller, brbId, change.motivo) };
      case 'situation':
        return { outcome: await SITUATION_ACTIONS[change.action](trx, caller, { ...change.command, brbId }) };
      case 'values':
        return {
          valores: await sendCarriedValues(trx, caller, {
            brbId,
            valores: change.valores,
            origem: 'V2_ALTERAR',
            pointer: '/body/valoresRenovacao',
          }),
        };
    }
  });
