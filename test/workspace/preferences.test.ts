import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';

const SET = '/s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/';
const GET = '/s/v1/contrato/mais-acoes/obter-preferencia-grupoie';

let t: TestContext;
let mine: TestIe;
let sibling: TestIe;
let other: TestIe;
let claimed: TestIe;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  sibling = await createIe(t.db, { grupoIeId: mine.grupoIeId });
  other = await createIe(t.db);
  claimed = await createIe(t.db);
});
after(() => t.close());

const groupName = async (id: number) =>
  (await t.db.selectFrom('grupo_ie').select('nome').where('id', '=', id).executeTakeFirstOrThrow()).nome;
const stored = async (sub: string) =>
  (await t.db.selectFrom('preferencia_usuario').select('grupo_ie_id').where('usuario', '=', sub).executeTakeFirst())
    ?.grupo_ie_id;

async function as(options: { ies?: number[]; grupoIe?: number; role?: 'IE' | 'OPERADOR' } = {}) {
  const sub = `u-${randomUUID()}`;
  return { sub, token: await t.token({ sub, ies: options.ies ?? [mine.ieId], ...options }) };
}

describe('IE group preference', () => {
  test('set, get, clear, get null', async () => {
    const { sub, token } = await as();
    const expected = { grupoIe: { id: mine.grupoIeId, nome: await groupName(mine.grupoIeId) } };
    const set = await t.call({ method: 'POST', url: `${SET}${mine.grupoIeId}`, token });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json(), expected);
    assert.equal(await stored(sub), mine.grupoIeId);
    assert.deepEqual((await t.call({ method: 'GET', url: GET, token })).json(), expected);

    const cleared = await t.call({ method: 'POST', url: SET, token });
    assert.equal(cleared.statusCode, 200);
    assert.deepEqual(cleared.json(), { grupoIe: null });
    assert.equal(await stored(sub), null);
    const got = await t.call({ method: 'GET', url: GET, token });
    assert.equal(got.statusCode, 200);
    assert.deepEqual(got.json(), { grupoIe: null });
  });

  test('the preference is per user and keeps the default agreement', async () => {
    const ana = await as();
    const bia = await as();
    await t.db.insertInto('preferencia_usuario').values({ usuario: ana.sub, convenio_id: mine.convenioId }).execute();
    await t.call({ method: 'POST', url: `${SET}${mine.grupoIeId}`, token: ana.token });
    assert.deepEqual((await t.call({ method: 'GET', url: GET, token: bia.token })).json(), { grupoIe: null });
    const row = await t.db
      .selectFrom('preferencia_usuario')
      .select(['grupo_ie_id', 'convenio_id'])
      .where('usuario', '=', ana.sub)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { grupo_ie_id: mine.grupoIeId, convenio_id: mine.convenioId });
  });

  test("the token's grupoIe claim allows its group; an operator may pick any existing group", async () => {
    const viaClaim = await as({ grupoIe: claimed.grupoIeId });
    const response = await t.call({ method: 'POST', url: `${SET}${claimed.grupoIeId}`, token: viaClaim.token });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().grupoIe.id, claimed.grupoIeId);

    const operator = await as({ role: 'OPERADOR', ies: [] });
    assert.equal(
      (await t.call({ method: 'POST', url: `${SET}${other.grupoIeId}`, token: operator.token })).statusCode,
      200,
    );
    assert.equal((await t.call({ method: 'POST', url: `${SET}999999999`, token: operator.token })).statusCode, 404);
  });

  test('a group the token does not allow, or an unknown one, is 404 and changes nothing', async () => {
    const { sub, token } = await as({ ies: [mine.ieId, sibling.ieId] });
    await t.call({ method: 'POST', url: `${SET}${mine.grupoIeId}`, token });
    for (const id of [other.grupoIeId, claimed.grupoIeId, 999_999_999]) {
      const response = await t.call({ method: 'POST', url: `${SET}${id}`, token });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, new RegExp(`IE group ${id} not found`));
    }
    assert.equal(await stored(sub), mine.grupoIeId);
  });

  test('a stored group the token no longer allows reads as null', async () => {
    const { sub, token } = await as();
    await t.call({ method: 'POST', url: `${SET}${mine.grupoIeId}`, token });
    const moved = await t.token({ sub, ies: [other.ieId] });
    assert.deepEqual((await t.call({ method: 'GET', url: GET, token: moved })).json(), { grupoIe: null });
  });

  test('bad group ids are 400; no token is 401', async () => {
    for (const id of ['abc', '0', '1.5', '-1']) {
      const response = await t.call({ method: 'POST', url: `${SET}${id}` });
      assert.equal(response.statusCode, 400, id);
      assert.equal(problemOf(response).errors?.[0]?.pointer, '/params/grupie');
    }
    for (const [method, url] of [
      ['POST', `${SET}${mine.grupoIeId}`],
      ['POST', SET],
      ['GET', GET],
    ] as const) {
      assert.equal((await t.call({ method, url, token: null })).statusCode, 401, url);
    }
  });

  test('an unknown query parameter on the read is 400', async () => {
    const response = await t.call({ method: 'GET', url: `${GET}?x=1` });
    assert.equal(response.statusCode, 400);
  });
});
