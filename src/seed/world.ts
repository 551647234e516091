import type { JourneyCalendar, Period } from './calendar.js';
import type { Layout } from './layout.types.js';

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
