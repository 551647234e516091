import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import { holdScopesForWrites } from '../../src/http/write-scopes.js';
import { bindScope, scopedStorage, scopesHeld } from '../../src/lib/scoped-storage.js';
import { createTestApp, type TestContext } from '../helpers/app.js';

// The audit's and the Idempotency-Key's async scopes are held only while a write is under way
// (lib/scoped-storage.ts): a process that served writes goes back to running without async_hooks'
// promise hook, and a write whose client left keeps its bindings until its handler is done.

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('reads hold nothing; a write holds the scopes until it is answered, then lets go', async () => {
  const read = await t.call({ method: 'GET', url: '/s/v2/renovacao/aptos', ies: [1] });
  assert.equal(read.statusCode, 200, read.body);
  assert.equal(scopesHeld(), false);
  const refused = await t.call({
    method: 'POST',
    url: '/s/v2/renovacao/jornadas/abrir',
    ies: [1],
    payload: { ano: 'x' },
  });
  assert.equal(refused.statusCode, 400, refused.body);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(scopesHeld(), false, 'released once the refusal went out');
});

test('a write whose client leaves mid-handler keeps its binding until the handler settles', async () => {
  const storage = scopedStorage<string>();
  const app = Fastify();
  holdScopesForWrites(app as never);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'POST') bindScope(storage, 'this write', done);
    else done();
  });
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let seen: string | undefined = 'not yet';
  let closed!: () => void;
  const serverSideClosed = new Promise<void>((resolve) => {
    closed = resolve;
  });
  app.post('/slow', async (request) => {
    request.raw.socket?.once('close', closed);
    entered();
    await gate;
    seen = storage.getStore();
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as AddressInfo;
    const client = http.request({
      port,
      method: 'POST',
      path: '/slow',
      headers: { 'content-type': 'application/json' },
    });
    client.on('error', () => {});
    client.end('{}');
    await inHandler;
    client.destroy();
    await serverSideClosed;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(scopesHeld(), true, 'the handler still runs: its scope is held');
    open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(seen, 'this write', 'the handler read its binding after its client left');
    assert.equal(scopesHeld(), false, 'released once the handler settled');
    // Disabled in between, the storage binds again for the next write.
    seen = 'not yet';
    const again = await app.inject({ method: 'POST', url: '/slow', payload: {} });
    assert.equal(again.statusCode, 200);
    assert.equal(seen, 'this write');
    assert.equal(scopesHeld(), false);
  } finally {
    open();
    await app.close();
  }
});
