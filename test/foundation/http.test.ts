import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { StrictObject } from '../../src/http/schemas.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

let t: TestContext;
before(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' }, (app) => {
    app.post('/__probe', { schema: { body: StrictObject({ x: Type.String() }) } }, async () => ({ ok: true }));
    app.get('/__boom', async () => {
      throw new Error('secret internals');
    });
  });
});
after(() => t.close());

test('unknown route is a 404 problem naming the path', async () => {
  const response = await t.call({ method: 'GET', url: '/s/v9/nada' });
  assert.equal(response.statusCode, 404);
  assert.match(problemOf(response).detail, /No operation at GET \/s\/v9\/nada/);
});

test('wrong method is a 405 problem with Allow', async () => {
  const response = await t.call({ method: 'DELETE', url: '/motivo-espera' });
  assert.equal(response.statusCode, 405);
  assert.equal(response.headers.allow, 'GET');
  assert.equal(problemOf(response).status, 405);
});

test('every response carries a request id, and a given one is echoed', async () => {
  const response = await t.call({ method: 'GET', url: '/motivo-espera', headers: { 'x-request-id': 'abc-123' } });
  assert.equal(response.headers['x-request-id'], 'abc-123');
  const other = await t.call({ method: 'GET', url: '/nowhere' });
  assert.match(String(other.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  assert.equal(problemOf(other).requestId, other.headers['x-request-id']);
});

test('health, readiness and metrics answer without a token', async () => {
  assert.deepEqual((await t.app.inject({ url: '/healthz' })).json(), { status: 'ok' });
  assert.deepEqual((await t.app.inject({ url: '/readyz' })).json(), { status: 'ready' });
  await t.call({ method: 'GET', url: '/motivo-espera' });
  const metrics = await t.app.inject({ url: '/metrics' });
  assert.equal(metrics.statusCode, 200);
  assert.match(
    metrics.body,
    /http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/motivo-espera",status_code="200"\}/,
  );
});

test('rate limiting answers 429 problem with Retry-After, and never limits health checks', async () => {
  const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
  try {
    const token = await limited.token();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof limited.call>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await limited.call({ method: 'GET', url: '/motivo-espera', token });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.ok(last && Number(last.headers['retry-after']) > 0);
    assert.match(problemOf(last!).detail, /Too many requests/);
    // A load balancer's health checks come from one address many times a minute: never limited.
    const checks = [];
    for (let i = 0; i < 5; i++) {
      checks.push((await limited.app.inject({ url: '/readyz' })).statusCode);
      checks.push((await limited.app.inject({ url: '/healthz' })).statusCode);
    }
    assert.deepEqual(checks, Array(10).fill(200));
  } finally {
    await limited.close();
  }
});

test('RATE_LIMIT_MAX=0 disables the limit: no 429 however many requests, and no x-ratelimit headers', async () => {
  // The suite's app runs with RATE_LIMIT_MAX=0 (test/helpers/app.ts).
  const token = await t.token();
  const answers = [];
  for (let i = 0; i < 30; i++) answers.push(await t.call({ method: 'GET', url: '/motivo-espera', token }));
  assert.deepEqual(
    answers.map((r) => r.statusCode),
    Array(30).fill(200),
  );
  assert.deepEqual(
    Object.keys(answers[29]!.headers).filter((h) => h.startsWith('x-ratelimit')),
    [],
  );
});

test('a body over the limit is 413, a wrong media type 415, bad JSON and unknown fields 400 — all problems', async () => {
  const post = (payload: string, type = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/__probe',
      headers: { 'content-type': type, 'accept-language': 'en' },
      payload,
    });
  const big = await post(JSON.stringify({ x: 'a'.repeat(4096) }));
  assert.equal(big.statusCode, 413);
  assert.equal(problemOf(big).status, 413);
  const media = await post('x=1', 'text/csv');
  assert.equal(media.statusCode, 415);
  problemOf(media);
  const broken = await post('{"x": ');
  assert.equal(broken.statusCode, 400);
  assert.match(problemOf(broken).detail, /not valid JSON/);
  const unknown = await post(JSON.stringify({ x: 'ok', y: 1 }));
  assert.equal(unknown.statusCode, 400);
  assert.deepEqual(problemOf(unknown).errors, [{ pointer: '/body/y', message: 'is not a known field' }]);
  const missing = await post(JSON.stringify({}));
  assert.deepEqual(problemOf(missing).errors, [{ pointer: '/body/x', message: 'is required' }]);
  assert.equal((await post(JSON.stringify({ x: 'ok' }))).statusCode, 200);
});

test('an unexpected error is a 500 problem without internals', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/__boom', headers: { 'accept-language': 'en' } });
  assert.equal(response.statusCode, 500);
  const body = problemOf(response);
  assert.doesNotMatch(response.body, /secret internals/);
  assert.match(body.detail, /quote request id/);
});
