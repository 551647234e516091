import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { BlackholeProxy } from './blackhole-proxy.js';
import { type PrivatePostgres, until } from './private-servers.js';
import { renovaOnPrivatePostgres } from './renova-on-private.js';
import { ServiceProcess } from './service.js';

/**
 * A silent network partition between the service and PostgreSQL (issue 24): the service reaches a
 * private PostgreSQL 15 through a TCP proxy that starts dropping every byte without closing a
 * socket. Nothing tells the service the database is gone (no reset, no FIN; the server's own
 * statement_timeout never reaches it), so only its client-side limits can answer: the query
 * timeout for a request waiting on a result, the connect timeout for one that needs a new
 * connection. `npm run test:faults`. Ports 55460-55489 are this test's, inside the fault tests'
 * 55400-55499 (.ci/run runs the failover test, 55510-55549, beside them).
 */
const PG_PORT = 55461;
const PROXY_PORT = 55462;
const SERVICE_PORT = 55471;
const LOST_CLAIM_SERVICE_PORT = 55472;
const QUERY_TIMEOUT_MS = 4000;
/** Far above the limits (a few seconds) and far below a hang (kernel keep-alive: minutes). */
const BOUND_MS = 60_000;
const run = randomBytes(3).toString('hex');

let server: PrivatePostgres;
let proxy: BlackholeProxy;
let service: ServiceProcess | null = null;
const services: ServiceProcess[] = [];
let token: string;
let ieId: number;

before(async () => {
  ({ server, ieId, token } = await renovaOnPrivatePostgres(PG_PORT, `partition-${run}`));
  proxy = new BlackholeProxy(PROXY_PORT, PG_PORT);
  await proxy.listen();
});

after(async () => {
  if (process.env.PARTITION_LOG)
    (await import('node:fs')).writeFileSync(process.env.PARTITION_LOG, services.map((s) => s.output).join('\n'));
  for (const s of services) await s.stop();
  await proxy?.close();
  server?.remove();
});

const PATH = '/s/v2/webhooks/endpoints';

/** The service on the proxy, with client-side limits of a few seconds. */
function startService(port: number): ServiceProcess {
  const started = new ServiceProcess(port, {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${PROXY_PORT}/renova`,
    DATABASE_POOL_MAX: '4',
    DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
    DATABASE_READY_TIMEOUT_MS: '1000',
    RATE_LIMIT_MAX: '0',
  });
  services.push(started);
  return started;
}

interface Answer {
  status: number;
  type: string;
  retryAfter: string | null;
  problem: string | null;
  ms: number;
}

async function call(method: 'GET' | 'POST', label?: string, key?: string): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (key) headers['idempotency-key'] = key;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const response = await fetch(`${service!.url}${PATH}`, {
    method,
    headers,
    body:
      method === 'POST'
        ? JSON.stringify({ url: 'http://127.0.0.1:55489/hook', eventos: ['lote.processado'], descricao: label, ieId })
        : undefined,
    signal: AbortSignal.timeout(BOUND_MS * 2),
  });
  const body = await response.text();
  let problem: string | null = null;
  try {
    problem = (JSON.parse(body) as { type?: string }).type ?? null;
  } catch {
    // not JSON
  }
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    retryAfter: response.headers.get('retry-after'),
    problem,
    ms: Date.now() - started,
  };
}

/** The write `label` sent again with its key, as a client told to retry would: for up to about 10 s while it is 409 or 503. */
async function retried(label: string): Promise<Answer> {
  let answer = await call('POST', `${run}-${label}`, `${run}-k-${label}`);
  for (let i = 0; i < 20 && (answer.status === 409 || answer.status === 503); i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await call('POST', `${run}-${label}`, `${run}-k-${label}`);
  }
  return answer;
}

function assertUnavailable(answer: Answer, what: string) {
  assert.equal(answer.status, 503, `${what}: ${JSON.stringify(answer)}`);
  assert.match(answer.type, /^application\/problem\+json/, what);
  assert.ok(answer.retryAfter, `${what}: Retry-After`);
  assert.equal(answer.problem, 'urn:renova:problem:database-unavailable', what);
  assert.ok(answer.ms < BOUND_MS, `${what} answered within the limits, not hung: ${answer.ms} ms`);
}

async function stored(label: string): Promise<number> {
  const client = new pg.Client({ connectionString: server.url('renova') });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from webhook_endpoint where descricao = $1',
      [label],
    );
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('a silent network partition between the service and PostgreSQL', () => {
  test('requests in flight and new ones answer 503 within the query timeout; served again once the network is back', async () => {
    service = startService(SERVICE_PORT);
    await service.ready();
    assert.equal((await call('POST', `${run}-before`, `${run}-k-before`)).status, 201);
    assert.equal((await call('GET')).status, 200);

    // Requests in flight: held on the server by a lock (taken directly, not through the proxy),
    // so they are waiting on a result when the network goes silent; their answers are dropped.
    const locker = new pg.Client({ connectionString: server.url('renova') });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table webhook_endpoint in access exclusive mode');
    const inFlight = [call('GET'), call('POST', `${run}-in-flight`, `${run}-k-in-flight`)];
    await until('the requests to wait on the lock', async () => {
      const r = await locker.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = 'renova'",
      );
      return r.rows[0]!.n >= 2;
    });
    proxy.blackhole();
    await locker.query('commit');
    await locker.end();

    // New requests, on pooled connections and on new ones.
    const fresh = [call('GET'), call('POST', `${run}-during`, `${run}-k-during`), call('GET')];
    const answers = await Promise.all([...inFlight, ...fresh]);
    for (const [i, answer] of answers.entries()) assertUnavailable(answer, `request ${i}`);
    assert.equal(await service.readyz(), 503);
    assert.ok(service.running, `the service exited:\n${service.output}`);
    // Still partitioned, still bounded: a second round on whatever the pool holds now.
    assertUnavailable(await call('GET'), 'a later read');

    proxy.restore();
    await until('/readyz to say 200 again', async () => (await service!.readyz()) === 200, BOUND_MS);
    assert.equal((await call('GET')).status, 200);
    // The writes cut off by the partition, retried with their keys: each stored exactly once.
    for (const label of ['in-flight', 'during']) {
      const answer = await retried(label);
      assert.equal(
        answer.status,
        201,
        `the ${label} write retried: ${JSON.stringify(answer)}\n--- service log ---\n${service.output.slice(-6000)}`,
      );
      assert.equal(await stored(`${run}-${label}`), 1, `the ${label} write is stored once`);
    }
    assert.equal((await call('POST', `${run}-after`, `${run}-k-after`)).status, 201);
    assert.ok(service.running);
    assert.doesNotMatch(service.output, /Unhandled 'error' event|urn:renova:problem:internal/);
    console.log(`partition answers (ms): ${answers.map((a) => a.ms).join(', ')}`);
  });

  // The claim is the request's first statement and commits on its own: when only its answer is lost,
  // the key stood "in progress" for the 15 minutes of a dead claim, and every retry the client was
  // told to make answered 409 (seen in CI, a write in flight when the network failed).
  test('a claim that committed while its answer was lost is released once the network is back; the retry runs', async () => {
    service = startService(LOST_CLAIM_SERVICE_PORT);
    await service.ready();
    assert.equal((await call('POST', `${run}-claim-before`, `${run}-k-claim-before`)).status, 201);

    // Concurrent reads leave the pool connected: the claim then goes out on a live connection (a
    // new one would time out in its handshake, before the claim is sent).
    for (const answer of await Promise.all(Array.from({ length: 8 }, () => call('GET'))))
      assert.equal(answer.status, 200);
    proxy.deafen();
    const lost = call('POST', `${run}-claim-lost`, `${run}-k-claim-lost`);
    // What makes this case: PostgreSQL ran the claim while the service, waiting on its answer, never
    // heard it. Seen from outside the partition, before the service gives up.
    const admin = new pg.Client({ connectionString: server.url('renova') });
    await admin.connect();
    try {
      await until(
        'the claim to reach PostgreSQL',
        async () => {
          const claim = await admin.query<{ estado: string }>(
            'select estado from chave_idempotencia where chave = $1',
            [`${run}-k-claim-lost`],
          );
          return claim.rows[0]?.estado === 'EM_ANDAMENTO';
        },
        QUERY_TIMEOUT_MS,
      );
    } finally {
      await admin.end();
    }
    assertUnavailable(await lost, 'the write whose claim lost its answer');
    assert.equal(await stored(`${run}-claim-lost`), 0);

    proxy.restore();
    await until('/readyz to say 200 again', async () => (await service!.readyz()) === 200, BOUND_MS);
    const answer = await retried('claim-lost');
    assert.equal(
      answer.status,
      201,
      `the retry: ${JSON.stringify(answer)}\n--- service log ---\n${service.output.slice(-6000)}`,
    );
    assert.equal(await stored(`${run}-claim-lost`), 1, 'stored once');
    const replay = await call('POST', `${run}-claim-lost`, `${run}-k-claim-lost`);
    assert.equal(replay.status, 201, 'a further retry replays the answer');
    assert.equal(await stored(`${run}-claim-lost`), 1, 'still once');
    assert.ok(service.running);
  });
});
