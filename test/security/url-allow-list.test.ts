import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { addressAllowed, isPublicAddress, urlProblem } from '../../src/modules/integrations/url-policy.js';
import { postWebhook, RESPONSE_BODY_CAP } from '../../src/modules/integrations/webhook.delivery.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe } from '../helpers/factories.js';
import { testLogLines } from '../helpers/test-logs.js';

// Issue 23, item 5: webhook URLs by allow list (global unicast only), at registration and at
// connect time, in every spelling an attacker would try.

const HOSTILE_ADDRESSES = [
  '::127.0.0.1', // IPv4-compatible (the form that passed the old block list)
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:0:7f00:1', // SIIT
  '::ffff:10.0.0.1',
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2002:a00:1::1', // 6to4 of 10.0.0.1
  '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
  '64:ff9b::a00:1', // NAT64 of 10.0.0.1
  '64:ff9b:1::a00:1', // local-use NAT64
  '::',
  '::1',
  'fe80::1',
  'fec0::1', // site-local
  'fd12:3456::1',
  'ff02::1',
  '100::1', // discard
  '2001:db8::1', // documentation
  '0.0.0.0',
  '127.0.0.1',
  '127.255.255.254',
  '10.1.2.3',
  '172.31.255.255',
  '192.168.0.1',
  '169.254.169.254',
  '100.64.0.1',
  '192.0.0.8',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
];

test('only global unicast addresses are public, whatever the spelling', () => {
  for (const address of HOSTILE_ADDRESSES) assert.equal(isPublicAddress(address), false, address);
  for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888', '2606:4700::1111', '::ffff:8.8.8.8'])
    assert.equal(isPublicAddress(address), true, address);
  assert.equal(addressAllowed('127.0.0.1', false), true, 'outside production, a loopback receiver');
  assert.equal(addressAllowed('::ffff:127.0.0.1', false), true);
  assert.equal(addressAllowed('10.0.0.1', false), false, 'private addresses stay refused outside production');
  assert.equal(addressAllowed('127.0.0.1', true), false);
});

test('production refuses hostile URLs at registration, in every spelling the URL parser accepts', async () => {
  const urls = [
    'https://[::127.0.0.1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:a00:1]/',
    'https://[2002:7f00:1::1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[fe80::1]/',
    'https://0x7f000001/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://0/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::]/',
    'https://localhost./x',
    'https://a.localhost/x',
    'https://user:pw@8.8.8.8/x',
    'http://8.8.8.8/x',
    'ftp://8.8.8.8/x',
    'https://no-such-host.invalid/x',
  ];
  for (const url of urls) assert.ok(await urlProblem(url, true), url);
  assert.equal(await urlProblem('https://8.8.8.8/hook', true), null);
  assert.equal(await urlProblem('https://[2001:4860:4860::8888]/hook', true), null);
  // Outside production: loopback receivers (http too); a private address still not.
  assert.equal(await urlProblem('http://127.0.0.1:3000/x', false), null);
  assert.equal(await urlProblem('http://[::1]:3000/x', false), null);
  assert.ok(await urlProblem('https://10.0.0.5/x', false));
  assert.ok(await urlProblem('https://[::ffff:a00:5]/x', false));
});

let t: TestContext;
let receiver: ReturnType<typeof createServer>;
let receiverUrl: string;
let hits = 0;
before(async () => {
  t = await createTestApp();
  // A receiver that redirects, or answers an endless body.
  receiver = createServer((request, response) => {
    hits += 1;
    if (request.url === '/redirect') return response.writeHead(307, { location: 'http://10.0.0.1/' }).end();
    response.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (response.write(chunk)) if (response.destroyed) return;
    };
    response.on('drain', pump);
    pump();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

test('a send follows no redirect and reads a bounded part of an endless body', async () => {
  const redirected = await postWebhook(`${receiverUrl}/redirect`, {}, '{}', 5000, false);
  assert.equal(redirected.status, 307, 'the 3xx is the outcome, not followed');
  const endless = await postWebhook(`${receiverUrl}/endless`, {}, '{}', 20_000, false);
  assert.equal(endless.status, 200);
  assert.equal(endless.error, null, 'answered on the status, not cut by the timeout');
  assert.ok(RESPONSE_BODY_CAP <= 64 * 1024);
});

test('at connect time a name resolving to a private address is refused, and counted as url_refused', async () => {
  const before = hits;
  const port = new URL(receiverUrl).port;
  const named = await postWebhook(`https://localhost:${port}/x`, {}, '{}', 5000, true, t.app.log);
  assert.match(named.error ?? '', /refused/);
  const literal = await postWebhook(`https://[::ffff:127.0.0.1]:${port}/x`, {}, '{}', 5000, true, t.app.log);
  assert.match(literal.error ?? '', /refused/);
  assert.equal(hits, before, 'nothing reached the receiver');
  assert.ok(testLogLines().some((line) => line.includes('"security":"url_refused"')));
});

test('registering a hostile URL answers 422 problem+json, writes nothing, and logs url_refused', async () => {
  const ie = await createIe(t.db);
  const token = await t.token({ ies: [ie.ieId] });
  const before = await countRows(t.database, 'webhook_endpoint');
  for (const url of ['https://[::127.0.0.1]/', 'https://10.0.0.1/hook', 'https://[2002:a00:1::1]/']) {
    const response = await t.call({
      method: 'POST',
      url: '/s/v2/webhooks/endpoints',
      token,
      payload: { url, eventos: ['lote.processado'] },
    });
    assert.equal(response.statusCode, 422, `${url}: ${response.body}`);
    assert.match(response.headers['content-type'] as string, /application\/problem\+json/);
  }
  assert.equal(await countRows(t.database, 'webhook_endpoint'), before, 'no endpoint was written');
  const list = await t.call({ method: 'GET', url: '/s/v2/webhooks/endpoints', token });
  assert.equal(list.statusCode, 200);
  assert.equal((list.json() as { items?: unknown[] }).items?.length ?? 0, 0);
  const events = testLogLines().filter((line) => line.includes('"security":"url_refused"'));
  assert.ok(
    events.some((line) => line.includes('"at":"registration"')),
    'each refusal is a security event',
  );
  const metrics = await t.call({ method: 'GET', url: '/metrics', token: null });
  assert.match(metrics.body, /renova_security_events_total\{event="url_refused"\} [1-9]/);
});
