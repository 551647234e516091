import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  closedJourney,
  DAY,
  dateOf,
  HOUR,
  type JourneyCalendar,
  type Period,
  periodIndex,
  periodOfDate,
  secondsOf,
} from './calendar.js';
import { buildLayout, type Layout } from './layout.js';
import { hash, tag } from './random.js';

export type { JourneyCalendar } from './calendar.js';

export interface SeedOptions {
  ies: number;
  students: number;
  seed: number;
  onProgress?: (done: number, total: number, stage: string) => void;
  /** 'yyyy-mm-dd' that fixes the current period and the open journey's window; default today (UTC). */
  today?: string;
  /** Drop keys and indexes for the load and rebuild them after; default from 50,000 students on. */
  bulkLoad?: boolean;
}

export interface SeedCalendar {
  today: string;
  currentPeriod: Period;
  currentIdx: number;
  /** The open journey: its window started 20 days ago and ends in 30 days. */
  current: JourneyCalendar;
  /** Last semester's journey, closed after its 45-day window. */
  previous: JourneyCalendar & { closedAt: number };
}

/** What the demo is, independent of any database: options, calendar and institutions. */
export interface SeedWorld {
  seed: number;
  ies: number;
  students: number;
  calendar: SeedCalendar;
  layout: Layout;
  cpfOffset: number;
}

/** What a stage gets: the world, the open seeding transaction and what earlier stages found. */
export interface SeedContext extends SeedWorld {
  trx: Transaction<Database>;
  /** Database ids of the shifts, in the order of data/academic.ts SHIFTS. */
  shiftIds: number[];
  /** Contracts generated and written per statement. */
  chunkSize: number;
}

export interface SeedStage {
  name: string;
  /** Tables this stage fills with many rows: on big seeds their foreign keys and secondary indexes are rebuilt after the load. */
  bulkTables?: readonly string[];
  run(ctx: SeedContext, progress: (done: number, total: number) => void): Promise<void>;
}

export function buildCalendar(today: string): SeedCalendar {
  const todayAt = secondsOf(today);
  const currentPeriod = periodOfDate(today);
  const currentIdx = periodIndex(currentPeriod);
  const janelaInicio = dateOf(todayAt - 20 * DAY);
  const openedAt = secondsOf(janelaInicio) + 12 * HOUR;
  return {
    today,
    currentPeriod,
    currentIdx,
    current: {
      janelaInicio,
      janelaFim: dateOf(todayAt + 30 * DAY),
      openedAt,
      eventsFrom: openedAt + HOUR,
      eventsTo: todayAt,
      closedAt: null,
    },
    previous: closedJourney(currentIdx - 1),
  };
}

export function buildWorld(options: SeedOptions): SeedWorld {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(secondsOf(today)))
    throw new RangeError(`today must be a yyyy-mm-dd date, got ${today}`);
  if (!Number.isSafeInteger(options.ies) || options.ies < 1) throw new RangeError('ies must be a positive integer');
  if (!Number.isSafeInteger(options.students) || options.students < options.ies)
    throw new RangeError(`students (${options.students}) must be at least the number of IEs (${options.ies})`);
  if (options.students > 9_000_000) throw new RangeError('students must be at most 9,000,000');
  return {
    seed: options.seed,
    ies: options.ies,
    students: options.students,
    calendar: buildCalendar(today),
    layout: buildLayout(options.seed, options.ies, options.students),
    cpfOffset: hash(options.seed, tag('cpf')) % 999_000_000,
  };
}
