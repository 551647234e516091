/**
 * The service's one clock and calendar (DOMAIN.md, "Time"). Business dates — today, "in the
 * future", month boundaries, restitution starts, window closes — are days in Brazil's official
 * time, America/Sao_Paulo, wherever they are computed; stored instants stay UTC. Every module asks
 * here instead of `new Date()` + `toISOString()` (which is the UTC day: after 21:00 in São Paulo
 * it is already tomorrow), so one setting moves them all and tests can put the clock anywhere.
 */

export const SERVICE_TIME_ZONE = 'America/Sao_Paulo';

type Clock = () => Date;
const systemClock: Clock = () => new Date();
let clock: Clock = systemClock;

/** The current instant, from the service's clock. */
export const now = (): Date => clock();

/**
 * Replaces the clock (tests: "it is 22:30 on 30 November in São Paulo"); answers a function that
 * puts the previous one back. Node's test runner gives each test file its own process, so a file
 * that sets the clock affects only itself.
 */
export function setClock(next: Clock | Date): () => void {
  const previous = clock;
  clock = next instanceof Date ? () => new Date(next.getTime()) : next;
  return () => {
    clock = previous;
  };
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business day ('yyyy-mm-dd') of an instant: its calendar day in São Paulo. */
export const businessDay = (at: Date): string => dayFormat.format(at); // en-CA formats as yyyy-mm-dd

/** Today (or the business day of the instant given), in São Paulo. */
export const today = (at: Date = now()): string => businessDay(at);

/** The current month as `YYYY-MM` (competência), in São Paulo. */
export const currentMonth = (): string => today().slice(0, 7);

/** True for a real calendar date in yyyy-mm-dd (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Day arithmetic on 'yyyy-mm-dd' (calendar days, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of the month after the given day (default: after today in São Paulo). */
export function firstDayOfNextMonth(day: string = today()): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** Whole days from today (São Paulo) to the given day; negative when it has passed. */
export function daysFromToday(day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / 86_400_000);
}
