import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createAuth } from '../../src/http/auth.js';
import { TEST_SECRET } from '../helpers/app.js';
import { PrivatePostgres, PrivateRedis, until } from './private-servers.js';
import { ServiceProcess } from './service.js';

/**
 * Redis, the rate limit's shared store, goes away (issue 24): with RATE_LIMIT_REDIS_URL and Redis
 * killed, requests are served at once without the shared limit (no command queued for the
 * reconnection), the outage is logged once, and the shared limit applies again when Redis is back.
 * `npm run test:faults` (in .ci/run). Its own PostgreSQL and Redis, on ports 55400-55499.
 */
const PG_PORT = 55412;
const REDIS_PORT = 55421;
const SERVICE_PORT = 55441;
const LIMIT = 20;
const run = randomBytes(3).toString('hex');

let database: PrivatePostgres;
let redis: PrivateRedis;
let service: ServiceProcess;
let sign: (sub: string) => Promise<string>;

before(async () => {
  database = new PrivatePostgres(PG_PORT);
  database.start();
  const admin = new pg.Client({ connectionString: database.url() });
  await admin.connect();
  await admin.query('create database renova');
  await admin.end();
  redis = new PrivateRedis(REDIS_PORT);
  await redis.start();
  const auth = await createAuth(loadConfig({ JWT_SECRET: TEST_SECRET }).jwt, null);
  sign = (sub) => auth.sign!({ sub: `${sub}-${run}`, role: 'IE', ies: [1] });
  service = new ServiceProcess(SERVICE_PORT, {
    DATABASE_URL: database.url('renova'),
    DATABASE_POOL_MAX: '4',
    RATE_LIMIT_MAX: String(LIMIT),
    RATE_LIMIT_WINDOW_MS: '600000',
    RATE_LIMIT_REDIS_URL: redis.url,
  });
  await service.ready();
});

after(async () => {
  await service?.stop();
  await redis?.remove();
  database?.remove();
});

const COURSES = '/s/v2/renovacao/planilhas-auxiliares/cursos';

/** `n` requests one after the other with a token of `sub`: their statuses and each one's time. */
async function burst(sub: string, n: number) {
  const token = await sign(sub);
  const statuses: number[] = [];
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await fetch(`${service.url}${COURSES}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    ms.push(performance.now() - started);
    statuses.push(response.status);
  }
  return { statuses, median: [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]! };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('Redis goes away under the rate limit', () => {
  test('down: served at once, unlimited, logged once; back: the shared limit applies again', async () => {
    const up = await burst('before', LIMIT + 5);
    assert.equal(count(up.statuses, 200), LIMIT, JSON.stringify(up.statuses));
    assert.equal(count(up.statuses, 429), 5);

    await redis.kill9();
    const down = await burst('down', LIMIT * 2);
    assert.ok(service.running, service.output);
    assert.deepEqual(new Set(down.statuses), new Set([200]), 'every request served while Redis is down');
    // Not held waiting for Redis: before the fix the median was ~800 ms (ioredis queued each
    // command until reconnecting). Compared with the same requests with Redis up, with a wide
    // margin for a busy machine.
    assert.ok(
      down.median < up.median + 300,
      `median ${down.median.toFixed(0)} ms with Redis down, ${up.median.toFixed(0)} ms with it up`,
    );
    const outageLines = () => service.output.split('\n').filter((l) => l.includes('rate-limit Redis unreachable'));
    await until('the outage to be logged', () => outageLines().length > 0);
    assert.equal(outageLines().length, 1, 'the outage is logged once, not once per request or reconnection');

    await redis.start();
    await until('the service to reconnect to Redis', () => service.output.includes('rate-limit Redis reachable again'));
    const back = await burst('after', LIMIT + 5);
    assert.equal(count(back.statuses, 200), LIMIT, JSON.stringify(back.statuses));
    assert.equal(count(back.statuses, 429), 5);
    assert.doesNotMatch(service.output, /Unhandled 'error' event/);
  });
});
