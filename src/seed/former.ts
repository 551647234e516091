import {
  closedJourney,
  DAY,
  firstMonthOf,
  monthIndexOfSeconds,
  monthStart,
  periodAt,
  periodEnd,
  periodStartSeconds,
} from './calendar.js';
import type { CourseLayout, IeLayout } from './layout.types.js';
import { previousPath, withOpening } from './paths.js';
import { person } from './people.js';
import {
  type ContractPlan,
  cents,
  contractIdentity,
  type EntryPlan,
  entryIdOf,
  journeyIdOf,
  pickCourse,
  timed,
} from './plan-parts.js';
import { hash, Rng, tag } from './random.js';
import { CANCELADO, EVASAO, FINALIZADO, type State } from './situations.js';
import type { SeedWorld } from './world.js';

/**
 * Former students: contracts already in restitution. Most graduated (their last renewal tagged
 * FORMANDO), a few dropped out (evasão) or had the contract cancelled, which brought restitution
 * forward to the month after. Every semester after the first credited one was renewed in a
 * journey of its period, finished with a signed addendum: the refund schedule comes from those.
 * They have no entry in the open journey, and their bolsa is no longer ATIVA, so opening or
 * refreshing a journey leaves them out too.
 */
export type FormerKind = 'FORMADO' | 'EVASAO' | 'CANCELADO';

export interface FormerShape {
  kind: FormerKind;
  course: CourseLayout;
  /** Semester of the course the credit began in: the contract covers it, renewals the later ones. */
  creditFrom: number;
  /** Semester of the course of the last entry: the last one (graduation), or the one left. */
  last: number;
  /** Periods from the last entry's to the current one (1 = last semester's journey). */
  back: number;
}

/** Share of each IE's contracts that are former students (IEs of at least FORMER_FROM contracts). */
export const FORMER_SHARE = 0.02;
const FORMER_FROM = 50;
/** Graduated 0–6 months ago (last semester's journey) .. 24–30 months ago. */
const BACK_WEIGHTS = [1, 3, 3, 2, 2];
const FORMER = tag('former');

export const formerCount = (contracts: number) =>
  contracts >= FORMER_FROM ? Math.max(2, Math.round(contracts * FORMER_SHARE)) : 0;

export const formerRng = (seed: number, id: number) => new Rng(hash(seed, FORMER, id));

/** The first draws of a former student's stream: enough for the layout to know which journeys it needs. */
export function drawFormer(rng: Rng, ie: Pick<IeLayout, 'courses' | 'courseCum'>): FormerShape {
  const r = rng.next();
  const kind: FormerKind = r < 0.85 ? 'FORMADO' : r < 0.95 ? 'EVASAO' : 'CANCELADO';
  const course = pickCourse(rng, ie);
  const semestres = course.semestres;
  const last = kind === 'FORMADO' ? semestres : rng.int(3, semestres);
  // At least one renewal before the last entry: a schedule needs a signed addendum.
  const latestStart = kind === 'FORMADO' ? semestres - 1 : last - 2;
  const creditFrom = rng.chance(0.6) ? 1 : rng.int(1, latestStart);
  const back = 1 + rng.weighted(BACK_WEIGHTS);
  return { kind, course, creditFrom, last, back };
}

/** How many periods back the oldest entry of a former student is. */
export const oldestBack = (s: FormerShape) => s.back + (s.last - s.creditFrom) - 1;

const FINAL_STATE: Record<FormerKind, State> = { FORMADO: FINALIZADO, EVASAO, CANCELADO };

export function planFormer(world: SeedWorld, id: number, ie: IeLayout, local: number): ContractPlan {
  const { calendar, seed } = world;
  const rng = formerRng(seed, id);
  const shape = drawFormer(rng, ie);
  const { kind, course, creditFrom, last, back } = shape;
  const convenioId = ie.convenios.length > 1 && rng.chance(0.15) ? ie.convenios[1]!.id : ie.convenios[0]!.id;
  const who = person(rng, id, calendar.currentPeriod.ano);
  const lastIdx = calendar.currentIdx - back;
  const creditStart = lastIdx - (last - creditFrom);
  const ingress = periodAt(creditStart - (creditFrom - 1));

  const entries: EntryPlan[] = [];
  for (let semestre = creditFrom + 1; semestre <= last; semestre++) {
    const periodIdx = lastIdx - (last - semestre);
    const entryBack = calendar.currentIdx - periodIdx;
    const final = semestre === last;
    const state = final ? FINAL_STATE[kind] : FINALIZADO;
    const journey = closedJourney(periodIdx);
    const steps = withOpening(
      timed(rng, previousPath(rng, state, journey.closedAt), journey.eventsFrom, journey.eventsTo),
      journey.openedAt,
    );
    const tags: string[] = [];
    if (semestre === creditFrom + 1) tags.push('PRIMEIRA_RENOVACAO');
    if (final && kind === 'FORMADO') tags.push('FORMANDO');
    const valor = rng.int(300_000, 1_800_000);
    entries.push({
      id: entryIdOf(world.students, entryBack, id),
      jornadaId: journeyIdOf(ie, entryBack),
      periodIdx,
      state,
      tags,
      createdAt: journey.openedAt,
      updatedAt: steps.at(-1)!.at,
      steps,
      valor: state === FINALIZADO ? cents(valor) : null,
      waiting: null,
    });
  }

  const leftAt = entries.at(-1)!.updatedAt;
  const creditStartAt = periodStartSeconds(creditStart);
  return {
    id,
    ie,
    local,
    course,
    convenioId,
    ...who,
    ...contractIdentity(id, local, world.cpfOffset, ingress, creditStart),
    // A graduate's forecast was met; one who left still had the rest of the course ahead.
    previsaoFormatura: periodEnd(lastIdx + (course.semestres - last)),
    // After graduation restitution starts the next month; leaving early brings it to the month after.
    inicioRestituicao:
      kind === 'FORMADO' ? monthStart(firstMonthOf(lastIdx + 1)) : monthStart(monthIndexOfSeconds(leftAt) + 1),
    semestresTrancados: 0,
    trancamentosConsecutivos: 0,
    situacaoMatricula: kind === 'FORMADO' ? 'C' : kind === 'EVASAO' ? 'E' : 'A',
    bolsaStatus: kind === 'CANCELADO' ? 'CANCELADA' : 'ENCERRADA',
    contratoStatus: kind === 'CANCELADO' ? 'CANCELADO' : 'ATIVO',
    createdAt: creditStartAt + rng.int(3 * DAY, 40 * DAY) + rng.int(0, DAY - 1),
    entries,
  };
}
