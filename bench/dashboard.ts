/**
 * Dashboard read benchmark (issue 16). Run against a PostgreSQL database already seeded with
 * `renova seed --ies 500 --students 1000000`, after `npm run build`:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/renova_bench npx tsx bench/dashboard.ts
 *
 * renova (dist/cli.js serve) and a bare Fastify + pg server running the same SQL each run in a
 * process of their own, driven by a load generator in a third (bench/load-generator.ts): fixed
 * rates are open loop (evenly spaced, latency from when each request was due), maximum throughput
 * is closed loop. Every case reports CPU per request of the service process and of its
 * PostgreSQL backends (/proc), since on two cores latency under saturation mostly measures the
 * machine. renova and the ceiling alternate in the same run, BENCH_REPEATS times (default 3), and
 * each ratio is printed as its median with the spread across repeats.
 * Optional: BENCH_DURATION_S (default 10), BENCH_VACUUM=0 skips the VACUUM ANALYZE of the entries and names.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { createDatabase } from '../src/db/database.js';
import type { Caller } from '../src/http/auth.js';
import { resolveList } from '../src/modules/dashboard/dashboard.service.js';
import { countQuery, pageQuery } from '../src/modules/dashboard/list-query.js';
import { journeysQuery } from '../src/modules/dashboard/scope.js';
import { autocompleteTerms, pickSubject, type Subject } from './dashboard-data.js';
import type { LoadResult } from './load-generator.js';
import { CpuMeter, Generator, type Service, startService } from './processes.js';

export interface DashboardBenchOptions {
  databaseUrl: string;
  durationS?: number;
  repeats?: number;
  vacuum?: boolean;
  log?: (line: string) => void;
}

/** One printed figure: what was measured, the target it is held to, and the verdict. */
export interface CaseResult {
  name: string;
  figure: string;
  target: string;
  pass: boolean;
}

interface Measured extends LoadResult {
  /** ms of CPU per answered request: the service process, and its database backends. */
  serviceCpu: number;
  databaseCpu: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
const spread = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
const latency = (m: Measured) =>
  `p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ${m.throughput.toFixed(0)} req/s, ${m.errors} errors`;
const cpu = (m: Measured) =>
  `CPU/request service ${m.serviceCpu.toFixed(2)} ms, database ${m.databaseCpu.toFixed(2)} ms`;

/** The statements renova runs for the tab list and the counters, compiled for the ceiling. */
async function ceilingRoutes(databaseUrl: string, caller: Caller, subject: Subject) {
  const database = await createDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 2 });
  try {
    const db = database.db;
    const filters = await resolveList(db, caller, { aba: 'aptos', cursoId: subject.cursoId });
    const page = pageQuery(db, caller, filters, { by: 'nome', dir: 'asc' }, 50, 0).compile();
    const count = countQuery(db, filters).compile();
    // countersInScope's statement (counters.repository.ts), built the same way.
    const counters = db
      .selectFrom((await journeysQuery(db, caller, {})).as('j'))
      .leftJoin('contador_jornada as c', (join) => join.onRef('c.jornada_id', '=', 'j.id').on('c.total', '<>', 0))
      .selectAll('j')
      .select(['c.situacao', 'c.motivo', 'c.total'])
      .compile();
    const statement = (q: { sql: string; parameters: readonly unknown[] }) => ({
      sql: q.sql,
      parameters: [...q.parameters],
    });
    return { '/bare/list': [statement(page), statement(count)], '/bare/counters': [statement(counters)] };
  } finally {
    await database.close();
  }
}

export async function runDashboardBench(options: DashboardBenchOptions): Promise<CaseResult[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const durationS = options.durationS ?? 10;
  const repeats = options.repeats ?? 3;
  const admin = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  if (options.vacuum !== false) {
    // Right after a seed, the tables the cases read are as a bulk load leaves them (no visibility
    // map, hint bits unset) and autovacuum is still at work on both cores: measured then, the
    // autocomplete read up to 1.6× the database CPU it reads once the tables settle.
    log('vacuum analyze entrada_jornada and entrada_nome (visibility map, hint bits)...');
    await admin.query('vacuum (analyze) entrada_jornada');
    await admin.query('vacuum (analyze) entrada_nome');
    for (let waited = 0; waited < 180; waited += 5) {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'",
      );
      if ((rows[0]?.n ?? 0) === 0) break;
      if (waited === 0) log('waiting for autovacuum to finish (at most 3 minutes)...');
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
  const subject = await pickSubject(admin);
  log(`largest IE ${subject.ieId}: journey ${subject.jornadaId}, ${subject.aptos} aptos; course ${subject.cursoId}`);

  const secret = randomBytes(32).toString('hex');
  const caller: Caller = { sub: 'bench', name: 'bench', role: 'IE', ies: [subject.ieId], grupoIe: null, all: false };
  const token = await new SignJWT({ role: 'IE', name: 'bench', ies: [subject.ieId] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('bench')
    .setIssuer('renova')
    .setAudience('renova-api')
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
  const renova = await startService('renova', options.databaseUrl, {
    JWT_SECRET: secret,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    DATABASE_POOL_MAX: '20',
  });
  const ceiling = await startService('ceiling', options.databaseUrl, {
    BENCH_CEILING_ROUTES: JSON.stringify(await ceilingRoutes(options.databaseUrl, caller, subject)),
  });
  const generator = new Generator();
  const meter = new CpuMeter(admin);
  const headers = { authorization: `Bearer ${token}` };

  const measure = async (service: Service, paths: string[], rate?: number, seconds = durationS) => {
    const before = await meter.read(service);
    const r = await generator.run({ base: service.url, paths, headers, durationS: seconds, rate, connections: 20 });
    const used = CpuMeter.since(before, await meter.read(service));
    const n = Math.max(1, r.completed);
    return { ...r, serviceCpu: used.service / n, databaseCpu: used.database / n } as Measured;
  };

  const results: CaseResult[] = [];
  const record = (name: string, figure: string, target: string, pass: boolean) => {
    results.push({ name, figure, target, pass });
    log(`${pass ? 'PASS' : 'MISS'}  ${name}: ${figure}  (target ${target})`);
  };

  try {
    const tab = `/s/v2/renovacao/aptos?tamanho=50&cursoId=${subject.cursoId}`;
    const counters = '/s/v2/renovacao/dashboard/contadores';
    // Warm-up: JIT, the pools, the database's caches.
    for (const [service, paths] of [
      [renova, [tab, counters]],
      [ceiling, ['/bare/list', '/bare/counters']],
    ] as const)
      await measure(service, [...paths], 200, 3);

    // renova and the ceiling alternate, `repeats` times; each pair gives one ratio.
    const paired = async (label: string, renovaPath: string, barePath: string, rate?: number) => {
      const pairs: { renova: Measured; bare: Measured }[] = [];
      for (let i = 0; i < repeats; i++) {
        const r = await measure(renova, [renovaPath], rate);
        const b = await measure(ceiling, [barePath], rate);
        log(`      ${label} #${i + 1}: renova ${latency(r)}; ${cpu(r)} | bare ${latency(b)}; ${cpu(b)}`);
        pairs.push({ renova: r, bare: b });
      }
      return pairs;
    };

    const counterPairs = await paired('counters at 500 req/s', counters, '/bare/counters', 500);
    const p99s = counterPairs.map((p) => p.renova.p99);
    record('counters at 500 req/s, p99 (median of runs)', `${spread(p99s, 1)} ms`, '≤ 10 ms', median(p99s) <= 10);
    const counterCpu = counterPairs.map((p) => p.renova.serviceCpu / Math.max(p.bare.serviceCpu, 0.001));
    record(
      'counters at 500 req/s, service CPU/request renova ÷ bare',
      `${spread(counterCpu)}× (renova ${spread(counterPairs.map((p) => p.renova.serviceCpu))} ms, bare ${spread(counterPairs.map((p) => p.bare.serviceCpu))} ms)`,
      '≤ 1.3×',
      median(counterCpu) <= 1.3,
    );

    const tabPairs = await paired('tab list at 100 req/s', tab, '/bare/list', 100);
    const tabCpu = tabPairs.map((p) => p.renova.serviceCpu / Math.max(p.bare.serviceCpu, 0.001));
    record(
      'tab list at 100 req/s, service CPU/request renova ÷ bare',
      `${spread(tabCpu)}× (renova ${spread(tabPairs.map((p) => p.renova.serviceCpu))} ms, bare ${spread(tabPairs.map((p) => p.bare.serviceCpu))} ms)`,
      '≤ 1.3×',
      median(tabCpu) <= 1.3,
    );
    const tabDb = tabPairs.map((p) => p.renova.databaseCpu / Math.max(p.bare.databaseCpu, 0.001));
    record(
      'tab list at 100 req/s, database CPU/request renova ÷ bare',
      `${spread(tabDb)}× (renova ${spread(tabPairs.map((p) => p.renova.databaseCpu))} ms)`,
      'reference (same SQL: ≈ 1×)',
      true,
    );

    const maxPairs = await paired('tab list, max throughput (20 clients)', tab, '/bare/list');
    const maxRatio = maxPairs.map((p) => p.renova.throughput / Math.max(p.bare.throughput, 1));
    record(
      'tab list max throughput renova ÷ bare',
      `${spread(maxRatio)}× (renova ${spread(
        maxPairs.map((p) => p.renova.throughput),
        0,
      )} req/s, bare ${spread(
        maxPairs.map((p) => p.bare.throughput),
        0,
      )} req/s)`,
      '≥ 0.9×',
      median(maxRatio) >= 0.9,
    );

    // The page size that puts page 1,000 in the middle of the tab: the slowest place for it.
    const size = Math.max(1, Math.min(50, Math.floor(subject.aptos / 2000)));
    const p1 = await measure(renova, [`/s/v2/renovacao/aptos?tamanho=${size}&pagina=1`], 200);
    const p1000 = await measure(renova, [`/s/v2/renovacao/aptos?tamanho=${size}&pagina=1000`], 200);
    record(`tab list p.1 (size ${size}) at 200 req/s`, `${latency(p1)}; ${cpu(p1)}`, 'reference', p1.errors === 0);
    record(
      `tab list p.1000 (size ${size}) at 200 req/s`,
      `${latency(p1000)}; ${cpu(p1000)}`,
      `p50 ≤ 2 × p.1's (${(2 * p1.p50).toFixed(1)} ms)`,
      p1000.p50 <= 2 * Math.max(p1.p50, 0.5) && p1000.errors === 0,
    );

    const autocomplete = (term: string) => `/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(term)}`;
    const terms = await autocompleteTerms(admin, subject);
    for (const [kind, term] of terms) {
      const m = await measure(renova, [autocomplete(term)], 40, 5);
      record(
        `autocomplete ${kind} "${term}" at 40 req/s, database CPU/request`,
        `${m.databaseCpu.toFixed(2)} ms (service ${m.serviceCpu.toFixed(2)} ms; ${latency(m)})`,
        '≤ 2 ms',
        m.databaseCpu <= 2 && m.errors === 0,
      );
    }
    const mix = await measure(
      renova,
      terms.map(([, term]) => autocomplete(term)),
      200,
    );
    record(
      'autocomplete, the terms above in turn, at 200 req/s',
      `${latency(mix)}; ${cpu(mix)}`,
      'p99 ≤ 30 ms',
      mix.p99 <= 30 && mix.errors === 0,
    );
  } finally {
    generator.close();
    await renova.stop();
    await ceiling.stop();
    await admin.end();
  }
  const missed = results.filter((r) => !r.pass).length;
  log(missed === 0 ? 'dashboard bench: all targets met' : `dashboard bench: ${missed} figure(s) missed their target`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    process.stderr.write('Set BENCH_DATABASE_URL to a PostgreSQL database seeded with renova seed.\n');
    process.exit(2);
  }
  const results = await runDashboardBench({
    databaseUrl,
    durationS: Number(process.env.BENCH_DURATION_S ?? 10),
    repeats: Number(process.env.BENCH_REPEATS ?? 3),
    vacuum: process.env.BENCH_VACUUM !== '0',
  });
  process.exit(results.every((r) => r.pass) ? 0 : 1);
}
