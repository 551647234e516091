import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { listenOnLoopback, rawRequest } from '../helpers/raw-http.js';

// Errors Fastify's router raises before any route runs (bad percent-encoding, a path parameter
// over its length limit) and requests Node refuses (headers too large) are problem+json too.

let t: TestContext;
let port: number;
before(async () => {
  t = await createTestApp();
  port = await listenOnLoopback(t.app);
});
after(() => t.close());

for (const path of ['/s/v2/processos/%c0%ae%c0%ae%2f/timeline', '/s/v2/processos/%ff%fe/timeline']) {
  test(`a bad percent-encoding (${path}) is a 400 problem, in Portuguese by default`, async () => {
    const response = await t.call({ method: 'GET', url: path, headers: { 'accept-language': '' } });
    assert.equal(response.statusCode, 400);
    const body = problemOf(response);
    assert.equal(body.type, 'urn:renova:problem:bad-url');
    assert.equal(body.title, 'Requisição inválida');
    assert.match(body.detail, /codificação inválida/);
    assert.equal(body.requestId, response.headers['x-request-id']);
    assert.doesNotMatch(response.body, /FST_ERR/);
  });
}

test('a bad percent-encoding is English on Accept-Language: en', async () => {
  const response = await t.call({ method: 'GET', url: '/s/v2/processos/%ff%fe/timeline' });
  assert.match(problemOf(response).detail, /^The address has an invalid encoding/);
});

test('a path parameter over 100 characters is a 414 problem', async () => {
  const response = await t.call({
    method: 'GET',
    url: `/s/v2/processos/${'9'.repeat(101)}/timeline`,
    headers: { 'accept-language': '' },
  });
  assert.equal(response.statusCode, 414);
  const body = problemOf(response);
  assert.equal(body.type, 'urn:renova:problem:uri-too-long');
  assert.equal(body.title, 'Endereço longo demais');
  assert.match(body.detail, /mais de 100 caracteres/);
  assert.doesNotMatch(response.body, /FST_ERR/);
});

test('over a real connection too: the router errors are problem+json', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/s/v2/processos/%ff%fe/timeline`);
  assert.equal(response.status, 400);
  assert.match(String(response.headers.get('content-type')), /^application\/problem\+json/);
});

test('a 100 KB Authorization header is a 431 problem (Node refuses it before Fastify)', async () => {
  const answer = await rawRequest(
    port,
    `GET /s/v2/processos/1/timeline HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${'a'.repeat(100_000)}\r\n\r\n`,
  );
  assert.equal(answer.status, 431);
  assert.match(answer.headers, /content-type: application\/problem\+json/);
  const body = JSON.parse(answer.body);
  assert.equal(body.status, 431);
  assert.equal(body.type, 'urn:renova:problem:headers-too-large');
  assert.equal(body.title, 'Cabeçalhos grandes demais');
  assert.match(body.detail, /cabeçalhos da requisição são grandes demais/);
});
