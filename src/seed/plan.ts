import {
  DAY,
  firstMonthOf,
  monthIndexOfSeconds,
  monthStart,
  periodAt,
  periodEnd,
  periodStartSeconds,
} from './calendar.js';
import { planFormer } from './former.js';
import { ieOfContract } from './layout.js';
import type { IeLayout } from './layout.types.js';
import { currentPath, previousPath, withOpening } from './paths.js';
import { person } from './people.js';
import {
  type ContractPlan,
  cents,
  contractIdentity,
  type EntryPlan,
  entryIdOf,
  journeyIdOf,
  pickCourse,
  SITUACAO_MATRICULA,
  timed,
} from './plan-parts.js';
import { hash, Rng, tag } from './random.js';
import { ACAO, APTO, CURRENT_MIX, PREVIOUS_MIX, TRANCAMENTO } from './situations.js';
import type { SeedWorld } from './world.js';

/**
 * Everything the demo says about one contract, as a pure function of the options and the
 * contract id: the student, the bolsa and contract, and its journey entries with their history.
 * A current student has entries in the previous (closed) and current (open) journeys; a former
 * one (former.ts) in older closed journeys only. Stages recompute it chunk by chunk instead of
 * keeping a million of them in memory.
 */
export type { ContractPlan, EntryPlan, Step } from './plan-parts.js';

const CONTRACT = tag('contract');
const PREVIOUS_WEIGHTS = PREVIOUS_MIX.map((m) => m.share);
/** Share of untouched APTO students left out of the open journey (insere-jornada's candidates). */
const LATE_SHARE = 0.04;
const WAITING = ['AGUARDANDO_DOCUMENTO_IE', 'AGUARDANDO_ESTUDANTE', 'EM_ANALISE_FUNDACAO'];

export function planContract(world: SeedWorld, id: number): ContractPlan {
  const ie = ieOfContract(world.layout, id);
  const local = id - ie.firstContract;
  return local < ie.active ? planStudent(world, id, ie, local) : planFormer(world, id, ie, local);
}

/** A current student: an entry in the open journey, and in last semester's when credit began before it. */
function planStudent(world: SeedWorld, id: number, ie: IeLayout, local: number): ContractPlan {
  const { calendar, seed } = world;
  const rng = new Rng(hash(seed, CONTRACT, id));

  // Situation now: the quota slot this contract's shuffled position falls in.
  const slot = ie.perm(local);
  let k = 0;
  while (slot >= ie.quotaCum[k]!) k++;
  const state = CURRENT_MIX[k]!.state;

  const course = pickCourse(rng, ie);
  const convenioId = ie.convenios.length > 1 && rng.chance(0.15) ? ie.convenios[1]!.id : ie.convenios[0]!.id;
  const who = person(rng, id, calendar.currentPeriod.ano);

  // The semester of the course the student is in now (2.. so it renews), and the one credit began.
  const semestre = rng.int(2, course.semestres);
  const creditFrom = rng.chance(0.6) ? 1 : rng.int(1, semestre - 1);
  const hasPrevious = creditFrom <= semestre - 2;
  const cur = calendar.currentIdx;
  const creditStart = cur - (semestre - creditFrom);
  const ingress = periodAt(cur - (semestre - 1));

  const carried = hasPrevious && state !== APTO && rng.chance(state === TRANCAMENTO ? 0.5 : 0.03);
  const previousState = carried ? TRANCAMENTO : PREVIOUS_MIX[rng.weighted(PREVIOUS_WEIGHTS)]!.state;

  const cj = calendar.current;
  const pj = calendar.previous;
  let previous: EntryPlan | null = null;
  if (hasPrevious) {
    const valorPrev = rng.int(300_000, 1_800_000);
    const path = previousPath(rng, previousState, pj.closedAt);
    const steps = withOpening(timed(rng, path, pj.eventsFrom, pj.eventsTo), pj.openedAt);
    previous = {
      id: entryIdOf(world.students, 1, id),
      jornadaId: journeyIdOf(ie, 1),
      periodIdx: cur - 1,
      state: previousState,
      tags: creditFrom === semestre - 2 ? ['PRIMEIRA_RENOVACAO'] : [],
      createdAt: pj.openedAt,
      updatedAt: steps.at(-1)?.at ?? pj.openedAt,
      steps,
      valor: previousState[0] === 'FINALIZADO' ? cents(valorPrev) : null,
      waiting: null,
    };
  }

  const valor = cents(rng.int(300_000, 1_800_000));
  const { drafts, pendingTask, valuesSent } = currentPath(rng, state, carried, cj.openedAt);
  const timedSteps = timed(rng, drafts, cj.eventsFrom, cj.eventsTo);
  const steps = carried ? timedSteps : withOpening(timedSteps, cj.openedAt);
  const lastSemester = semestre === course.semestres;
  const tags: string[] = [];
  if (!hasPrevious) tags.push('PRIMEIRA_RENOVACAO');
  if (lastSemester && state !== TRANCAMENTO) tags.push('FORMANDO');
  const waiting = pendingTask ? rng.pick(WAITING) : null;
  if (
    waiting === 'AGUARDANDO_DOCUMENTO_IE' ||
    ((state[0] === 'APTO' || state[0] === 'EM_PROCESSAMENTO') && rng.chance(0.06))
  )
    tags.push('PENDENCIA_DOCUMENTO');
  const current: EntryPlan = {
    id: entryIdOf(world.students, 0, id),
    jornadaId: journeyIdOf(ie, 0),
    periodIdx: cur,
    state,
    tags,
    createdAt: cj.openedAt,
    updatedAt: steps.at(-1)?.at ?? cj.openedAt,
    steps,
    valor: valuesSent ? valor : null,
    waiting,
  };

  const lockedNow = state === TRANCAMENTO;
  const lockedBefore = previousState === TRANCAMENTO && hasPrevious;
  // Counters count locks the service recorded: a lock carried into this journey counts this
  // semester only once the IE keeps it (MANTER_TRANCAMENTO), as the service's keep-lock does, so an
  // unkept carried lock stands at 1 consecutive and can still be kept (limit 2).
  const thisSemesterLocked = lockedNow && (!carried || drafts.some((d) => d.acao === ACAO.manterTrancamento));
  const olderLocks = semestre >= 4 && rng.chance(0.03) ? 1 : 0;
  const forecast = cur + (course.semestres - semestre) + (lockedNow ? 1 : 0);
  // Dropout and cancellation bring restitution forward to the month after they happened.
  const early = state[1] === 'EVASAO' || state[0] === 'CANCELADO';
  const inicioRestituicao = early
    ? monthStart(monthIndexOfSeconds(steps.at(-1)!.at) + 1)
    : monthStart(firstMonthOf(forecast + 1));
  const creditStartAt = periodStartSeconds(creditStart);
  const createdAt = creditStartAt + rng.int(3 * DAY, 40 * DAY) + rng.int(0, DAY - 1);
  // A few students untouched this semester were reported by the IE only after the journey opened
  // (a transfer in, a bolsa reactivated): active, with no entry in the open journey, they are the
  // beneficiaries insere-jornada lists and inserts. Drawn last, so nothing else of the plan moves.
  const late = state === APTO && drafts.length === 0 && tags.length === 0 && rng.chance(LATE_SHARE);
  return {
    id,
    ie,
    local,
    course,
    convenioId,
    ...who,
    ...contractIdentity(id, local, world.cpfOffset, ingress, creditStart),
    previsaoFormatura: periodEnd(forecast),
    inicioRestituicao,
    semestresTrancados: olderLocks + (lockedBefore ? 1 : 0) + (thisSemesterLocked ? 1 : 0),
    trancamentosConsecutivos: lockedNow ? (lockedBefore ? 1 : 0) + (thisSemesterLocked ? 1 : 0) : 0,
    situacaoMatricula: (state[1] && SITUACAO_MATRICULA[state[1]]) || 'A',
    bolsaStatus: state[0] === 'CANCELADO' ? 'CANCELADA' : state[0] === 'EXCLUIDO' ? 'EXCLUIDA' : 'ATIVA',
    contratoStatus: state[0] === 'CANCELADO' ? 'CANCELADO' : state[0] === 'EXCLUIDO' ? 'EXCLUIDO' : 'ATIVO',
    createdAt,
    entries: late ? (previous ? [previous] : []) : previous ? [previous, current] : [current],
  };
}
