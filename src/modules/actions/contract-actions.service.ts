import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { recordEntryEvent } from '../lifecycle/entry-event.js';
import type { Door } from '../lifecycle/state-machine.js';
import { applyTransition } from '../lifecycle/transition.js';
import * as repo from './actions.repository.js';
import { checkReason } from './actions.rules.js';
import type { ValuesOut } from './actions.schemas.js';
import { outcome } from './actions.service.js';
import type { ActionOutcome, ContractEndInput } from './actions.types.js';
import { brDate, firstDayOfNextMonth } from './dates.js';
import { type CarriedValues, sendCarriedValues } from './values-bridge.js';

type Trx = Transaction<Database>;

/** Cancel: CANCELADO; the contract and bolsa are cancelled and restitution is brought forward. */
export const cancel = (db: Db, caller: Caller, brbId: number, input: ContractEndInput, door?: Door) =>
  db.transaction().execute((trx) => cancelIn(trx, caller, brbId, input, door));

async function cancelIn(trx: Trx, caller: Caller, brbId: number, input: ContractEndInput, door?: Door) {
  const r = await applyTransition(trx, { caller, brbId, action: 'CANCELAR', door, detalhes: { ...input } });
  checkReason(input.motivo, '/body/motivo');
  await repo.updateContract(trx, r.contratoId, { status: 'CANCELADO' });
  await repo.bringRestitutionForward(trx, r.contratoId, firstDayOfNextMonth());
  await repo.updateBolsa(trx, r.bolsaId, { status: 'CANCELADA' });
  await repo.cancelPendingWork(trx, r.brbId);
  return outcome(r);
}

/** Delete: EXCLUIDO, only while no addendum of the contract was ever signed. */
export const remove = (db: Db, caller: Caller, brbId: number, input: ContractEndInput, door?: Door) =>
  db.transaction().execute((trx) => removeIn(trx, caller, brbId, input, door));

async function removeIn(trx: Trx, caller: Caller, brbId: number, input: ContractEndInput, door?: Door) {
  const r = await applyTransition(trx, { caller, brbId, action: 'EXCLUIR', door, detalhes: { ...input } });
  checkReason(input.motivo, '/body/motivo');
  // DOMAIN.md, "Contracts with credit": money credited in ANY period (not only this entry's) means
  // the contract can only be cancelled, which brings restitution forward.
  const signed = await repo.signedAddendum(trx, r.contratoId);
  if (signed) {
    throw conflict(
      t(
        `O contrato tem crédito: o aditivo de ${signed.ano}/${signed.semestre} (${signed.id}) foi assinado, então ele não pode ser excluído; cancele em vez de excluir.`,
        `The contract has credit: the addendum of ${signed.ano}/${signed.semestre} (${signed.id}) was signed, so it cannot be deleted; cancel it instead of deleting it.`,
      ),
      {
        situacao: r.before.situacao,
        motivo: r.before.motivo,
        aditivoAssinado: signed.id,
        acoesPermitidas: ['CANCELAR'],
      },
    );
  }
  await repo.updateContract(trx, r.contratoId, { status: 'EXCLUIDO' });
  await repo.updateBolsa(trx, r.bolsaId, { status: 'EXCLUIDA' });
  await repo.cancelPendingWork(trx, r.brbId);
  return outcome(r);
}

/** Cancel or delete addressed by contract and bolsa: the entry of the caller's latest journey for them. */
export const endByContract = (
  db: Db,
  caller: Caller,
  kind: 'cancel' | 'delete',
  ids: { contratoId: number; bolsaId: number },
  input: ContractEndInput,
) =>
  db.transaction().execute(async (trx) => {
    const entry = await repo.entryOfContract(trx, caller, ids.contratoId, ids.bolsaId);
    if (!entry)
      throw notFound(
        t(
          `Contrato ${ids.contratoId} com a bolsa ${ids.bolsaId} não encontrado.`,
          `Contract ${ids.contratoId} with bolsa ${ids.bolsaId} not found.`,
        ),
      );
    return kind === 'cancel' ? cancelIn(trx, caller, entry.id, input) : removeIn(trx, caller, entry.id, input);
  });

export interface ForecastInput {
  /** yyyy-mm-dd */
  previsaoFormatura: string;
  motivo?: string;
  valores?: CarriedValues['valores'];
  reenvio?: boolean;
}

export interface ForecastOutcome extends ActionOutcome {
  previsaoFormatura: string;
  inicioRestituicao: string;
  valores: ValuesOut | null;
}

/**
 * New graduation forecast: the contract's forecast changes and restitution starts the month after
 * it; the entry's situation stays. A PREVISAO_FORMATURA request is recorded, concluded at once.
 */
export const forecast = (
  db: Db,
  caller: Caller,
  target: { brbId: number } | { processoId: number },
  input: ForecastInput,
) =>
  db.transaction().execute(async (trx): Promise<ForecastOutcome> => {
    let brbId: number;
    if ('brbId' in target) brbId = target.brbId;
    else {
      const processo = await repo.findProcess(trx, caller, target.processoId);
      if (!processo)
        throw notFound(
          t(
            `Processo de renovação ${target.processoId} não encontrado.`,
            `Renewal process ${target.processoId} not found.`,
          ),
        );
      brbId = processo.entrada_id;
    }
    const before = await repo.contractOfEntry(trx, caller, brbId);
    if (before && input.previsaoFormatura < before.primeiro_mes_credito) {
      throw unprocessable(
        t(
          `A previsão de formatura ${brDate(input.previsaoFormatura)} é anterior ao primeiro mês creditado do contrato (${brDate(before.primeiro_mes_credito)}).`,
          `The graduation forecast ${brDate(input.previsaoFormatura)} is before the contract's first credited month (${brDate(before.primeiro_mes_credito)}).`,
        ),
      );
    }
    const inicioRestituicao = firstDayOfNextMonth(input.previsaoFormatura);
    const dados = {
      previsaoAnterior: before?.previsao_formatura ?? null,
      previsaoFormatura: input.previsaoFormatura,
      inicioRestituicaoAnterior: before?.inicio_restituicao ?? null,
      inicioRestituicao,
      motivo: input.motivo ?? null,
    };
    const r = await applyTransition(trx, {
      caller,
      brbId,
      action: 'PREVISAO_FORMATURA',
      detalhes: dados,
      solicitacao: { tipo: 'PREVISAO_FORMATURA', dados, concluida: true },
    });
    await repo.lockContract(trx, r.contratoId);
    await repo.updateContract(trx, r.contratoId, {
      previsao_formatura: input.previsaoFormatura,
      inicio_restituicao: inicioRestituicao,
    });
    const valores = input.valores?.length
      ? await sendCarriedValues(trx, caller, {
          brbId: r.brbId,
          valores: input.valores,
          reenvio: input.reenvio,
          origem: 'PREVISAO_FORMATURA',
          pointer: '/body/valores',
        })
      : null;
    return { ...outcome(r), previsaoFormatura: input.previsaoFormatura, inicioRestituicao, valores };
  });

/** Edit the enrolment number of a renewal process (process, entry and bolsa), with an EDICAO_MATRICULA event. */
export const editEnrolmentNumber = (db: Db, caller: Caller, processoId: number, matricula: string) =>
  db.transaction().execute(async (trx) => {
    const processo = await repo.findProcess(trx, caller, processoId);
    if (!processo)
      throw notFound(
        t(`Processo de renovação ${processoId} não encontrado.`, `Renewal process ${processoId} not found.`),
      );
    const event = await recordEntryEvent(trx, {
      caller,
      brbId: processo.entrada_id,
      acao: 'EDICAO_MATRICULA',
      detalhes: { matriculaAnterior: processo.matricula, matricula },
    });
    await repo.setEnrolmentNumber(trx, { processoId, brbId: event.brbId, bolsaId: event.bolsaId }, matricula);
    return {
      processoId,
      brbId: event.brbId,
      matricula,
      matriculaAnterior: processo.matricula,
      eventoId: event.timelineEventId,
    };
  });
