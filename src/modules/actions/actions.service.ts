import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { conflict, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import type { Door } from '../lifecycle/state-machine.js';
import { applyTransition, type TransitionResult } from '../lifecycle/transition.js';
import * as repo from './actions.repository.js';
import {
  checkCodes,
  checkDropoutRestitution,
  checkLockLimits,
  checkOccurrence,
  checkReason,
  SITUACAO_MATRICULA_OF,
} from './actions.rules.js';
import { type ActionOutcome, type SituationCommand, type SituationInput, TIPO } from './actions.types.js';
import { brDate, firstDayOfNextMonth } from './dates.js';

type Trx = Transaction<Database>;

export const outcome = (r: TransitionResult): ActionOutcome => ({
  brbId: r.brbId,
  processoId: r.processoId,
  situacao: r.after.situacao,
  motivo: r.after.motivo,
  solicitacaoId: r.solicitacaoId,
  eventoId: r.timelineEventId,
});

/** The keys the read side expects in solicitacao.dados (see contracts/request-data.ts). */
function requestData(input: SituationInput, situacaoRestituicao?: string) {
  return {
    tipo: input.tipo,
    motivo: input.motivo ?? null,
    motivoComplementar: input.motivoComplementar ?? null,
    situacaoMatricula: SITUACAO_MATRICULA_OF[input.tipo] ?? input.situacaoMatricula ?? null,
    situacaoRestituicao: situacaoRestituicao ?? input.situacaoRestituicao ?? null,
    dataOcorrido: input.dataOcorrido ?? null,
    caminhoArquivo: input.caminhoArquivo ?? null,
    ...(input.inicioReembolso ? { inicioReembolso: input.inicioReembolso } : {}),
    ...(input.contratosFirmados !== undefined ? { contratosFirmados: input.contratosFirmados } : {}),
    ...(input.textoLivre ? { textoLivre: input.textoLivre } : {}),
    ...(input.formulario ? { formulario: input.formulario } : {}),
  };
}

const when = (input: SituationInput) => (input.dataOcorrido ? ` em ${brDate(input.dataOcorrido)}` : '');

/** Lock (D): SEM_RENOVACAO/TRANCAMENTO, a TRANCAMENTO request with a task for the foundation. */
async function lockIn(trx: Trx, caller: Caller, { brbId, input, at, door }: SituationCommand) {
  await checkCodes(trx, input, at, [TIPO.lock]);
  const dados = requestData(input);
  const r = await applyTransition(trx, {
    caller,
    brbId,
    action: 'TRANCAMENTO',
    door,
    detalhes: dados,
    solicitacao: { tipo: 'TRANCAMENTO', dados },
  });
  // Checked once the entry's journey is known; a refusal rolls the transition back.
  checkOccurrence(input, at, r.jornada);
  const contract = await repo.lockContract(trx, r.contratoId);
  // A semester is counted once: a lock recorded again in the same entry (e.g. after a bond
  // maintenance) adds no locked semester, but the semester is locked, so the run is at least 1.
  // A fresh lock continues the run of locked semesters (DOMAIN.md, "Locks"): only a semester with
  // credit (signature) or a bond maintenance ends it, so both limits apply to every way in.
  // A semester is what it ends as: a bond maintenance earlier in this entry, now replaced by this
  // lock, did not end the run, so the run resumes from where the bond maintenance found it.
  const resumed = await repo.runEndedByBond(trx, r.brbId);
  const run = Math.max(contract.trancamentos_consecutivos, resumed ?? 0);
  if (!(await repo.concludedLockRequest(trx, r.brbId, r.solicitacaoId))) {
    checkLockLimits({ ...contract, trancamentos_consecutivos: run });
    await repo.updateContract(trx, r.contratoId, {
      semestres_trancados: contract.semestres_trancados + 1,
      trancamentos_consecutivos: run + 1,
    });
  } else if (contract.trancamentos_consecutivos === 0) {
    await repo.updateContract(trx, r.contratoId, { trancamentos_consecutivos: Math.max(run, 1) });
  }
  await repo.updateBolsa(trx, r.bolsaId, { situacao_matricula: 'T' });
  await repo.insertTask(trx, {
    solicitacaoId: r.solicitacaoId!,
    processoId: r.processoId,
    ieId: r.ieId,
    tipo: 'TRANCAMENTO',
    descricao: `Trancamento de matrícula informado pela IE${when(input)}`,
    dados,
  });
  return outcome(r);
}

/** Keep lock: the lock carried from last semester holds for this one too (counts both limits). */
async function keepLockIn(trx: Trx, caller: Caller, { brbId, input, at, door }: SituationCommand) {
  const dados = { ...requestData({ ...input, tipo: TIPO.lock }), mantido: true };
  const r = await applyTransition(trx, {
    caller,
    brbId,
    action: 'MANTER_TRANCAMENTO',
    door,
    detalhes: dados,
    solicitacao: { tipo: 'TRANCAMENTO', dados },
  });
  checkOccurrence(input, at, r.jornada);
  const earlier = await repo.concludedLockRequest(trx, r.brbId, r.solicitacaoId);
  if (earlier) {
    throw conflict(
      t(
        `O trancamento deste semestre já está registrado para o brbId ${r.brbId} (solicitação ${earlier.id}); não há o que manter.`,
        `The lock of this semester is already recorded for brbId ${r.brbId} (request ${earlier.id}); there is nothing to keep.`,
      ),
      { situacao: r.before.situacao, motivo: r.before.motivo, solicitacao: earlier.id },
    );
  }
  const contract = await repo.lockContract(trx, r.contratoId);
  checkLockLimits(contract);
  await repo.updateContract(trx, r.contratoId, {
    semestres_trancados: contract.semestres_trancados + 1,
    trancamentos_consecutivos: contract.trancamentos_consecutivos + 1,
  });
  await repo.updateBolsa(trx, r.bolsaId, { situacao_matricula: 'T' });
  await repo.insertTask(trx, {
    solicitacaoId: r.solicitacaoId!,
    processoId: r.processoId,
    ieId: r.ieId,
    tipo: 'TRANCAMENTO',
    descricao: `Manutenção do trancamento do semestre anterior informada pela IE${when(input)}`,
    dados,
  });
  return outcome(r);
}

/** Withdrawal (F) or dropout (E): SEM_RENOVACAO/AFASTAMENTO|EVASAO with a task for the foundation. */
async function withdrawalIn(trx: Trx, caller: Caller, { brbId, input, at, door }: SituationCommand) {
  await checkCodes(trx, input, at, [TIPO.withdrawal, TIPO.dropout]);
  checkDropoutRestitution(input, at);
  const dropout = input.tipo === TIPO.dropout;
  const dados = requestData(input, dropout ? 'A' : undefined);
  const r = await applyTransition(trx, {
    caller,
    brbId,
    action: dropout ? 'EVASAO' : 'AFASTAMENTO',
    door,
    detalhes: dados,
    solicitacao: { tipo: 'AFASTAMENTO_EVASAO', dados },
  });
  checkOccurrence(input, at, r.jornada);
  await repo.updateBolsa(trx, r.bolsaId, { situacao_matricula: SITUACAO_MATRICULA_OF[input.tipo]! });
  if (dropout) await repo.bringRestitutionForward(trx, r.contratoId, firstDayOfNextMonth());
  await repo.insertTask(trx, {
    solicitacaoId: r.solicitacaoId!,
    processoId: r.processoId,
    ieId: r.ieId,
    tipo: 'AFASTAMENTO',
    descricao: `${dropout ? 'Evasão' : 'Afastamento'} informado pela IE${when(input)}`,
    dados,
  });
  return outcome(r);
}

/** Bond maintenance (S): enrolled, using no credit this semester. */
async function bondIn(trx: Trx, caller: Caller, { brbId, input, at, door }: SituationCommand) {
  await checkCodes(trx, input, at, [TIPO.bond]);
  // The run this bond maintenance ends, kept with its request: a lock later in the same semester resumes it.
  const run = await repo.lockRunOfEntry(trx, brbId);
  const dados = { ...requestData(input), ...(run ? { [repo.RUN_BEFORE_BOND]: run } : {}) };
  const r = await applyTransition(trx, {
    caller,
    brbId,
    action: 'MANUTENCAO_VINCULO',
    door,
    detalhes: dados,
    solicitacao: { tipo: 'MANUTENCAO_VINCULO', dados },
  });
  checkOccurrence(input, at, r.jornada);
  await repo.updateBolsa(trx, r.bolsaId, { situacao_matricula: 'A' });
  // A semester of bond maintenance ends the run of consecutive locked semesters.
  await repo.lockContract(trx, r.contratoId);
  await repo.updateContract(trx, r.contratoId, { trancamentos_consecutivos: 0 });
  return outcome(r);
}

type SituationHandler = (trx: Trx, caller: Caller, command: SituationCommand) => Promise<ActionOutcome>;

/** The enrolment-situation actions, for callers that compose them in their own transaction. */
export const SITUATION_ACTIONS = {
  lock: lockIn,
  keepLock: keepLockIn,
  withdrawal: withdrawalIn,
  bond: bondIn,
} as const;
export type SituationAction = keyof typeof SITUATION_ACTIONS;

const BY_KIND: Record<string, SituationHandler> = {
  [TIPO.lock]: lockIn,
  [TIPO.withdrawal]: withdrawalIn,
  [TIPO.dropout]: withdrawalIn,
  [TIPO.bond]: bondIn,
};

/** Any enrolment situation: the kind (tipo) picks the transition; an unknown kind is a 400 naming the list. */
export async function situationIn(trx: Trx, caller: Caller, command: SituationCommand) {
  const handler = BY_KIND[command.input.tipo];
  if (!handler) await checkCodes(trx, command.input, command.at, Object.keys(BY_KIND));
  return handler!(trx, caller, command);
}

export const lock = (db: Db, caller: Caller, command: SituationCommand) =>
  db.transaction().execute((trx) => lockIn(trx, caller, command));

export const keepLock = (db: Db, caller: Caller, command: SituationCommand) =>
  db.transaction().execute((trx) => keepLockIn(trx, caller, command));

export const withdrawal = (db: Db, caller: Caller, command: SituationCommand) =>
  db.transaction().execute((trx) => withdrawalIn(trx, caller, command));

export const bondMaintenance = (db: Db, caller: Caller, command: SituationCommand) =>
  db.transaction().execute((trx) => bondIn(trx, caller, command));

export const situation = (db: Db, caller: Caller, command: SituationCommand) =>
  db.transaction().execute((trx) => situationIn(trx, caller, command));

/** Keep lock addressed by the renewal process (v1). */
export const keepLockOfProcess = (
  db: Db,
  caller: Caller,
  processoId: number,
  command: Omit<SituationCommand, 'brbId'>,
) =>
  db.transaction().execute(async (trx) => {
    const processo = await repo.findProcess(trx, caller, processoId);
    if (!processo)
      throw notFound(
        t(`Processo de renovação ${processoId} não encontrado.`, `Renewal process ${processoId} not found.`),
      );
    return keepLockIn(trx, caller, { ...command, brbId: processo.entrada_id });
  });

/** Analysis review: the foundation reviews the entry again (a REVISAO_ANALISE request). */
export async function reviewIn(trx: Trx, caller: Caller, brbId: number, motivo: string, door?: Door) {
  return outcome(
    await applyTransition(trx, {
      caller,
      brbId,
      action: 'REVISAO_ANALISE',
      door,
      detalhes: { motivo },
      solicitacao: { tipo: 'REVISAO_ANALISE', dados: { motivo } },
    }),
  );
}

export const review = (db: Db, caller: Caller, brbId: number, motivo: string, door?: Door) =>
  db.transaction().execute((trx) => reviewIn(trx, caller, brbId, motivo, door));

/** Inactivate the student in this journey: SEM_RENOVACAO/INATIVO; the bolsa's enrolment becomes I. */
export const inactivate = (db: Db, caller: Caller, brbId: number, motivo: string | undefined, door?: Door) =>
  db.transaction().execute(async (trx) => {
    const r = await applyTransition(trx, {
      caller,
      brbId,
      action: 'INATIVAR',
      door,
      detalhes: { motivo: motivo?.trim() ?? null },
    });
    checkReason(motivo, '/body/motivo');
    await repo.updateBolsa(trx, r.bolsaId, { situacao_matricula: 'I' });
    return outcome(r);
  });
