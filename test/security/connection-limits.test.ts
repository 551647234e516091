import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { uploadsInProgress } from '../../src/http/upload-slots.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { listenOnLoopback } from '../helpers/raw-http.js';
import { slowClient, uploadHead } from './slow-client.js';

// Issue 23, item 2: time limits on every connection and a cap on concurrent uploads. The limits
// are set low here so a slow client is cut within seconds; the assertions allow a busy machine
// plenty of slack (Node checks its deadlines once a second).

const IMPORT = '/s/v1/contrato/valores/importar-lote';
let t: TestContext;
let port: number;
let base: string;

before(async () => {
  t = await createTestApp({
    HEADERS_TIMEOUT_MS: '2000',
    BODY_TIMEOUT_MS: '2000',
    UPLOAD_TIMEOUT_MS: '3000',
    KEEP_ALIVE_TIMEOUT_MS: '4000',
  });
  port = await listenOnLoopback(t.app);
  base = `http://127.0.0.1:${port}`;
});
after(async () => {
  await t?.close();
});

const healthy = async () => {
  const response = await fetch(`${base}/healthz`);
  assert.equal(response.status, 200, 'the service still answers while slow clients hold connections');
};

test('the server carries the configured limits', () => {
  assert.equal(t.app.server.headersTimeout, 2000);
  assert.equal(t.app.server.keepAliveTimeout, 4000);
  assert.ok(t.app.server.requestTimeout >= 3000, 'requestTimeout is set (Fastify leaves it at 0)');
  assert.ok(t.app.server.timeout > 0, 'an idle connection is closed');
});

test('a JSON body sent at 1 byte/s is answered 408 problem+json and the connection closed', async () => {
  const token = await t.token({ ies: [1] });
  const client = slowClient(
    port,
    `PUT /s/v2/preferencias/email HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"',
    'a',
  );
  try {
    await healthy();
    const outcome = await client.closed;
    assert.equal(outcome.status, 408, outcome.body);
    assert.match(outcome.body, /"status":408/);
    assert.ok(outcome.afterMs >= 1500, `not before the limit (${outcome.afterMs} ms)`);
    assert.ok(outcome.afterMs < 30_000, `cut near the limit, not after minutes (${outcome.afterMs} ms)`);
    await healthy();
  } finally {
    client.stop();
  }
});

test('slow headers are cut at HEADERS_TIMEOUT_MS', async () => {
  const client = slowClient(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'a');
  try {
    await healthy();
    const outcome = await client.closed;
    assert.ok(outcome.status === null || outcome.status === 408, `closed or 408, got ${outcome.status}`);
    assert.ok(outcome.afterMs < 30_000, `cut near the limit (${outcome.afterMs} ms)`);
  } finally {
    client.stop();
  }
});

test('an upload sent at 1 byte/s is cut at UPLOAD_TIMEOUT_MS', async () => {
  const ie = await createIe(t.db);
  const token = await t.token({ ies: [ie.ieId] });
  const client = slowClient(port, uploadHead(IMPORT, token), 'x');
  try {
    await healthy();
    const outcome = await client.closed;
    assert.ok(outcome.status === null || outcome.status === 408, `closed or 408, got ${outcome.status}`);
    assert.ok(outcome.afterMs >= 2500, `not before the limit (${outcome.afterMs} ms)`);
    assert.ok(outcome.afterMs < 30_000, `cut near the limit (${outcome.afterMs} ms)`);
    await healthy();
  } finally {
    client.stop();
  }
});

async function uploadTo(base: string, token: string) {
  const form = new FormData();
  form.append('arquivo', new Blob(['brbId\n'], { type: 'text/csv' }), 'valores.csv');
  return fetch(`${base}${IMPORT}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    body: form,
  });
}

async function until<T>(what: string, attempt: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const value = await attempt();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rateLimited = async (base: string) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/renova_security_events_total\{event="rate_limited"\} (\d+)/.exec(text)?.[1] ?? 0);
};

test('concurrent uploads are capped per IE and overall: 429 problem+json with Retry-After, then free again', async () => {
  // Its own app: uploads may take their time here (the default UPLOAD_TIMEOUT_MS), two at once, one per IE.
  const capped = await createTestApp({ UPLOADS_MAX: '2', UPLOADS_MAX_PER_IE: '1' });
  const port = await listenOnLoopback(capped.app);
  const base = `http://127.0.0.1:${port}`;
  const upload = (token: string) => uploadTo(base, token);
  const healthy = async () => assert.equal((await fetch(`${base}/healthz`)).status, 200);
  const clients: ReturnType<typeof slowClient>[] = [];
  try {
    const [one, two, three] = [await createIe(capped.db), await createIe(capped.db), await createIe(capped.db)];
    const tokenOf = (ie: { ieId: number }) => capped.token({ ies: [ie.ieId], sub: `user-${ie.ieId}` });
    const countedBefore = await rateLimited(base);

    // IE one's upload is stuck mid-body: it holds its IE's only slot.
    const holding = slowClient(port, uploadHead(IMPORT, await tokenOf(one), 1_000_000, randomUUID()), 'x', 200);
    clients.push(holding);
    await until('the first upload to hold its slot', async () => (uploadsInProgress(capped.app) === 1 ? true : null));
    const refused = await until('the per-IE cap', async () => {
      const response = await upload(await tokenOf(one));
      if (response.status === 429) return response;
      await response.arrayBuffer();
      return null;
    });
    assert.match(refused.headers.get('content-type') ?? '', /^application\/problem\+json/);
    assert.ok(Number(refused.headers.get('retry-after')) > 0, 'Retry-After says when to come back');
    assert.match(((await refused.json()) as { detail: string }).detail, /institution/);

    // Another IE still gets the second slot; with both taken, a third IE is refused (overall cap).
    const second = slowClient(port, uploadHead(IMPORT, await tokenOf(two), 1_000_000, randomUUID()), 'x', 200);
    clients.push(second);
    await until('the second upload to hold its slot', async () => (uploadsInProgress(capped.app) === 2 ? true : null));
    const overall = await until('the overall cap', async () => {
      const response = await upload(await tokenOf(three));
      if (response.status === 429) return response;
      await response.arrayBuffer();
      return null;
    });
    assert.match(((await overall.json()) as { detail: string }).detail, /as many sheets/);
    await healthy();
    assert.ok((await rateLimited(base)) >= countedBefore + 2, 'each refusal counted as a rate_limited security event');

    // The slots come back when the held uploads end (here: their clients go away).
    holding.stop();
    second.stop();
    const after = await until('a free slot', async () => {
      const response = await upload(await tokenOf(one));
      return response.status === 429 ? null : response;
    });
    assert.notEqual(after.status, 429);
  } finally {
    for (const client of clients) client.stop();
    await capped.close();
  }
});
