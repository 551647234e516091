import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
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
  ({ server, ieId, token } = await renovaOnPrivatePostgres(PG_PORT, `faults-${run}`));
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

    // 1. kill -9 of the postmaster (and its backends): every connection drops under a request.
    await server.kill9();
    await until('/readyz to say 503', async () => (await service!.readyz()) === 503, 30_000);
    const during = load.unavailable;
    await until('requests answered 503 during the outage', () => load.unavailable > during + 5, 60_000);
    assert.ok(service.running, `the service exited:\n${service.output}`);
    server.start();
    await until('/readyz to say 200 again', async () => (await service!.readyz()) === 200, 60_000);
    await progress(load, 40);

    // 2. pg_ctl restart -m fast: sessions terminated by the administrator (57P01).
    server.restartFast();
    await until('/readyz to say 200 after the fast restart', async () => (await service!.readyz()) === 200, 60_000);
    await progress(load, 40);

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
