// npm run bench: every benchmark, in order, against PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/renova_bench). The write benchmarks (journey opening, sheet
// import) run first, on scratch databases of their own, so the big seed's background work
// (autovacuum, checkpoints) does not weigh on them. Then the seed leaves that database with 500 IEs
// and 1,000,000 students for the dashboard cases. `npm run bench -- --skip-seed` reuses an already
// seeded database; `--only dashboard,import` runs a subset (open-journey, import, export, portal, seed, dashboard).
import { runDashboardBench } from './dashboard.js';
import { benchExport } from './export.js';
import { benchImport } from './import.js';
import { benchOpenJourney } from './open-journey.js';
import { benchPortal } from './portal.js';
import { benchSeed, SEED_TARGETS } from './seed.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/renova_bench';
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',') : null;
const wanted = (name: string) => only === null || only.includes(name);
const summary: string[] = [];
const log = (line: string) => process.stdout.write(`${line}\n`);

if (wanted('open-journey')) {
  log('\n## open journey: one IE with 100,000 contracts');
  const r = await benchOpenJourney({ url, log });
  summary.push(
    `open journey, ${r.contracts} contracts → ${r.entries} entries: ${r.seconds.toFixed(2)} s (≤ ${r.targetSeconds}) — ${r.pass ? 'PASS' : 'MISS'}`,
  );
}
if (wanted('import')) {
  log('\n## import: a 100,000-row values sheet, CSV and xlsx, while /healthz is polled');
  for (const c of await benchImport({ url, log })) {
    summary.push(
      `import ${c.rows.toLocaleString('en')} rows ${c.format}: ${c.seconds.toFixed(2)} s (≤ ${c.targetSeconds}), peak RSS ${(c.peakRssBytes / 2 ** 20).toFixed(0)} MiB (≤ 300), event-loop p99 ${c.eventLoopP99Ms.toFixed(1)} ms (≤ 50), /healthz p99 ${c.healthz.p99Ms.toFixed(1)} ms — ${c.pass ? 'PASS' : 'MISS'}`,
    );
  }
}

if (wanted('export')) {
  log('\n## export: a 100,000-row list (the audit trail) as CSV and xlsx through the HTTP server');
  for (const c of await benchExport({ url, log })) {
    summary.push(
      `export ${c.rows.toLocaleString('en')} rows ${c.format}: ${c.seconds.toFixed(2)} s (≤ ${c.targetSeconds}), peak RSS ${(c.peakRssBytes / 2 ** 20).toFixed(0)} MiB (≤ 200), event-loop p99 ${c.eventLoopP99Ms.toFixed(1)} ms (≤ 50) — ${c.pass ? 'PASS' : 'MISS'}`,
    );
  }
}

if (wanted('portal')) {
  log('\n## portal: the dashboard in chromium, on the demo and on an IE of 50,000 students');
  for (const f of await benchPortal({ url, log })) {
    summary.push(`portal, ${f.subject}: ${f.name}: ${f.value} (${f.target}) — ${f.pass ? 'PASS' : 'MISS'}`);
  }
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
    summary.push(`${c.name}: ${c.figure} (target ${c.target}) — ${c.pass ? 'PASS' : 'MISS'}`);
  }
}
log('\n## summary');
for (const line of summary) log(line);
