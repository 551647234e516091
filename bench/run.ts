// npm run bench: every benchmark, in order, against PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/renova_bench). The write benchmarks (journey opening, sheet
// import) run first, on scratch databases of their own, so the big seed's background work
// (autovacuum, checkpoints) does not weigh on them. Then the seed leaves that database with 500 IEs
// and 1,000,000 students for the dashboard cases. `npm run bench -- --skip-seed` reuses an already
// seeded database; `--only dashboard,import` runs a subset (open-journey, import, export, portal, seed, dashboard).
// `npm run bench -- --scale 5000000` runs only the scale comparison (bench/scale.ts): the same cases on
// the 1M database and on one of 5,000,000 students, side by side.
import { runDashboardBench } from './dashboard.js';
import { benchExport } from './export.js';
import { benchImport } from './import.js';
import { benchTreeMs, describeQuiet, verdict, watchMachine } from './machine.js';
import { benchOpenJourney } from './open-journey.js';
import { benchPortal } from './portal.js';
import { runScaleBench } from './scale.js';
import { benchSeed, SEED_TARGETS } from './seed.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/renova_bench';
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',') : null;
const wanted = (name: string) => only === null || only.includes(name);
const summary: string[] = [];
const log = (line: string) => process.stdout.write(`${line}\n`);
const scaleAt = args.indexOf('--scale');

if (scaleAt >= 0) {
  const students = Number(args[scaleAt + 1]);
  if (!Number.isSafeInteger(students) || students < 2_000_000) {
    process.stderr.write('--scale takes the number of students of the big database (2,000,000 or more)\n');
    process.exit(2);
  }
  const results = await runScaleBench({
    url,
    students,
    log,
  });
  log('\n## summary');
  // A figure measured only beside other work is neither a pass nor a miss (machine.ts).
  for (const r of results) log(`${r.name}: ${r.figure} — ${verdict(r)}`);
  process.exit(results.every((r) => r.pass || r.busy) ? 0 : 1);
}

/**
 * Runs one section and tags its summary lines with the load average before it and the CPU other
 * processes used while it ran; a busy section's verdicts are marked (machine.ts).
 */
async function section(title: string, run: () => Promise<string[]>) {
  log(`\n## ${title}`);
  const done = watchMachine(benchTreeMs(), { writes: true });
  const lines = await run();
  const quiet = done(benchTreeMs());
  for (const line of lines) summary.push(`${line} [${describeQuiet(quiet)}]`);
}

if (wanted('open-journey')) {
  await section('open journey: one IE with 100,000 contracts', async () => {
    const r = await benchOpenJourney({ url, log });
    return [
      `open journey, ${r.contracts} contracts → ${r.entries} entries: ${r.seconds.toFixed(2)} s (≤ ${r.targetSeconds}) — ${r.pass ? 'PASS' : 'MISS'}`,
    ];
  });
}
if (wanted('import')) {
  await section('import: a 100,000-row values sheet, CSV and xlsx, while /healthz is polled', async () =>
    (await benchImport({ url, log })).map(
      (c) =>
        `import ${c.rows.toLocaleString('en')} rows ${c.format}: ${c.seconds.toFixed(2)} s (≤ ${c.targetSeconds}), peak RSS ${(c.peakRssBytes / 2 ** 20).toFixed(0)} MiB (≤ 300), event-loop p99 ${c.eventLoopP99Ms.toFixed(1)} ms (≤ 50), /healthz p99 ${c.healthz.p99Ms.toFixed(1)} ms — ${c.pass ? 'PASS' : 'MISS'}`,
    ),
  );
}

if (wanted('export')) {
  await section('export: a 100,000-row list (the audit trail) as CSV and xlsx through the HTTP server', async () =>
    (await benchExport({ url, log })).map(
      (c) =>
        `export ${c.rows.toLocaleString('en')} rows ${c.format}: ${c.seconds.toFixed(2)} s (≤ ${c.targetSeconds}), peak RSS ${(c.peakRssBytes / 2 ** 20).toFixed(0)} MiB (≤ 200), event-loop p99 ${c.eventLoopP99Ms.toFixed(1)} ms (≤ 50) — ${c.pass ? 'PASS' : 'MISS'}`,
    ),
  );
}

if (wanted('portal')) {
  await section('portal: the dashboard in chromium, on the demo and on an IE of 50,000 students', async () =>
    (await benchPortal({ url, log })).map(
      (f) => `portal, ${f.subject}: ${f.name}: ${f.value} (${f.target}) — ${f.pass ? 'PASS' : 'MISS'}`,
    ),
  );
}

if (wanted('seed') && !args.includes('--skip-seed')) {
  log('\n## seed: renova seed --ies 500 --students 1000000 on PostgreSQL');
  const r = await benchSeed({ url });
  const pass = r.seconds <= SEED_TARGETS.seconds && r.peakRssBytes <= SEED_TARGETS.peakRssBytes;
  summary.push(
    `seed 500 IEs / 1,000,000 students: ${r.seconds.toFixed(1)} s (≤ 120), peak RSS ${(r.peakRssBytes / 2 ** 20).toFixed(0)} MiB (≤ 1024) — ${pass ? 'PASS' : 'MISS'}`,
  );
}
if (wanted('dashboard')) {
  log('\n## dashboard: renova and a bare Fastify + pg ceiling, each in its own process, alternating');
  for (const c of await runDashboardBench({ databaseUrl: url, log })) {
    summary.push(`${c.name}: ${c.figure} (target ${c.target}) — ${verdict(c)}`);
  }
}
log('\n## summary');
for (const line of summary) log(line);
