import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';

// Requests Node's HTTP parser refuses never reach a route; they still get a problem+json answer.

let t: TestContext;
let port: number;
before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
after(() => t.close());

/** Sends raw bytes and reads the whole answer (the server closes the connection after a client error). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
  });
}

test('a malformed header is a 400 problem, not a bare JSON error', async () => {
  const answer = await raw(
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
  const answer = await raw(
    `GET /healthz HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  );
  assert.equal(answer.status, 431);
  assert.match(answer.headers, /content-type: application\/problem\+json/);
  assert.equal(JSON.parse(answer.body).title, 'Request Header Fields Too Large');
});

test('the server keeps answering well-formed requests afterwards', async () => {
  const answer = await raw('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  assert.equal(answer.status, 200);
});
