import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPublicAddress, urlProblem } from '../../src/modules/integrations/url-policy.js';
import { postWebhook } from '../../src/modules/integrations/webhook.delivery.js';
import { startReceiver } from './webhook-receiver.js';

// Issue 15, section 4, URL rules (SSRF): what production accepts, and what a send does.

test('private, loopback, link-local and reserved addresses are not public (IPv4, IPv6, mapped)', () => {
  for (const address of [
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
  ]) {
    assert.equal(isPublicAddress(address), false, address);
  }
  for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888'])
    assert.equal(isPublicAddress(address), true);
});

test('production: https only, and a host must resolve only to public addresses', async () => {
  assert.ok(await urlProblem('http://localhost:8080/x', true), 'no http in production, not even loopback');
  assert.ok(await urlProblem('https://127.0.0.1/x', true));
  assert.ok(await urlProblem('https://localhost/x', true), 'a name that resolves to loopback');
  assert.ok(await urlProblem('https://169.254.169.254/latest/meta-data', true));
  assert.ok(await urlProblem('https://[::1]/x', true));
  assert.ok(await urlProblem('https://10.0.0.5/x', true));
  assert.equal(await urlProblem('https://8.8.8.8/hook', true), null);
  // Development and tests: http only for loopback.
  assert.equal(await urlProblem('http://127.0.0.1:3000/x', false), null);
  assert.equal(await urlProblem('http://localhost:3000/x', false), null);
  assert.ok(await urlProblem('http://example.com/x', false));
  assert.match((await urlProblem('http://example.com/x', false))!.pt, /https/);
});

test('a send follows no redirect, ignores the body, stops at the timeout, and refuses private targets in production', async () => {
  const receiver = await startReceiver();
  try {
    receiver.answerNext(302);
    const redirected = await postWebhook(receiver.url, {}, '{}', 2000, false);
    assert.equal(redirected.status, 302, 'the 3xx is the outcome (a failure), not followed');
    assert.equal(receiver.received.length, 1);

    receiver.answerNext('hang');
    const slow = await postWebhook(receiver.url, {}, '{}', 300, false);
    assert.equal(slow.status, null);
    assert.equal(slow.error, 'timeout');
    assert.ok(slow.latencyMs >= 250 && slow.latencyMs < 2000, String(slow.latencyMs));

    const before = receiver.received.length;
    const refused = await postWebhook(receiver.url.replace('http:', 'https:'), {}, '{}', 2000, true);
    assert.equal(refused.status, null);
    assert.match(refused.error ?? '', /refused/);
    const named = await postWebhook(`https://localhost:${new URL(receiver.url).port}/x`, {}, '{}', 2000, true);
    assert.match(named.error ?? '', /refused|resolves to/);
    assert.equal(receiver.received.length, before, 'nothing reached the private address');
  } finally {
    await receiver.close();
  }
});
