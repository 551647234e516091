/**
 * Two builds of renova side by side (an A/B of two commits), on the seeded bench database: the
 * same path at the same rate against each, in alternating pairs (A first in even pairs, B first in
 * odd ones), and the service CPU per request of each with B ÷ A per pair. Within a pair the
 * machine is the same; the median of the pairs' ratios is what a change bought, where one run of
 * each reads inside this kind of machine's drift (session 25: the same build read 1.2–2.0 ms a
 * request from one 8-s run to the next).
 *
 *   git worktree add /tmp/base <commit> && (cd /tmp/base && ln -s "$PWD/node_modules" . && npx tsc -p tsconfig.build.json)
 *   npx tsx bench/ab.ts --a /tmp/base/dist/cli.js [--b dist/cli.js] [--path tab|counters] [--rate 100] [--pairs 8]
 *
 * `--write a|b|both` sends that side one refused write first. Until session 31 a POST enabled the
 * audit's AsyncLocalStorage for good, and from then on every promise of the process paid a hook
 * (lib/scoped-storage.ts): `--write b` with A and B the same build measured that; `--write both`
 * compares two builds after a write.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { COUNTERS_PATH, pickSubject, tabPath } from './dashboard-data.js';
import { median, spread } from './machine.js';
import { benchToken, type Measured, Rig, startRenova } from './rig.js';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: 'dist/cli.js' },
    path: { type: 'string', default: 'tab' },
    rate: { type: 'string', default: '100' },
    pairs: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '6' },
    write: { type: 'string' },
  },
});
if (!args.a) throw new Error('--a <path to the other build’s dist/cli.js> is required');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/renova_bench';
const admin = new pg.Pool({ connectionString: url, max: 2 });
const subject = await pickSubject(admin);
const secret = randomBytes(32).toString('hex');
const headers = { authorization: `Bearer ${await benchToken(secret, subject.ieId)}` };
// Each side's backends by their own application_name, so each side's database CPU is its own.
const start = (cli: string, tag: string) => {
  process.env.BENCH_RENOVA_CLI = resolve(cli);
  return startRenova(url, secret, undefined, tag);
};
const services = { A: await start(args.a, 'a'), B: await start(args.b, 'b') };
delete process.env.BENCH_RENOVA_CLI;
const rig = new Rig(admin);
try {
  const path = args.path === 'counters' ? COUNTERS_PATH : tabPath(subject);
  // `--rate max`: closed loop, each side as fast as it answers (its throughput is printed too).
  const rate = args.rate === 'max' ? undefined : Number(args.rate);
  const seconds = Number(args.seconds);
  const written = { a: ['A'], b: ['B'], both: ['A', 'B'] }[args.write ?? ''] ?? [];
  if (args.write && written.length === 0) throw new Error('--write takes a, b or both');
  for (const side of written as ('A' | 'B')[]) {
    const refused = await fetch(`${services[side].url}/s/v2/renovacao/jornadas/abrir`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"ano":"x"}',
    });
    console.log(`${side} answered a refused write: ${refused.status}`);
  }
  for (const service of Object.values(services)) await rig.measure(service, [path], { headers, rate, seconds: 4 });
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  const databaseRatios: number[] = [];
  const throughputRatios: number[] = [];
  for (let i = 0; i < Number(args.pairs); i++) {
    const order = i % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
    const run = {} as Record<'A' | 'B', Measured>;
    for (const name of order) run[name] = await rig.measure(services[name], [path], { headers, rate, seconds });
    const { A: ra, B: rb } = run;
    a.push(ra.serviceCpu);
    b.push(rb.serviceCpu);
    ratios.push(rb.serviceCpu / ra.serviceCpu);
    databaseRatios.push(rb.databaseCpu / ra.databaseCpu);
    throughputRatios.push(rb.throughput / ra.throughput);
    console.log(
      `pair ${i + 1} (${order[0]} first): service A ${ra.serviceCpu.toFixed(3)} ms, B ${rb.serviceCpu.toFixed(3)} ms, B ÷ A ${(rb.serviceCpu / ra.serviceCpu).toFixed(3)}; database A ${ra.databaseCpu.toFixed(3)} ms, B ${rb.databaseCpu.toFixed(3)} ms; ${ra.throughput.toFixed(0)} / ${rb.throughput.toFixed(0)} req/s`,
    );
  }
  const at = rate === undefined ? 'at its maximum' : `at ${rate} req/s`;
  console.log(
    `${args.path} ${at}, service CPU per request: A ${median(a).toFixed(3)} ms, B ${median(b).toFixed(3)} ms, B ÷ A ${spread(ratios, 3)}`,
  );
  console.log(
    `database CPU per request B ÷ A ${spread(databaseRatios, 3)}; throughput B ÷ A ${spread(throughputRatios, 3)}`,
  );
} finally {
  rig.close();
  await services.A.stop();
  await services.B.stop();
  await admin.end();
}
