import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { now, today } from '../../lib/business-date.js';

/**
 * Transfer months (competências) and when they close (DOMAIN.md, "Restitution payments and
 * monthly transfers"). A month is 'yyyy-mm-01'. It closes when the foundation closes it, or by
 * itself on the 5th day of the next month (America/Sao_Paulo). The automatic close is evaluated
 * whenever a month is read or written, not by a job: a job that did not run (a stopped service, a
 * restored backup) would leave a month open that the rule says is closed.
 */
type Q = Kysely<Database>;

/** The day the automatic close happens: the 5th of the month after `month`. */
export const AUTO_CLOSE_DAY = 5;

/** 'yyyy-mm-01' of a day or month. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** 'yyyy-mm-01' of the month after. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The business day of `now` in São Paulo. */
export const businessToday = (at: Date = now()) => today(at);

/** The day a month closes by itself: 'yyyy-mm-05' of the next month. */
export const autoCloseDay = (month: string) =>
  `${nextMonth(month).slice(0, 8)}${String(AUTO_CLOSE_DAY).padStart(2, '0')}`;

export interface MonthState {
  competencia: string;
  fechado: boolean;
  /** When it closed: by hand (the recorded instant) or by itself (00:00 of the 5th, São Paulo). */
  fechadoEm: Date | null;
  fechadoPor: string | null;
}

/** Whether `month` is closed on the business day `day`. */
export async function monthState(db: Q, month: string, day: string): Promise<MonthState> {
  const manual = await db
    .selectFrom('repasse_fechamento')
    .select(['fechado_em', 'fechado_por'])
    .where('competencia', '=', month)
    .executeTakeFirst();
  if (manual)
    return { competencia: month, fechado: true, fechadoEm: manual.fechado_em, fechadoPor: manual.fechado_por };
  const auto = autoCloseDay(month);
  if (day >= auto) {
    // São Paulo has had no daylight saving time since 2019: midnight there is 03:00 UTC.
    return { competencia: month, fechado: true, fechadoEm: new Date(`${auto}T03:00:00Z`), fechadoPor: 'automatico' };
  }
  return { competencia: month, fechado: false, fechadoEm: null, fechadoPor: null };
}

/**
 * Serializes writes into a month with its close: a payment or adjustment takes the month's lock
 * shared, the close takes it exclusive, so a month never closes between a writer's check and its
 * insert. Adjustments take it exclusive too: two concurrent deductions must not both pass the
 * "net never negative" check.
 */
export async function lockMonth(trx: Q, month: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = Number(month.slice(0, 4)) * 100 + Number(month.slice(5, 7));
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(5200, ${key}::int4)`.execute(trx);
  else await sql`select pg_advisory_xact_lock(5200, ${key}::int4)`.execute(trx);
}

/**
 * The month a payment dated `paidOn` (or an adjustment aimed at that month) is recorded in: its
 * own month while open, else the open month in which it is recorded (today's: the current month
 * never closes before it ends). Locks the month chosen (shared, or exclusive when asked).
 */
export async function recordingMonth(
  trx: Q,
  wanted: string,
  day: string,
  mode: 'shared' | 'exclusive' = 'shared',
): Promise<string> {
  await lockMonth(trx, wanted, mode);
  if (!(await monthState(trx, wanted, day)).fechado) return wanted;
  const current = monthOf(day);
  await lockMonth(trx, current, mode);
  return current;
}
