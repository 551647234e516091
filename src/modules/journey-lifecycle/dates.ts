/** Calendar dates as 'yyyy-mm-dd' strings, the way the database returns them. */

/** The service's calendar: renewal windows are days in Brazil's official time. */
export const SERVICE_TIME_ZONE = 'America/Sao_Paulo';

/** Today's date in the service's time zone. */
export function today(now: Date = new Date(), timeZone = SERVICE_TIME_ZONE): string {
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** True for a real calendar date in yyyy-mm-dd (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
