import { type TObject, Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import * as map from '../actions/actions.mappers.js';
import * as schemas from '../actions/actions.schemas.js';
import * as actions from '../actions/actions.service.js';
import type { ActionOutcome } from '../actions/actions.types.js';
import * as contracts from '../actions/contract-actions.service.js';

/**
 * The single-entry actions a bulk action can apply, each by the very service its own route calls
 * (so rules, messages, timeline and requests are those of the action done alone), with the body
 * of its v3 route minus `brbId` and the operationId its audit rows carry.
 */
export interface BulkActionDef {
  /** Path segment of the bulk route and of the v3 route it repeats. */
  path: string;
  /** The single-entry v3 body; the bulk body takes its fields without brbId. */
  body: TObject;
  /** operationId of the single-entry route: each entry's audit row carries it. */
  singleOperationId: string;
  /** The bulk route's operationId. */
  operationId: string;
  summary: string;
  /** Checks and converts the fields once, before any entry is touched (a bad date is one 400). */
  prepare(fields: Record<string, unknown>): (db: Db, caller: Caller, brbId: number) => Promise<ActionOutcome>;
}

type Fields = Record<string, unknown>;
const withId = <T>(fields: Fields, brbId: number) => ({ ...fields, brbId }) as T;

export const BULK_ACTIONS: BulkActionDef[] = [
  {
    path: 'inativar-estudante',
    body: schemas.InactivateIn,
    singleOperationId: 'inactivateStudent',
    operationId: 'bulkInactivateStudents',
    summary: 'Inactivate several students in the journey (each entry as POST /s/v3/mais-acoes/inativar-estudante)',
    prepare: (fields) => (db, caller, brbId) =>
      actions.inactivate(db, caller, brbId, fields.motivo as string | undefined, 'padrao'),
  },
  {
    path: 'trancamento',
    body: schemas.LockIn,
    singleOperationId: 'lockEnrolment',
    operationId: 'bulkLockEnrolment',
    summary: 'Enrolment lock of several entries (each as POST /s/v3/mais-acoes/trancamento)',
    prepare: (fields) => {
      map.lockV3(withId(fields, 1), 'padrao');
      return (db, caller, brbId) => actions.lock(db, caller, map.lockV3(withId(fields, brbId), 'padrao'));
    },
  },
  {
    path: 'afastamento-evasao',
    body: schemas.WithdrawalIn,
    singleOperationId: 'withdrawOrDropOut',
    operationId: 'bulkWithdrawOrDropOut',
    summary: 'Withdrawal (F) or dropout (E) of several entries (each as POST /s/v3/mais-acoes/afastamento-evasao)',
    prepare: (fields) => {
      map.withdrawalV3(withId(fields, 1), 'padrao');
      return (db, caller, brbId) => actions.withdrawal(db, caller, map.withdrawalV3(withId(fields, brbId), 'padrao'));
    },
  },
  {
    path: 'manutencao-vinculo',
    body: schemas.BondIn,
    singleOperationId: 'maintainBond',
    operationId: 'bulkMaintainBond',
    summary: 'Bond maintenance of several entries (each as POST /s/v3/mais-acoes/manutencao-vinculo)',
    prepare: (fields) => {
      map.bondV3(withId(fields, 1), 'padrao');
      return (db, caller, brbId) => actions.bondMaintenance(db, caller, map.bondV3(withId(fields, brbId), 'padrao'));
    },
  },
  {
    path: 'manter-trancamento',
    body: schemas.KeepLockIn,
    singleOperationId: 'keepLock',
    operationId: 'bulkKeepLock',
    summary: "Keep last semester's lock for several entries (each as POST /s/v3/mais-acoes/manter-trancamento)",
    prepare: (fields) => {
      map.keepLockV3(withId(fields, 1), 'padrao');
      return (db, caller, brbId) => actions.keepLock(db, caller, map.keepLockV3(withId(fields, brbId), 'padrao'));
    },
  },
  {
    path: 'revisao-analise',
    body: schemas.ReviewIn,
    singleOperationId: 'requestAnalysisReviewStatusChange',
    operationId: 'bulkRequestAnalysisReview',
    summary:
      'Analysis review of several entries (each as POST /s/v3/mais-acoes/alterar-status/revisao-analise: SEM_RENOVACAO entries only)',
    prepare: (fields) => (db, caller, brbId) =>
      actions.review(db, caller, brbId, fields.motivo as string, 'alterar-status'),
  },
  {
    path: 'cancelar-contrato',
    body: schemas.ContractEndV3In,
    singleOperationId: 'cancelContract',
    operationId: 'bulkCancelContract',
    summary: 'Cancel the contracts of several entries (each as POST /s/v3/mais-acoes/cancelar-contrato)',
    prepare: (fields) => {
      const input = map.contractEndV3(withId(fields, 1));
      return (db, caller, brbId) => contracts.cancel(db, caller, brbId, input);
    },
  },
  {
    path: 'excluir-contrato',
    body: schemas.ContractEndV3In,
    singleOperationId: 'deleteContract',
    operationId: 'bulkDeleteContract',
    summary: 'Delete the contracts of several entries (each as POST /s/v3/mais-acoes/excluir-contrato)',
    prepare: (fields) => {
      const input = map.contractEndV3(withId(fields, 1));
      return (db, caller, brbId) => contracts.remove(db, caller, brbId, input);
    },
  },
];

/** The action's own fields: its single-entry body's properties without brbId. */
export function actionFields(def: BulkActionDef) {
  const { brbId: _brbId, ...rest } = def.body.properties;
  return rest;
}

export const BulkActionName = Type.Unsafe<string>({
  type: 'string',
  enum: BULK_ACTIONS.map((a) => a.path),
  description: 'The action applied to each entry (the path segment of its single-entry v3 route)',
});
