import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { requireBearer } from '../../src/http/authenticate.js';
import { unprocessable } from '../../src/http/errors.js';
import { purgeIdempotencyKeys, registerIdempotency } from '../../src/http/idempotency.js';
import type { App } from '../../src/http/types.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

/**
 * The Idempotency-Key mechanism on probe routes registered the way app.ts registers the interface
 * scope: bearer auth, then idempotency, then the routes.
 */
let t: TestContext;
const effects: Record<string, number> = {};
let gate: { release: () => void; entered: Promise<void> } | null = null;
let failNext = false;

function openGate() {
  let release!: () => void;
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  gate = { release, entered };
  return { enter, released };
}
let pending: { enter: () => void; released: Promise<void> } | null = null;

before(async () => {
  t = await createTestApp({}, (app) => {
    app.register(async (api) => {
      requireBearer(api as App, '');
      registerIdempotency(api as App, '');
      api.post(
        '/probe/:id',
        {
          schema: {
            params: Type.Object({ id: Type.Integer() }),
            body: Type.Object({
              n: Type.Integer(),
              extra: Type.Optional(Type.Object({}, { additionalProperties: true })),
            }),
          },
        },
        async (request, reply) => {
          const { id } = request.params as { id: number };
          const { n } = request.body as { n: number };
          if (failNext) {
            failNext = false;
            throw new Error('boom');
          }
          if (pending) {
            const p = pending;
            pending = null;
            p.enter();
            await p.released;
          }
          if (n < 0) throw unprocessable('n must not be negative');
          const k = `${id}`;
          effects[k] = (effects[k] ?? 0) + 1;
          return reply.code(201).send({ id, n, effects: effects[k] });
        },
      );
      api.put('/probe-put', async () => ({ ok: true }));
      api.get('/probe-get', async () => ({ ok: true }));
    });
  });
});
after(() => t.close());

const post = (id: number, body: unknown, key?: string, ies = [1]) =>
  t.call({
    method: 'POST',
    url: `/probe/${id}`,
    payload: body as Record<string, unknown>,
    ies,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('Idempotency-Key', () => {
  test('first request runs; a repeat with the same key and body replays status and body without a second effect', async () => {
    const first = await post(1, { n: 5, extra: { b: 1, a: 2 } }, 'k-replay');
    assert.equal(first.statusCode, 201);
    assert.equal(first.headers['idempotency-replayed'], undefined);
    assert.deepEqual(first.json(), { id: 1, n: 5, effects: 1 });
    // Same body with keys in another order: the canonical hash is equal.
    const again = await post(1, { extra: { a: 2, b: 1 }, n: 5 }, 'k-replay');
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotency-replayed'], 'true');
    assert.match(String(again.headers['content-type']), /^application\/json/);
    assert.equal(again.body, first.body);
    assert.equal(effects['1'], 1);
  });

  test('without a key every request runs', async () => {
    await post(2, { n: 1 });
    await post(2, { n: 1 });
    assert.equal(effects['2'], 2);
  });

  test('the same key with a different body, or a different path id, is 422 and runs nothing', async () => {
    await post(3, { n: 1 }, 'k-diff');
    const body = await post(3, { n: 2 }, 'k-diff');
    assert.equal(body.statusCode, 422);
    assert.match(problemOf(body).detail, /different request/);
    const path = await post(4, { n: 1 }, 'k-diff');
    assert.equal(path.statusCode, 422);
    assert.equal(effects['3'], 1);
    assert.equal(effects['4'], undefined);
  });

  test('a repeat while the first is still running is 409', async () => {
    pending = openGate();
    const firstPromise = post(5, { n: 1 }, 'k-running');
    await gate!.entered;
    const second = await post(5, { n: 1 }, 'k-running');
    assert.equal(second.statusCode, 409);
    assert.match(problemOf(second).detail, /still being processed/);
    gate!.release();
    const first = await firstPromise;
    assert.equal(first.statusCode, 201);
    const third = await post(5, { n: 1 }, 'k-running');
    assert.equal(third.headers['idempotency-replayed'], 'true');
    assert.equal(effects['5'], 1);
  });

  test('4xx answers are stored and replayed', async () => {
    const first = await post(6, { n: -1 }, 'k-4xx');
    assert.equal(first.statusCode, 422);
    const again = await post(6, { n: -1 }, 'k-4xx');
    assert.equal(again.statusCode, 422);
    assert.equal(again.headers['idempotency-replayed'], 'true');
    assert.match(String(again.headers['content-type']), /^application\/problem\+json/);
    assert.equal(again.body, first.body);
  });

  test('a 5xx releases the key so a retry runs', async () => {
    failNext = true;
    const first = await post(7, { n: 1 }, 'k-5xx');
    assert.equal(first.statusCode, 500);
    const retry = await post(7, { n: 1 }, 'k-5xx');
    assert.equal(retry.statusCode, 201);
    assert.equal(retry.headers['idempotency-replayed'], undefined);
    assert.equal(effects['7'], 1);
  });

  test('keys of different callers do not collide', async () => {
    const a = await t.call({
      method: 'POST',
      url: '/probe/8',
      payload: { n: 1 },
      token: await t.token({ sub: 'alice', ies: [1] }),
      headers: { 'idempotency-key': 'shared-key' },
    });
    const b = await t.call({
      method: 'POST',
      url: '/probe/8',
      payload: { n: 1 },
      token: await t.token({ sub: 'bob', ies: [1] }),
      headers: { 'idempotency-key': 'shared-key' },
    });
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 201);
    assert.equal(b.headers['idempotency-replayed'], undefined);
    assert.equal(effects['8'], 2);
  });

  test('a bad key is 400 naming the header', async () => {
    for (const bad of ['', 'x'.repeat(201), 'has space', 'acentuação']) {
      const response = await t.call({
        method: 'POST',
        url: '/probe/9',
        payload: { n: 1 },
        headers: { 'idempotency-key': bad },
      });
      assert.equal(response.statusCode, 400, `key ${JSON.stringify(bad)}`);
      assert.equal(problemOf(response).errors?.[0]?.pointer, '/headers/idempotency-key');
    }
    assert.equal(effects['9'], undefined);
  });

  test('PUT is covered, GET ignores the header', async () => {
    const put1 = await t.call({ method: 'PUT', url: '/probe-put', headers: { 'idempotency-key': 'k-put' } });
    const put2 = await t.call({ method: 'PUT', url: '/probe-put', headers: { 'idempotency-key': 'k-put' } });
    assert.equal(put2.headers['idempotency-replayed'], 'true');
    assert.equal(put1.body, put2.body);
    const get = await t.call({ method: 'GET', url: '/probe-get', headers: { 'idempotency-key': 'has space' } });
    assert.equal(get.statusCode, 200);
  });

  test('without a token the answer is 401 and no key is stored', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/probe/10',
      payload: { n: 1 },
      token: null,
      headers: { 'idempotency-key': 'k-401' },
    });
    assert.equal(response.statusCode, 401);
    const rows = await t.db.selectFrom('chave_idempotencia').select('chave').where('chave', '=', 'k-401').execute();
    assert.equal(rows.length, 0);
  });

  test('answers older than 24 h expire: the cleanup deletes them and the key can be used again', async () => {
    await post(11, { n: 1 }, 'k-old');
    await t.db
      .updateTable('chave_idempotencia')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('chave', '=', 'k-old')
      .execute();
    const reused = await post(11, { n: 2 }, 'k-old');
    assert.equal(reused.statusCode, 201);
    assert.equal(effects['11'], 2);
    await t.db
      .updateTable('chave_idempotencia')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('chave', '=', 'k-old')
      .execute();
    assert.ok((await purgeIdempotencyKeys(t.db)) >= 1);
    const left = await t.db.selectFrom('chave_idempotencia').select('chave').where('chave', '=', 'k-old').execute();
    assert.equal(left.length, 0);
  });

  test('the header is documented in the OpenAPI of write operations', async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    // The portal's session doors (sign-in, sign-out) set or clear a cookie; replaying a stored
    // sign-in answer would hand out a token, so they take no Idempotency-Key (docs/decisions.md).
    const anyPost = Object.entries(doc.paths)
      .filter(([path]) => !path.includes('/s/sessao/'))
      .flatMap(([, ops]) => Object.entries(ops))
      .filter(([method]) => method === 'post');
    assert.ok(anyPost.length > 0);
    for (const [, op] of anyPost) {
      assert.ok(
        op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        'every POST documents Idempotency-Key',
      );
    }
  });
});
