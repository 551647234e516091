import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAuth } from '../../src/http/auth.js';
import { WINDOWS_QUEUE } from '../../src/jobs/runner.js';
import { timeline } from '../helpers/actions-factories.js';
import { TEST_SECRET } from '../helpers/app.js';
import { createContract, createEntry, createIe, createJourney } from '../helpers/factories.js';
import { entryState, valuesItem } from '../helpers/values-factories.js';

/**
 * Two real service processes (`src/cli.ts serve`) on one fresh PostgreSQL database and one Redis,
 * as N instances behind a load balancer run. `npm run test:instances` (in .ci/run). Without
 * PostgreSQL or Redis it skips, except with CI=true, where it fails.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RATE_MAX = 30;

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.setTimeout(2000);
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const missing = [
  ...((await reachable(PG_URL)) ? [] : [`PostgreSQL at ${PG_URL}`]),
  ...((await reachable(REDIS_URL)) ? [] : [`Redis at ${REDIS_URL}`]),
];
if (missing.length > 0 && process.env.CI === 'true') {
  throw new Error(`the two-instance test needs ${missing.join(' and ')}, which CI must provide; not reachable`);
}
const skip = missing.length > 0 ? `needs ${missing.join(' and ')}` : false;

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  log: string;
  exited: Promise<number | null>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--no-demo'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '8',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: String(RATE_MAX),
      RATE_LIMIT_WINDOW_MS: '60000',
      RATE_LIMIT_REDIS_URL: REDIS_URL,
      SHUTDOWN_DRAIN_MS: '3000', // above the balancer's 1 s idle timeout, with room for a loaded machine
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    log: '',
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  started.push(instance);
  child.stdout?.on('data', (chunk) => {
    instance.log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    instance.log += chunk;
  });
  const deadline = Date.now() + 240_000; // a loaded CI machine starts tsx slowly
  for (;;) {
    const ok = await fetch(`${instance.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return instance;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`instance ${name} did not start:\n${instance.log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

let admin: pg.Client;
let dbName: string;
let databaseUrl: string;
let database: DatabaseHandle;
const started: Instance[] = [];
let a: Instance;
let b: Instance;
let sign: (ies: number[], sub: string) => Promise<string>;
const run = randomBytes(4).toString('hex');

before(async () => {
  if (skip) return;
  dbName = `renova_inst_${process.pid}_${run}`;
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const target = new URL(PG_URL);
  target.pathname = `/${dbName}`;
  databaseUrl = target.toString();
  database = await createDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 4 });
  await migrateToLatest(database.db);
  const auth = await createAuth(loadConfig({ JWT_SECRET: TEST_SECRET }).jwt, null);
  sign = (ies, sub) => auth.sign!({ sub, role: 'IE', ies });
  [a, b] = await Promise.all([startInstance('A', target.toString()), startInstance('B', target.toString())]);
});

after(async () => {
  if (skip) return;
  for (const instance of started) {
    if (instance.child.exitCode === null) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
  }
  await database?.close();
  await admin?.query(`drop database if exists ${dbName} with (force)`);
  await admin?.end();
});

const COURSES = '/s/v2/renovacao/planilhas-auxiliares/cursos';

describe('two instances on one PostgreSQL and one Redis', { skip }, () => {
  test('the rate limit holds across both: allowed requests add up to the limit', async () => {
    const token = await sign([1], `rate-${run}`);
    const statuses: Record<string, number[]> = { A: [], B: [] };
    for (let i = 0; i < RATE_MAX + 10; i++) {
      const instance = i % 2 === 0 ? a : b;
      const response = await fetch(`${instance.url}${COURSES}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      statuses[instance.name]!.push(response.status);
    }
    const all = [...statuses.A!, ...statuses.B!];
    assert.equal(all.filter((s) => s !== 429).length, RATE_MAX, JSON.stringify(statuses));
    assert.equal(all.filter((s) => s === 429).length, 10);
    assert.ok(
      all.every((s) => s === 200 || s === 429),
      JSON.stringify(statuses),
    );
    assert.ok(statuses.A!.includes(200) && statuses.B!.includes(200));
    const redis = new Redis(REDIS_URL);
    try {
      assert.ok((await redis.keys('renova-rate-limit:*')).length > 0, 'the counters live in Redis');
    } finally {
      redis.disconnect();
    }
  });

  test('an Idempotency-Key sent to A and repeated on B replays, with one effect', async () => {
    const ie = await createIe(database.db);
    const journey = await createJourney(database.db, ie);
    const contract = await createContract(database.db, ie);
    const entry = await createEntry(database.db, ie, journey, contract, { situacao: 'APTO' });
    const token = await sign([ie.ieId], `idem-${run}`);
    const send = (instance: Instance) =>
      fetch(`${instance.url}/s/v2/contrato/valores/enviar`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': `k-${run}`,
        },
        body: JSON.stringify({ valores: [valuesItem(entry.brbId)] }),
      });
    const batchesBefore = await database.db.selectFrom('lote').select('id').execute();
    const first = await send(a);
    const firstBody = await first.text();
    assert.equal(first.status, 200, firstBody);
    assert.equal(first.headers.get('idempotency-replayed'), null);
    const repeat = await send(b);
    assert.equal(repeat.status, 200);
    assert.equal(repeat.headers.get('idempotency-replayed'), 'true');
    assert.equal(await repeat.text(), firstBody);
    const batchesAfter = await database.db.selectFrom('lote').select('id').execute();
    assert.equal(batchesAfter.length, batchesBefore.length + 1, 'one batch');
    assert.equal((await entryState(database.db, entry.brbId)).situacao, 'EM_PROCESSAMENTO');
  });

  test('the window job runs once across both instances', async () => {
    const ie = await createIe(database.db);
    const journey = await createJourney(database.db, ie, { janelaInicio: '2020-01-01', janelaFim: '2020-01-31' });
    const contract = await createContract(database.db, ie);
    const entry = await createEntry(database.db, ie, journey, contract, { situacao: 'APTO' });
    const boss = new PgBoss({ connectionString: databaseUrl, max: 1, supervise: false, schedule: false });
    await boss.start();
    try {
      // Two triggers at once, as two instances' schedules would fire.
      await Promise.all([boss.send(WINDOWS_QUEUE, {}), boss.send(WINDOWS_QUEUE, {})]);
      const deadline = Date.now() + 60_000;
      while ((await entryState(database.db, entry.brbId)).situacao === 'APTO') {
        assert.ok(Date.now() < deadline, 'the job ran within 60 s');
        await new Promise((r) => setTimeout(r, 300));
      }
      await new Promise((r) => setTimeout(r, 2000)); // time for a second run, if any, to act
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    const state = await entryState(database.db, entry.brbId);
    assert.deepEqual([state.situacao, state.motivo], ['SEM_RENOVACAO', 'NAO_RENOVADO']);
    const events = (await timeline(database.db, entry.brbId)) as unknown[];
    assert.equal(events.length, 1, JSON.stringify(events));
    const closed = await database.db
      .selectFrom('jornada')
      .select('status')
      .where('id', '=', journey.jornadaId)
      .executeTakeFirstOrThrow();
    assert.equal(closed.status, 'ENCERRADA');
    const runs = [a, b].map((i) => (i.log.match(/"jornadasEncerradas":[1-9]/g) ?? []).length);
    assert.equal(runs[0]! + runs[1]!, 1, `closing runs per instance: ${runs}`);
  });

  test('SIGTERM to A under load through a balancer: every request answered 2xx/4xx, no reset', {
    timeout: 120_000,
  }, async () => {
    const balancer = await startBalancer([a, b]);
    const tokens = await Promise.all(Array.from({ length: 200 }, (_, i) => sign([1], `load-${run}-${i}`)));
    try {
      const load = autocannon({
        url: balancer.url,
        connections: 8,
        duration: 5,
        requests: tokens.map((token) => ({
          method: 'GET',
          path: COURSES,
          headers: { authorization: `Bearer ${token}` },
        })),
      });
      await new Promise((r) => setTimeout(r, 1500));
      a.child.kill('SIGTERM');
      const [result, code] = await Promise.all([load, a.exited]);
      assert.equal(code, 0, a.log.slice(-2000));
      const seen = await balancer.seen();
      const summary = JSON.stringify({
        total: result.requests.total,
        errors: result.errors,
        timeouts: result.timeouts,
        codes: result.statusCodeStats,
        ...seen,
        // What each instance logged of its failures, so a 5xx says where it came from.
        failures: [a, b].map((i) => ({
          [i.name]: i.log
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line))
            .slice(0, 3),
        })),
      });
      assert.ok(result.requests.total >= 20, summary);
      assert.equal(result.errors, 0, summary);
      assert.equal(result.timeouts, 0);
      assert.equal(result['5xx'], 0, summary);
      const statuses = Object.keys(result.statusCodeStats ?? {}).map(Number);
      assert.ok(
        statuses.every((s) => s >= 200 && s < 500),
        JSON.stringify(result.statusCodeStats),
      );
      assert.deepEqual(seen.resets, [], 'no connection cut while A drained');
      assert.ok((seen.served.A ?? 0) > 0 && (seen.served.B ?? 0) > 0, JSON.stringify(seen.served));
      assert.ok(seen.sawNotReady, 'A answered /readyz 503 while draining');
    } finally {
      await balancer.close();
    }
  });
});

/** The balancer of test/platform/balancer.mjs, in a process of its own as in a real deployment. */
async function startBalancer(instances: Instance[]) {
  const child = spawn(process.execPath, ['test/platform/balancer.mjs', ...instances.map((i) => i.url)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (line) => resolve((JSON.parse(String(line)) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the balancer exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async seen() {
      const answer = await fetch(`${url}/__balancer`);
      return (await answer.json()) as { served: Record<string, number>; resets: string[]; sawNotReady: boolean };
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
