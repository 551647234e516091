import { firstMonthOf, monthStart, periodAt } from './calendar.js';
import type { CourseLayout, IeLayout } from './layout.types.js';
import type { StepDraft } from './paths.js';
import { cpfOf, type Person } from './people.js';
import type { Rng } from './random.js';
import type { Actor, State } from './situations.js';

// The shape of a contract's plan (the student, the bolsa and contract, and its journey entries with
// their history), shared by current (plan.ts) and former (former.ts) students, and the id
// arithmetic every stage relies on.

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
  bolsaStatus: 'ATIVA' | 'CANCELADA' | 'EXCLUIDA' | 'ENCERRADA';
  contratoStatus: 'ATIVO' | 'CANCELADO' | 'EXCLUIDO';
  createdAt: number;
  /** Its journey entries, oldest first: a current student's last one is in the open journey. */
  entries: EntryPlan[];
}

/**
 * The journey of an IE `back` periods before the current one: the current journey of IE i is 2i,
 * the previous one 2i − 1, and older ones follow those of every IE (IeLayout.firstOlderJourney).
 */
export function journeyIdOf(ie: IeLayout, back: number): number {
  if (back === 0) return 2 * ie.id;
  if (back === 1) return 2 * ie.id - 1;
  if (back > ie.olderJourneys + 1) throw new RangeError(`IE ${ie.id} has no journey ${back} periods back`);
  // The oldest gets the smallest id.
  return ie.firstOlderJourney + ie.olderJourneys + 1 - back;
}

/**
 * Entry ids (brbIds) by period: the previous journey's entry of contract c is c, the current
 * one's students + c, and `back` ≥ 2 periods ago back × students + c. Unique, and the same
 * whatever order or chunk size the stages use.
 */
export function entryIdOf(students: number, back: number, contractId: number): number {
  if (back === 0) return students + contractId;
  if (back === 1) return contractId;
  return back * students + contractId;
}

export const cents = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

/** Gives the drafts increasing instants in [from, to) (keeping those the calendar fixed): they become the steps. */
export function timed(rng: Rng, drafts: StepDraft[], from: number, to: number): Step[] {
  const at: number[] = [];
  for (let i = 0; i < drafts.length; i++) at.push(from + Math.floor(rng.next() * (to - from)));
  at.sort((a, b) => a - b);
  for (let i = 0; i < drafts.length; i++) drafts[i]!.at ??= at[i]!;
  return drafts as Step[];
}

/** A course of the IE, by the weights its students spread over them. */
export function pickCourse(rng: Rng, ie: Pick<IeLayout, 'courses' | 'courseCum'>): CourseLayout {
  const pick = rng.next() * ie.courseCum.at(-1)!;
  let c = 0;
  while (pick >= ie.courseCum[c]! && c < ie.courses.length - 1) c++;
  return ie.courses[c]!;
}

/** The bolsa's enrolment situation (situação da matrícula) for an entry's motivo. */
export const SITUACAO_MATRICULA: Record<string, string> = {
  TRANCAMENTO: 'T',
  AFASTAMENTO: 'F',
  EVASAO: 'E',
  INATIVO: 'I',
};

/**
 * A contract's identifiers, the same for current and former students: derived from its id, its
 * place in the IE, the period the student entered (enrolment number) and the first credited one.
 */
export function contractIdentity(
  id: number,
  local: number,
  cpfOffset: number,
  ingress: { ano: number; semestre: number },
  creditStart: number,
) {
  return {
    cpf: cpfOf(id, cpfOffset),
    matricula: `${ingress.ano}${ingress.semestre}${String(local + 1).padStart(6, '0')}`,
    codBolsa: `CB${String(id).padStart(9, '0')}`,
    numero: `${periodAt(creditStart).ano}.${String(id).padStart(9, '0')}`,
    primeiroMesCredito: monthStart(firstMonthOf(creditStart)),
  };
}
