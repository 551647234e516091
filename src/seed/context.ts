import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { today as businessToday } from '../lib/business-date.js';
import { closedJourney, DAY, dateOf, HOUR, periodIndex, periodOfDate, secondsOf } from './calendar.js';
import { buildLayout } from './layout.js';
import { hash, tag } from './random.js';
import type { SeedCalendar, SeedOptions, SeedWorld } from './world.js';

export type { JourneyCalendar } from './calendar.js';
export type { SeedCalendar, SeedOptions, SeedWorld } from './world.js';

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
  // The São Paulo day (DOMAIN.md, "Time"): after 21:00 there the UTC day is already tomorrow.
  const today = options.today ?? businessToday();
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
