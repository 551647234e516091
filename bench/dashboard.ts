/**
 * Dashboard read benchmark. Run against a PostgreSQL database already seeded with
 * `renova seed --ies 500 --students 1000000`:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/renova_bench npx tsx bench/dashboard.ts
 *
 * It starts renova in-process on an ephemeral port with a token for the largest IE, drives it
 * with autocannon (in a worker thread, so the load generator does not share the server's event
 * loop) at fixed rates, and prints p50/p99/throughput per case with PASS/MISS against the targets.
 * A bare Fastify + pg handler running the same SQL as the tab list is the throughput ceiling.
 * Optional: BENCH_DURATION_S (default 15), BENCH_VACUUM=0 to skip the initial VACUUM ANALYZE of
 * entrada_jornada (index-only scans need a current visibility map; it changes no data).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import type { Caller } from '../src/http/auth.js';
import { resolveList } from '../src/modules/dashboard/dashboard.service.js';
import { countQuery, pageQuery } from '../src/modules/dashboard/list-query.js';
import { startServer } from '../src/server.js';

export interface DashboardBenchOptions {
  databaseUrl: string;
  durationS?: number;
  vacuum?: boolean;
  log?: (line: string) => void;
}

export interface CaseResult {
  name: string;
  rate: number | null;
  p50: number;
  p99: number;
  throughput: number;
  errors: number;
  target: string;
  pass: boolean;
}

interface Subject {
  ieId: number;
  jornadaId: number;
  cursoId: number;
  aptos: number;
  cpf: string;
  matricula: string;
}

/** The largest IE (by entries in its current journey, from the counters) and values to query it with. */
async function pickSubject(pool: pg.Pool): Promise<Subject> {
  const largest = await pool.query<{ ie_id: string; jornada_id: string; aptos: string }>(`
    select j.ie_id, j.id as jornada_id, coalesce(sum(c.total) filter (where c.situacao = 'APTO'), 0) as aptos
    from jornada j join contador_jornada c on c.jornada_id = j.id
    where j.status = 'ABERTA'
    group by j.ie_id, j.id order by sum(c.total) desc limit 1`);
  const row = largest.rows[0];
  if (!row) throw new Error('The database has no open journey with entries: seed it first (renova seed).');
  const jornadaId = Number(row.jornada_id);
  const course = await pool.query<{ curso_id: string }>(
    `select curso_id from entrada_jornada where jornada_id = $1 and aba = 'aptos'
     group by curso_id order by count(*) desc limit 1`,
    [jornadaId],
  );
  const sample = await pool.query<{ cpf: string; matricula: string }>(
    'select cpf, matricula from entrada_jornada where jornada_id = $1 order by id offset 100 limit 1',
    [jornadaId],
  );
  return {
    ieId: Number(row.ie_id),
    jornadaId,
    cursoId: Number(course.rows[0]?.curso_id),
    aptos: Number(row.aptos),
    cpf: sample.rows[0]?.cpf ?? '00000000000',
    matricula: sample.rows[0]?.matricula ?? 'M0',
  };
}

async function load(
  url: string,
  paths: string[],
  options: { rate?: number; durationS: number; connections?: number; headers?: Record<string, string> },
) {
  const result = await autocannon({
    url,
    workers: 1,
    connections: options.connections ?? 32,
    duration: options.durationS,
    ...(options.rate ? { overallRate: options.rate } : {}),
    headers: options.headers,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    throughput: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A bare Fastify + pg server answering the tab list with the very SQL renova runs for it. */
async function startCeiling(databaseUrl: string, caller: Caller, subject: Subject) {
  const database = await createDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 20 });
  const filters = await resolveList(database.db, caller, { aba: 'aptos', cursoId: subject.cursoId });
  const page = pageQuery(database.db, caller, filters, { by: 'nome', dir: 'asc' }, 50, 0).compile();
  const count = countQuery(database.db, filters).compile();
  await database.close();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const app = Fastify({ logger: false });
  app.get('/bare', async () => {
    const [rows, total] = await Promise.all([
      pool.query(page.sql, page.parameters as unknown[]),
      pool.query(count.sql, count.parameters as unknown[]),
    ]);
    return { itens: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

export async function runDashboardBench(options: DashboardBenchOptions): Promise<CaseResult[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const durationS = options.durationS ?? 15;
  const admin = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  if (options.vacuum !== false) {
    log('vacuum analyze entrada_jornada (visibility map for index-only scans)...');
    await admin.query('vacuum (analyze) entrada_jornada');
  }
  const subject = await pickSubject(admin);
  await admin.end();
  log(
    `largest IE ${subject.ieId}: journey ${subject.jornadaId}, ${subject.aptos} aptos; course filter ${subject.cursoId}`,
  );

  const config = loadConfig({
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    DATABASE_POOL_MAX: '20',
  });
  const server = await startServer(config);
  const token = await server.app.auth.sign?.({ sub: 'bench', role: 'IE', ies: [subject.ieId], ttl: '2h' });
  if (!token) throw new Error('renova holds no signing key');
  const headers = { authorization: `Bearer ${token}` };
  const caller: Caller = { sub: 'bench', name: 'bench', role: 'IE', ies: [subject.ieId], grupoIe: null, all: false };
  const ceiling = await startCeiling(options.databaseUrl, caller, subject);

  const results: CaseResult[] = [];
  const record = (r: CaseResult) => {
    results.push(r);
    log(
      `${r.pass ? 'PASS' : 'MISS'}  ${r.name.padEnd(34)} rate ${String(r.rate ?? 'max').padStart(5)}  p50 ${r.p50
        .toFixed(1)
        .padStart(
          6,
        )} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.throughput.toFixed(0).padStart(6)} req/s  errors ${r.errors}  (${r.target})`,
    );
  };
  const run = (
    paths: string[],
    rate?: number,
    base = server.url,
    h: Record<string, string> = headers,
    seconds = durationS,
  ) => load(base, paths, { rate, durationS: seconds, headers: h });

  try {
    const tabPage1 = `/s/v2/renovacao/aptos?tamanho=50&cursoId=${subject.cursoId}`;
    await run([tabPage1], 300, server.url, headers, 3); // warm-up: caches, JIT, pool
    const tab = await run([tabPage1], 1000);
    record({
      name: 'tab list p.1 (50, course filter)',
      rate: 1000,
      ...tab,
      target: 'p99 ≤ 25 ms',
      pass: tab.p99 <= 25 && tab.errors === 0,
    });

    // The page size that puts page 1,000 in the middle of the tab: the slowest place for it.
    const deep = Math.max(1, Math.min(50, Math.floor(subject.aptos / 2000)));
    const p1 = await run([`/s/v2/renovacao/aptos?tamanho=${deep}&pagina=1`], 200);
    const p1000 = await run([`/s/v2/renovacao/aptos?tamanho=${deep}&pagina=1000`], 200);
    record({ name: `tab list p.1 (size ${deep})`, rate: 200, ...p1, target: 'reference', pass: p1.errors === 0 });
    record({
      name: `tab list p.1000 (size ${deep})`,
      rate: 200,
      ...p1000,
      target: `p50 ≤ 2 × p.1 (${(2 * p1.p50).toFixed(1)} ms)`,
      pass: p1000.p50 <= 2 * Math.max(p1.p50, 0.5) && p1000.errors === 0,
    });

    const counters = await run(['/s/v2/renovacao/dashboard/contadores'], 500);
    record({
      name: 'counters',
      rate: 500,
      ...counters,
      target: 'p99 ≤ 10 ms',
      pass: counters.p99 <= 10 && counters.errors === 0,
    });

    const terms = [
      'mar',
      'joao si',
      'silva',
      'rocha',
      `${subject.cpf.slice(0, 3)}.${subject.cpf.slice(3, 6)}`,
      subject.matricula,
      'ana sou',
    ];
    const auto = await run(
      terms.map((term) => `/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(term)}`),
      200,
    );
    record({
      name: 'autocomplete',
      rate: 200,
      ...auto,
      target: 'p99 ≤ 30 ms',
      pass: auto.p99 <= 30 && auto.errors === 0,
    });

    await run(['/bare'], undefined, ceiling.url, {}, 3);
    const bare = await run(['/bare'], undefined, ceiling.url, {});
    const full = await run([tabPage1]);
    record({ name: 'ceiling: bare Fastify + pg', rate: null, ...bare, target: 'reference', pass: bare.errors === 0 });
    const ratio = full.throughput / Math.max(bare.throughput, 1);
    record({
      name: 'tab list p.1 max throughput',
      rate: null,
      ...full,
      target: `≥ 0.8 × ceiling (got ${ratio.toFixed(2)}×)`,
      pass: ratio >= 0.8 && full.errors === 0,
    });
  } finally {
    await ceiling.close();
    await server.close();
  }
  const missed = results.filter((r) => !r.pass).length;
  log(missed === 0 ? 'dashboard bench: all targets met' : `dashboard bench: ${missed} case(s) missed`);
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
    durationS: Number(process.env.BENCH_DURATION_S ?? 15),
    vacuum: process.env.BENCH_VACUUM !== '0',
  });
  process.exit(results.every((r) => r.pass) ? 0 : 1);
}
