import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIeWithEntries } from '../helpers/factories.js';
import { testLogLines } from '../helpers/test-logs.js';
import { assertNoSecrets } from './log-secrets.js';

// Issue 23, item 7 (ASVS 16.3): refusals are logged as structured security events, with no
// secret in them, and counted by kind in /metrics.

let t: TestContext;
before(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
});
after(async () => {
  await t?.close();
});

type Event = Record<string, unknown> & { security: string; reason: string };
const events = (kind: string): Event[] =>
  testLogLines()
    .map((line) => JSON.parse(line) as Event)
    .filter((entry) => entry.security === kind);

async function counted(kind: string): Promise<number> {
  const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
  return Number(new RegExp(`renova_security_events_total\\{event="${kind}"\\} (\\d+)`).exec(metrics.body)?.[1] ?? 0);
}

test('a refused token: authentication_failed with reason, route and IP, never the token', async () => {
  const before = await counted('authentication_failed');
  const token = await t.token({ ies: [1] });
  const forged = `${token.slice(0, -4)}AAAA`;
  const response = await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token: forged });
  assert.equal(response.statusCode, 401);
  const missing = await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token: null });
  assert.equal(missing.statusCode, 401);
  const [event] = events('authentication_failed').slice(-2);
  assert.equal(event?.route, '/s/v2/preferencias/email');
  assert.equal(event?.ip, '127.0.0.1');
  assert.equal(event?.method, 'GET');
  assert.ok(event?.reason, 'says why');
  assert.equal(await counted('authentication_failed'), before + 2);
  assertNoSecrets(testLogLines().join(''), [forged, token], 'security events');
});

test("a role the operation does not allow: authorization_failed with the caller's sub and role", async () => {
  const before = await counted('authorization_failed');
  const token = await t.token({ ies: [1], sub: 'ie-user-403' });
  const response = await t.call({ method: 'GET', url: '/s/operador/lotes/1', token });
  assert.equal(response.statusCode, 403, response.body);
  const event = events('authorization_failed').at(-1);
  assert.equal(event?.sub, 'ie-user-403');
  assert.equal(event?.role, 'IE');
  assert.equal(await counted('authorization_failed'), before + 1);
});

test("another IE's id: cross_tenant_not_found, and none for an id that does not exist", async () => {
  const mine = await createIeWithEntries(t.db, 1);
  const theirs = await createIeWithEntries(t.db, 1);
  const token = await t.token({ ies: [mine.ie.ieId], sub: 'prober' });
  const before = await counted('cross_tenant_not_found');
  const other = await t.call({ method: 'GET', url: `/s/v2/contrato/valores/${theirs.entries[0]!.brbId}`, token });
  assert.equal(other.statusCode, 404, other.body);
  const absent = await t.call({ method: 'GET', url: '/s/v2/contrato/valores/999999999', token });
  assert.equal(absent.statusCode, 404);
  // The look-up runs after the answer: wait for it.
  for (let i = 0; i < 100 && (await counted('cross_tenant_not_found')) === before; i++)
    await new Promise((r) => setTimeout(r, 20));
  assert.equal(await counted('cross_tenant_not_found'), before + 1, 'only the id of another IE');
  const event = events('cross_tenant_not_found').at(-1);
  assert.equal(event?.sub, 'prober');
  assert.equal(event?.param, 'brbId');
  assert.equal(other.json().detail, absent.json().detail.replace('999999999', String(theirs.entries[0]!.brbId)));
});

test('past the rate limit: rate_limited', async () => {
  const before = await counted('rate_limited');
  const token = await t.token({ ies: [1], sub: 'hammer' });
  let status = 0;
  for (let i = 0; i < 6 && status !== 429; i++)
    status = (await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token })).statusCode;
  assert.equal(status, 429);
  assert.ok((await counted('rate_limited')) >= before + 1);
  assert.ok(events('rate_limited').length > 0);
});
