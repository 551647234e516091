import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { listenOnLoopback, rawRequest } from '../helpers/raw-http.js';

// Requests Node's HTTP parser refuses never reach a route; they still get a problem+json answer.

let t: TestContext;
let port: number;
before(async () => {
  t = await createTestApp();
  port = await listenOnLoopback(t.app);
});
after(() => t.close());

test('a malformed header is a 400 problem, not a bare JSON error', async () => {
  const answer = await rawRequest(
    port,
    'GET /healthz HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nAuthorization Bearer x\r\n\r\n',
  );
  assert.equal(answer.status, 400);
  assert.match(answer.headers, /content-type: application\/problem\+json/);
  const body = JSON.parse(answer.body);
  assert.equal(body.status, 400);
  assert.equal(body.type, 'urn:renova:problem:malformed-request');
  assert.match(body.detail, /not valid HTTP/);
});

test('headers over the size limit are a 431 problem', async () => {
  const answer = await rawRequest(
    port,
    `GET /healthz HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  );
  assert.equal(answer.status, 431);
  assert.match(answer.headers, /content-type: application\/problem\+json/);
  assert.equal(JSON.parse(answer.body).title, 'Request Header Fields Too Large');
});

test('the server keeps answering well-formed requests afterwards', async () => {
  const answer = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  assert.equal(answer.status, 200);
});
