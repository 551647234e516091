/**
 * The scale bench's cases on one side (one database, its service, the IE it asks about): the read
 * cases as steps the two sides interleave, the write cases, the warm-up. bench/scale.ts runs the
 * rounds and prints the table.
 */
import type pg from 'pg';
import { autocompletePath, COUNTERS_PATH, type Subject, tabPath } from './dashboard-data.js';
import { benchImport } from './import.js';
import { benchTreeMs, describeQuiet, type Quietness, watchMachine } from './machine.js';
import { benchOpenJourney } from './open-journey.js';
import type { Service } from './processes.js';
import { cpu, latency, quietness, type Rig } from './rig.js';

export interface Sample {
  value: number;
  quiet: Quietness;
}
export interface Side {
  label: string;
  url: string;
  ies: number;
  students: number;
}
export type Samples = Map<string, Sample[]>;

/** One side of a round: its service, the IE it asks about, and where its samples go. */
export interface SideRun {
  side: Side;
  service: Service;
  subject: Subject;
  admin: pg.Pool;
  rig: Rig;
  headers: Record<string, string>;
  terms: [string, string][];
  samples: Samples;
}

const add = (samples: Samples, key: string, value: number, quiet: Quietness) => {
  const list = samples.get(key) ?? [];
  list.push({ value, quiet });
  samples.set(key, list);
};

/** Warm-up: the autocomplete's planned-once pool opens its connections on its first requests. */
export async function warmUp(run: SideRun): Promise<void> {
  const paths = [tabPath(run.subject), COUNTERS_PATH, ...run.terms.map(([, term]) => autocompletePath(term))];
  await run.rig.measure(run.service, paths, { headers: run.headers, rate: 200, seconds: 3 });
}

/**
 * The read cases of one side, each a step that measures once and adds its samples. The two
 * sides' steps run interleaved, case by case, so whatever the machine does meanwhile (a
 * checkpoint, a busy moment) falls on both sides of a ratio instead of on one side's whole round.
 */
export function readSteps(run: SideRun, durationS: number, log: (line: string) => void): (() => Promise<void>)[] {
  const { service, subject, rig, headers, samples, side } = run;
  const measure = (paths: string[], rate: number, seconds = durationS) =>
    rig.measure(service, paths, { headers, rate, seconds });
  const steps: (() => Promise<void>)[] = [
    async () => {
      const c = await measure([COUNTERS_PATH], 500);
      log(`  ${side.label} counters at 500 req/s: ${latency(c)}; ${cpu(c)} ${quietness(c)}`);
      add(samples, 'counters at 500 req/s, p99 ms', c.p99, c.quiet);
      add(samples, 'counters, service CPU ms/request', c.serviceCpu, c.quiet);
      add(samples, 'counters, database CPU ms/request', c.databaseCpu, c.quiet);
    },
    async () => {
      const t = await measure([tabPath(subject)], 100);
      log(`  ${side.label} tab list at 100 req/s: ${latency(t)}; ${cpu(t)} ${quietness(t)}`);
      add(samples, 'tab list at 100 req/s, p99 ms', t.p99, t.quiet);
      add(samples, 'tab list, service CPU ms/request', t.serviceCpu, t.quiet);
      add(samples, 'tab list, database CPU ms/request', t.databaseCpu, t.quiet);
    },
  ];
  for (const [index, [kind, term]] of run.terms.entries()) {
    steps.push(async () => {
      const m = await measure([autocompletePath(term)], 40, 5);
      log(`  ${side.label} autocomplete "${term}": ${cpu(m)}; ${latency(m)} ${quietness(m)}`);
      add(samples, `autocomplete #${index + 1} ${kind}, database CPU ms/request`, m.databaseCpu, m.quiet);
    });
  }
  steps.push(async () => {
    const mix = await measure(
      run.terms.map(([, term]) => autocompletePath(term)),
      200,
    );
    log(`  ${side.label} autocomplete mix at 200 req/s: ${latency(mix)}; ${cpu(mix)} ${quietness(mix)}`);
    add(samples, 'autocomplete mix at 200 req/s, p99 ms', mix.p99, mix.quiet);
  });
  // The tab, exported whole as CSV (the staff's "exportar"), per 100,000 rows.
  steps.push(async () => {
    const done = watchMachine(benchTreeMs());
    const started = performance.now();
    const response = await fetch(`${service.url}/s/v2/renovacao/aptos?formato=csv`, { headers });
    const text = await response.text();
    const seconds = (performance.now() - started) / 1000;
    const quiet = done(benchTreeMs());
    if (response.status !== 200) throw new Error(`export answered ${response.status}: ${text.slice(0, 300)}`);
    const rows = text.split('\n').filter((line) => line.length > 0).length - 1;
    log(`  ${side.label} export of the tab (${rows} rows): ${seconds.toFixed(2)} s [${describeQuiet(quiet)}]`);
    add(samples, 'export CSV, s per 100k rows', (seconds * 100_000) / Math.max(1, rows), quiet);
  });
  return steps;
}

/** Opening a journey of 100,000 contracts and importing a 100,000-row CSV inside the side's database. */
export async function writeCases(run: SideRun, log: (line: string) => void): Promise<void> {
  const { side, samples } = run;
  {
    const done = watchMachine(benchTreeMs(), { writes: true });
    const r = await benchOpenJourney({ inside: side.url, contracts: 100_000, log: () => {} });
    const quiet = done(benchTreeMs());
    log(`  ${side.label} open journey, 100,000 contracts: ${r.seconds.toFixed(2)} s [${describeQuiet(quiet)}]`);
    add(samples, 'open journey, s per 100k contracts', r.seconds, quiet);
  }
  {
    const done = watchMachine(benchTreeMs(), { writes: true });
    const [r] = await benchImport({ inside: side.url, rows: 100_000, formats: ['csv'], log: () => {} });
    const quiet = done(benchTreeMs());
    if (r) {
      log(`  ${side.label} import CSV, 100,000 rows: ${r.seconds.toFixed(2)} s [${describeQuiet(quiet)}]`);
      add(samples, 'import CSV, s per 100k rows', r.seconds, quiet);
    }
  }
}
