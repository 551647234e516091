import {
  DAY,
  firstMonthOf,
  monthIndexOfSeconds,
  monthStart,
  periodAt,
  periodEnd,
  periodStartSeconds,
} from './calendar.js';
import type { SeedWorld } from './context.js';
import { type CourseLayout, type IeLayout, ieOfContract } from './layout.js';
import { currentPath, previousPath, type StepDraft } from './paths.js';
import { cpfOf, type Person, person } from './people.js';
import { hash, Rng, tag } from './random.js';
import { type Actor, APTO, CURRENT_MIX, PREVIOUS_MIX, type State, TRANCAMENTO } from './situations.js';

/**
 * Everything the demo says about one contract, as a pure function of the options and the
 * contract id: the student, the bolsa and contract, and its entries in the previous (closed) and
 * current (open) journeys with their history. Stages recompute it chunk by chunk instead of
 * keeping a million of them in memory.
 */
export interface Step {
  acao: string;
  from: State | null;
  to: State;
  /** Seconds since the epoch. */
  at: number;
  actor: Actor;
  /** JSON text. */
  detalhes: string;
}

export interface EntryPlan {
  /** The brbId; processo and aditivo share it. */
  id: number;
  jornadaId: number;
  periodIdx: number;
  state: State;
  tags: string[];
  createdAt: number;
  updatedAt: number;
  steps: Step[];
  /** Credited value of the semester, when values were sent ('1234.56'). */
  valor: string | null;
  /** Why a lock or withdrawal request still waits (a 'motivo-espera' code); null when none waits. */
  waiting: string | null;
}

export interface ContractPlan extends Person {
  id: number;
  ie: IeLayout;
  local: number;
  course: CourseLayout;
  convenioId: number;
  cpf: string;
  matricula: string;
  codBolsa: string;
  numero: string;
  primeiroMesCredito: string;
  previsaoFormatura: string;
  inicioRestituicao: string;
  semestresTrancados: number;
  trancamentosConsecutivos: number;
  situacaoMatricula: string;
  bolsaStatus: 'ATIVA' | 'CANCELADA' | 'EXCLUIDA';
  contratoStatus: 'ATIVO' | 'CANCELADO' | 'EXCLUIDO';
  createdAt: number;
  previous: EntryPlan | null;
  current: EntryPlan;
}

const CONTRACT = tag('contract');
const PREVIOUS_WEIGHTS = PREVIOUS_MIX.map((m) => m.share);
const WAITING = ['AGUARDANDO_DOCUMENTO_IE', 'AGUARDANDO_ESTUDANTE', 'EM_ANALISE_FUNDACAO'];

/** Journey ids: the previous journey of IE i is 2i − 1, the current one 2i. */
export const previousJourneyId = (ieId: number) => 2 * ieId - 1;
export const currentJourneyId = (ieId: number) => 2 * ieId;

const cents = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

/** Sorted instants in [from, to), one per step, whole seconds. */
/** Gives the drafts increasing instants in [from, to) (keeping those the calendar fixed): they become the steps. */
function timed(rng: Rng, drafts: StepDraft[], from: number, to: number): Step[] {
  const at: number[] = [];
  for (let i = 0; i < drafts.length; i++) at.push(from + Math.floor(rng.next() * (to - from)));
  at.sort((a, b) => a - b);
  for (let i = 0; i < drafts.length; i++) drafts[i]!.at ??= at[i]!;
  return drafts as Step[];
}

const SITUACAO_MATRICULA: Record<string, string> = { TRANCAMENTO: 'T', AFASTAMENTO: 'F', EVASAO: 'E', INATIVO: 'I' };

export function planContract(world: SeedWorld, id: number): ContractPlan {
  const { calendar, layout, seed } = world;
  const ie = ieOfContract(layout, id);
  const local = id - ie.firstContract;
  const rng = new Rng(hash(seed, CONTRACT, id));

  // Situation now: the quota slot this contract's shuffled position falls in.
  const slot = ie.perm(local);
  let k = 0;
  while (slot >= ie.quotaCum[k]!) k++;
  const state = CURRENT_MIX[k]!.state;

  const pick = rng.next() * ie.courseCum.at(-1)!;
  let c = 0;
  while (pick >= ie.courseCum[c]! && c < ie.courses.length - 1) c++;
  const course = ie.courses[c]!;
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
    const steps = timed(rng, path, pj.eventsFrom, pj.eventsTo);
    previous = {
      id,
      jornadaId: previousJourneyId(ie.id),
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
  const steps = timed(rng, drafts, cj.eventsFrom, cj.eventsTo);
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
    id: world.students + id,
    jornadaId: currentJourneyId(ie.id),
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
  const olderLocks = semestre >= 4 && rng.chance(0.03) ? 1 : 0;
  const forecast = cur + (course.semestres - semestre) + (lockedNow ? 1 : 0);
  // Dropout and cancellation bring restitution forward to the month after they happened.
  const early = state[1] === 'EVASAO' || state[0] === 'CANCELADO';
  const inicioRestituicao = early
    ? monthStart(monthIndexOfSeconds(steps.at(-1)!.at) + 1)
    : monthStart(firstMonthOf(forecast + 1));
  const creditStartAt = periodStartSeconds(creditStart);
  return {
    id,
    ie,
    local,
    course,
    convenioId,
    ...who,
    cpf: cpfOf(id, world.cpfOffset),
    matricula: `${ingress.ano}${ingress.semestre}${String(local + 1).padStart(6, '0')}`,
    codBolsa: `CB${String(id).padStart(9, '0')}`,
    numero: `${periodAt(creditStart).ano}.${String(id).padStart(9, '0')}`,
    primeiroMesCredito: monthStart(firstMonthOf(creditStart)),
    previsaoFormatura: periodEnd(forecast),
    inicioRestituicao,
    semestresTrancados: olderLocks + (lockedBefore ? 1 : 0) + (lockedNow ? 1 : 0),
    trancamentosConsecutivos: lockedNow ? (lockedBefore ? 2 : 1) : 0,
    situacaoMatricula: (state[1] && SITUACAO_MATRICULA[state[1]]) || 'A',
    bolsaStatus: state[0] === 'CANCELADO' ? 'CANCELADA' : state[0] === 'EXCLUIDO' ? 'EXCLUIDA' : 'ATIVA',
    contratoStatus: state[0] === 'CANCELADO' ? 'CANCELADO' : state[0] === 'EXCLUIDO' ? 'EXCLUIDO' : 'ATIVO',
    createdAt: creditStartAt + rng.int(3 * DAY, 40 * DAY) + rng.int(0, DAY - 1),
    previous,
    current,
  };
}
