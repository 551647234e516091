import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { conflict, notFound, unprocessable } from '../../src/http/errors.js';
import { langOf, t as text } from '../../src/http/i18n.js';
import { StrictObject } from '../../src/http/schemas.js';
import { PATTERNS } from '../../src/http/validation-messages.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

// Messages a person reads are Brazilian Portuguese by default and English on Accept-Language: en
// (../shared/DOMAIN.md, "Language"). The test helper asks for English, so each kind of error is
// checked here with no Accept-Language (Portuguese) and with `en`.

const PT = { 'accept-language': 'pt-BR' };
const NONE = { 'accept-language': '' };
const EN = { 'accept-language': 'en' };

let t: TestContext;
before(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/__not-found', async () => {
      throw notFound(text('Processo 7 não encontrado.', 'Process 7 not found.'));
    });
    app.get('/__conflict', async () => {
      throw conflict(text('A jornada 3 está ENCERRADA.', 'Journey 3 is ENCERRADA.'), {
        errors: [{ pointer: '/body/x', message: text('já existe', 'already exists') }],
      });
    });
    app.get('/__legacy', async () => {
      throw unprocessable('A plain string message.');
    });
    app.post(
      '/__probe',
      {
        schema: {
          body: StrictObject({
            data: Type.String({ pattern: '^\\d{2}-\\d{2}-\\d{4}$' }),
            mes: Type.Optional(Type.String({ pattern: '^(19|20)\\d{2}-(0[1-9]|1[0-2])$' })),
            n: Type.Optional(Type.Integer({ minimum: 1 })),
            tipo: Type.Optional(Type.Union([Type.Literal('A'), Type.Literal('B')])),
          }),
        },
      },
      async () => ({ ok: true, erro: text('tudo certo', 'all good') }),
    );
    app.get('/__boom', async () => {
      throw new Error('secret internals');
    });
  });
});
after(() => t.close());

const get = (url: string, headers: Record<string, string> = NONE, token?: string | null) =>
  t.call({ method: 'GET', url, headers, ...(token === undefined ? {} : { token }) });

describe('the default language is Portuguese', () => {
  test('an AppError answers its Portuguese text, title and Content-Language', async () => {
    const response = await get('/__not-found');
    assert.equal(response.statusCode, 404);
    const body = problemOf(response);
    assert.equal(body.detail, 'Processo 7 não encontrado.');
    assert.equal(body.erro, 'Processo 7 não encontrado.');
    assert.equal(body.title, 'Não encontrado');
    assert.equal(response.headers['content-language'], 'pt-BR');
  });

  test('messages inside extra members (field errors) are localized too', async () => {
    const body = problemOf(await get('/__conflict'));
    assert.equal(body.title, 'Conflito');
    assert.deepEqual(body.errors, [{ pointer: '/body/x', message: 'já existe' }]);
  });

  test('a field with a pattern names the format a person types, never the regular expression', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/__probe',
      headers: NONE,
      payload: { data: '2026-11-20', mes: '2026-13', n: 0, tipo: 'C', extra: 1 },
    });
    assert.equal(response.statusCode, 400);
    const body = problemOf(response);
    assert.equal(body.title, 'Requisição inválida');
    assert.deepEqual(body.errors, [
      { pointer: '/body/extra', message: 'não é um campo conhecido' },
      { pointer: '/body/data', message: 'use dd-mm-aaaa, por exemplo 20-11-2026' },
      { pointer: '/body/mes', message: 'use aaaa-mm, por exemplo 2026-03' },
      { pointer: '/body/n', message: 'deve ser no mínimo 1' },
      { pointer: '/body/tipo', message: 'deve ser um destes: A, B' },
    ]);
    assert.match(body.detail, /^A requisição não é válida: /);
    assert.doesNotMatch(response.body, /\\\\d|\^|must match|pattern/);
  });

  test('a missing field is "é obrigatório"', async () => {
    const body = problemOf(await t.call({ method: 'POST', url: '/__probe', headers: NONE, payload: {} }));
    assert.deepEqual(body.errors, [{ pointer: '/body/data', message: 'é obrigatório' }]);
  });

  test('an unknown route is a Portuguese 404', async () => {
    const body = problemOf(await get('/s/v9/nada'));
    assert.equal(body.detail, 'Não há operação em GET /s/v9/nada; veja a lista em /openapi.json.');
  });

  test('a wrong method is a Portuguese 405', async () => {
    const response = await t.call({ method: 'DELETE', url: '/motivo-espera', headers: NONE });
    assert.equal(response.statusCode, 405);
    const body = problemOf(response);
    assert.equal(body.title, 'Método não permitido');
    assert.equal(body.detail, 'DELETE não é permitido aqui; use GET.');
  });

  test('a missing token is a Portuguese 401', async () => {
    const response = await get('/motivo-espera', NONE, null);
    assert.equal(response.statusCode, 401);
    const body = problemOf(response);
    assert.equal(body.title, 'Não autenticado');
    assert.match(body.detail, /^Esta operação precisa de um token bearer/);
  });

  test('an unknown id of a module is a Portuguese 404', async () => {
    const response = await get('/s/v2/processos/999999/timeline');
    assert.equal(response.statusCode, 404);
    assert.match(problemOf(response).detail, /não encontrad/);
  });

  test('a bad percent-encoding in the path is a Portuguese 400', async () => {
    const body = problemOf(await get('/s/v2/processos/%ff%fe/timeline'));
    assert.equal(body.status, 400);
    assert.match(body.detail, /^O endereço tem uma codificação inválida/);
  });

  test('a 500 is Portuguese and quotes the request id', async () => {
    const response = await get('/__boom');
    const body = problemOf(response);
    assert.equal(body.title, 'Erro interno');
    assert.equal(
      body.detail,
      `Algo deu errado do nosso lado; informe o identificador da requisição ${body.requestId} ao suporte.`,
    );
  });

  test('pt-BR asked explicitly is Portuguese; a legacy string message is answered as it is', async () => {
    assert.equal(problemOf(await get('/__not-found', PT)).detail, 'Processo 7 não encontrado.');
    assert.equal(problemOf(await get('/__legacy')).detail, 'A plain string message.');
  });

  test('a Text in a success body is answered in the request language', async () => {
    const payload = { data: '20-11-2026' };
    const pt = await t.call({ method: 'POST', url: '/__probe', headers: NONE, payload });
    assert.deepEqual(pt.json(), { ok: true, erro: 'tudo certo' });
    const en = await t.call({ method: 'POST', url: '/__probe', headers: EN, payload });
    assert.deepEqual(en.json(), { ok: true, erro: 'all good' });
  });
});

describe('Accept-Language: en answers English', () => {
  test('AppError, validation, 404, 405, 401 and router errors', async () => {
    const notFoundBody = problemOf(await get('/__not-found', EN));
    assert.equal(notFoundBody.detail, 'Process 7 not found.');
    assert.equal(notFoundBody.title, 'Not Found');
    const invalid = problemOf(await t.call({ method: 'POST', url: '/__probe', headers: EN, payload: { data: 'x' } }));
    assert.deepEqual(invalid.errors, [{ pointer: '/body/data', message: 'use dd-mm-yyyy, for example 20-11-2026' }]);
    assert.match(problemOf(await get('/s/v9/nada', EN)).detail, /^No operation at GET \/s\/v9\/nada/);
    const method = await t.call({ method: 'DELETE', url: '/motivo-espera', headers: EN });
    assert.equal(problemOf(method).detail, 'DELETE is not allowed here; use GET.');
    assert.match(problemOf(await get('/motivo-espera', EN, null)).detail, /^This operation needs a bearer token/);
    assert.match(
      problemOf(await get('/s/v2/processos/%ff%fe/timeline', EN)).detail,
      /^The address has an invalid encoding/,
    );
    assert.equal((await get('/__not-found', EN)).headers['content-language'], 'en');
  });

  test('English is chosen only when preferred to Portuguese', () => {
    assert.equal(langOf('en-US,en;q=0.9'), 'en');
    assert.equal(langOf('pt-BR,pt;q=0.9,en;q=0.8'), 'pt-BR');
    assert.equal(langOf('en;q=0.5,pt;q=0.9'), 'pt-BR');
    assert.equal(langOf('fr'), 'pt-BR');
    assert.equal(langOf(undefined), 'pt-BR');
  });
});

test('429 is Portuguese by default and English on request', async () => {
  const limited = await createTestApp({ RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '60000' });
  try {
    const token = await limited.token();
    await limited.call({ method: 'GET', url: '/motivo-espera', token, headers: NONE });
    const pt = await limited.call({ method: 'GET', url: '/motivo-espera', token, headers: NONE });
    assert.equal(pt.statusCode, 429);
    assert.equal(problemOf(pt).title, 'Requisições demais');
    assert.equal(problemOf(pt).detail, 'Requisições demais: no máximo 1 por minuto. Tente novamente mais tarde.');
    const en = await limited.call({ method: 'GET', url: '/motivo-espera', token, headers: EN });
    assert.equal(problemOf(en).detail, 'Too many requests: at most 1 per minute. Try again later.');
  } finally {
    await limited.close();
  }
});

test('client errors (refused by Node before Fastify) are Portuguese unless the raw request asks for English', async () => {
  const app = await createTestApp();
  try {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(data.split('\r\n\r\n')[1] ?? ''));
      });
    const pt = JSON.parse(await raw('GET /healthz HTTP/1.1\r\nHost: localhost\r\nAuthorization Bearer x\r\n\r\n'));
    assert.equal(pt.title, 'Requisição inválida');
    assert.match(pt.detail, /^A requisição não é HTTP válido/);
    const en = JSON.parse(
      await raw('GET /healthz HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nAuthorization Bearer x\r\n\r\n'),
    );
    assert.match(en.detail, /^The request is not valid HTTP/);
  } finally {
    await app.close();
  }
});

test('every pattern in the OpenAPI document has a description a person can follow', async () => {
  const doc = (await t.app.inject({ url: '/openapi.json' })).json();
  const patterns = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const pattern = (node as { pattern?: unknown }).pattern;
      if (typeof pattern === 'string') patterns.add(pattern);
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
  assert.ok(patterns.size > 5, 'the document has patterns');
  const missing = [...patterns].filter((p) => !PATTERNS[p]);
  assert.deepEqual(missing, [], 'add these patterns to src/http/validation-messages.ts');
});
