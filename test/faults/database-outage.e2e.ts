import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createContract, createEntry, createJourney } from '../helpers/factories.js';
import { Load } from './load.js';
import { type PrivatePostgres, sleep, until } from './private-servers.js';
import { renovaOnPrivatePostgres } from './renova-on-private.js';
import { ServiceProcess } from './service.js';

/**
 * The database goes away under load (issue 24): a private PostgreSQL 15 is killed with -9,
 * restarted fast, and absent at start, while a real service process serves a steady mix of reads
 * and idempotent writes. `npm run test:faults` (in .ci/run). Ports 55400-55499 are this test's.
 */
const PG_PORT = 55411;
const SERVICE_PORT = 55431;
const run = randomBytes(3).toString('hex');

let server: PrivatePostgres;
let service: ServiceProcess | null = null;
const others: ServiceProcess[] = [];
let token: string;
let ieId: number;

const serviceEnv = (waitSeconds: number) => ({
  DATABASE_URL: server.url('renova'),
  DATABASE_POOL_MAX: '6',
  DATABASE_WAIT_SECONDS: String(waitSeconds),
  RATE_LIMIT_MAX: '0',
});

before(async () => {
  // Three entries in an open journey: the dashboard's reads have rows to list and count.
  ({ server, ieId, token } = await renovaOnPrivatePostgres(PG_PORT, `faults-${run}`, async (db, ie) => {
    const journey = await createJourney(db, ie);
    for (let i = 0; i < 3; i++) await createEntry(db, ie, journey, await createContract(db, ie));
  }));
});

after(async () => {
  for (const s of [service, ...others]) await s?.stop();
  server?.remove();
});

async function rows(): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: server.url('renova') });
  await client.connect();
  try {
    const result = await client.query<{ descricao: string; n: number }>(
      'select descricao, count(*)::int as n from webhook_endpoint where descricao like $1 group by descricao',
      [`${run}-%`],
    );
    return new Map(result.rows.map((r) => [r.descricao, r.n]));
  } finally {
    await client.end();
  }
}

/**
 * The dashboard's reads, whose compiled statements go straight to the pools (db/direct.ts): the
 * tab list (planned-once pool) and the counters (main pool). The status of each, and what it says.
 */
async function dashboardReads() {
  const read = async (path: string) => {
    const response = await fetch(`${service!.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: (await response.json()) as { total?: number; itens?: unknown[] },
    };
  };
  const [list, counters] = await Promise.all([
    read('/s/v2/renovacao/aptos?tamanho=5'),
    read('/s/v2/renovacao/dashboard/contadores'),
  ]);
  return { list, counters, statuses: [list.status, counters.status] };
}

/** Both dashboard reads answer 200 with the three entries (after an outage: once the pools have reconnected). */
async function dashboardServes(label: string) {
  let last = '';
  await until(
    `the dashboard reads to answer 200 ${label}`,
    async () => {
      const reads = await dashboardReads();
      last = JSON.stringify(reads.statuses);
      return reads.statuses.every((s) => s === 200);
    },
    60_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message} (last: ${last})`);
  });
  const { list } = await dashboardReads();
  assert.equal(list.body.total, 3, `the tab list still lists the three entries ${label}`);
  assert.equal(list.body.itens?.length, 3);
}

/** Waits until the load has had `n` more answers (progress, whatever the machine's speed). */
async function progress(load: Load, n: number) {
  const target = load.answered + n;
  await until(`${n} more answers`, () => load.answered >= target, 120_000);
}

describe('the database goes away under load', () => {
  test('kill -9 and a fast restart: the process stays up, only 503 problem+json meanwhile, every acknowledged write once', async () => {
    service = new ServiceProcess(SERVICE_PORT, serviceEnv(60));
    await service.ready();
    const load = new Load(
      {
        url: service.url,
        token,
        workers: 6,
        writePath: '/s/v2/webhooks/endpoints',
        readPath: '/s/v2/webhooks/endpoints',
        writeBody: (label) => ({
          url: 'http://127.0.0.1:55499/hook',
          eventos: ['lote.processado'],
          descricao: label,
          ieId,
        }),
      },
      run,
    );
    load.start();
    await progress(load, 40);
    await dashboardServes('before the outage');

    // 1. kill -9 of the postmaster (and its backends): every connection drops under a request.
    await server.kill9();
    await until('/readyz to say 503', async () => (await service!.readyz()) === 503, 30_000);
    const during = load.unavailable;
    await until('requests answered 503 during the outage', () => load.unavailable > during + 5, 60_000);
    assert.ok(service.running, `the service exited:\n${service.output}`);
    // The dashboard's direct reads fail the same way: 503 problem+json, the process up.
    const down = await dashboardReads();
    assert.deepEqual(down.statuses, [503, 503], JSON.stringify(down));
    assert.match(down.list.type, /application\/problem\+json/);
    assert.match(down.counters.type, /application\/problem\+json/);
    assert.ok(service.running, `the service exited:\n${service.output}`);
    server.start();
    await until('/readyz to say 200 again', async () => (await service!.readyz()) === 200, 60_000);
    await progress(load, 40);
    await dashboardServes('after the restart');

    // 2. pg_ctl restart -m fast: sessions terminated by the administrator (57P01).
    server.restartFast();
    await until('/readyz to say 200 after the fast restart', async () => (await service!.readyz()) === 200, 60_000);
    await progress(load, 40);
    await dashboardServes('after the fast restart');

    await load.stop();
    assert.ok(service.running, `the service exited:\n${service.output}`);
    assert.deepEqual(load.unexpected, [], `unexpected answers:\n${load.unexpected.join('\n')}`);
    const statuses = Object.fromEntries(load.statuses);
    assert.ok(load.unavailable > 0, `the outage was seen: ${JSON.stringify(statuses)}`);
    assert.deepEqual(
      [...load.statuses.keys()].filter((s) => ![200, 201, 503].includes(s)),
      [],
      `only 200, 201 and 503: ${JSON.stringify(statuses)}`,
    );
    assert.ok(load.retriedAndServed.size > 0, 'some writes were retried with their key and served');

    // Every acknowledged write is there exactly once, and nothing else is.
    const stored = await rows();
    const doubled = [...stored].filter(([, n]) => n !== 1);
    assert.deepEqual(doubled, [], 'no write stored twice');
    assert.deepEqual(
      [...load.acknowledged].filter((label) => !stored.has(label)),
      [],
      'every acknowledged write is stored',
    );
    assert.equal(stored.size, load.acknowledged.size, 'no write stored without being acknowledged');
    assert.doesNotMatch(service.output, /Unhandled 'error' event|urn:renova:problem:internal/);
    console.log(`answers: ${JSON.stringify(statuses)}; writes acknowledged: ${load.acknowledged.size}`);
  });

  test('started while the database is down, the service waits and serves once it is up', async () => {
    await service?.stop();
    server.stop();
    const waiting = new ServiceProcess(SERVICE_PORT + 1, serviceEnv(120));
    others.push(waiting);
    await until(
      'the service to log that it waits',
      () => /database unreachable, retrying/.test(waiting.output),
      120_000,
    );
    assert.ok(waiting.running);
    await sleep(500);
    server.start();
    await waiting.ready();
    const response = await fetch(`${waiting.url}/s/v2/webhooks/endpoints`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.status, 200);
    await waiting.stop();
  });

  test('started while the database is down, it gives up after DATABASE_WAIT_SECONDS with one clear line', async () => {
    server.stop();
    const giving = new ServiceProcess(SERVICE_PORT + 2, serviceEnv(2));
    others.push(giving);
    const code = await giving.exited;
    assert.notEqual(code, 0);
    assert.match(giving.output, /renova: .*database unreachable.*127\.0\.0\.1:55411\/renova.*DATABASE_WAIT_SECONDS/);
    assert.doesNotMatch(giving.output, /Migration \(unknown\) failed|\n\s+at /);
  });
});
