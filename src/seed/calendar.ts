/**
 * Periods and dates the seed works with. A period is a semester: semester 1 credits January to
 * June, semester 2 July to December. Times are whole seconds since the epoch (UTC); dates are
 * 'yyyy-mm-dd' strings.
 */
export interface Period {
  ano: number;
  semestre: 1 | 2;
}

export const DAY = 86_400;
export const HOUR = 3600;

/** Periods as consecutive integers, so "three semesters before" is a subtraction. */
export const periodIndex = (p: Period) => p.ano * 2 + (p.semestre - 1);
const periods = new Map<number, Period>();
/** The period of an index; shared (frozen) objects, since a million contracts use a few dozen. */
export function periodAt(index: number): Period {
  let period = periods.get(index);
  if (!period) {
    period = Object.freeze({ ano: Math.floor(index / 2), semestre: ((index % 2) + 1) as 1 | 2 });
    periods.set(index, period);
  }
  return period;
}

export function periodOfDate(date: string): Period {
  const [ano, month] = date.split('-').map(Number) as [number, number];
  return { ano, semestre: month <= 6 ? 1 : 2 };
}

/** Seconds at 00:00 UTC of a 'yyyy-mm-dd' date. */
export const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

export const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Index of a month (year·12 + month−1), for "first day of the next month" arithmetic. */
export const monthIndexOfSeconds = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

const monthStarts = new Map<number, string>();
/** 'yyyy-mm-01' of a month index; cached, since a million contracts share a few hundred months. */
export function monthStart(monthIndex: number): string {
  let value = monthStarts.get(monthIndex);
  if (value === undefined) {
    const year = Math.floor(monthIndex / 12);
    value = `${year}-${String((monthIndex % 12) + 1).padStart(2, '0')}-01`;
    monthStarts.set(monthIndex, value);
  }
  return value;
}

/** The first month of a period, as a month index. */
export const firstMonthOf = (periodIdx: number) => {
  const p = periodAt(periodIdx);
  return p.ano * 12 + (p.semestre === 1 ? 0 : 6);
};

/** Last day of a period's last month: a graduation forecast. */
export const periodEnd = (periodIdx: number) => {
  const p = periodAt(periodIdx);
  return p.semestre === 1 ? `${p.ano}-06-30` : `${p.ano}-12-31`;
};

export const periodStartSeconds = (periodIdx: number) => secondsOf(monthStart(firstMonthOf(periodIdx)));

/** When things happen in one journey, in seconds since the epoch. */
export interface JourneyCalendar {
  janelaInicio: string;
  janelaFim: string;
  openedAt: number;
  /** Actions of the IE and the foundation fall in [eventsFrom, eventsTo). */
  eventsFrom: number;
  eventsTo: number;
  closedAt: number | null;
}

/**
 * The closed journey of a past period: its 45-day window opened two weeks into the semester and
 * the service closed it the day after. Last semester's journey and the older ones the former
 * students went through all follow it.
 */
export function closedJourney(periodIdx: number): JourneyCalendar & { closedAt: number } {
  const inicio = periodStartSeconds(periodIdx) + 14 * DAY;
  const fim = inicio + 44 * DAY;
  return {
    janelaInicio: dateOf(inicio),
    janelaFim: dateOf(fim),
    openedAt: inicio + 12 * HOUR,
    eventsFrom: inicio + 13 * HOUR,
    eventsTo: fim + 22 * HOUR,
    closedAt: fim + DAY + 3 * HOUR,
  };
}
