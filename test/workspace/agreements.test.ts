import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';

interface Agreement {
  id: number;
  nome: string;
  ieId: number;
  grupoIeId: number;
  produto: string;
  taxaMensal: string;
  regimeAcumulo: string;
  limites: { maxSemestresTrancamento: number; maxTrancamentosConsecutivos: number };
  janelaDias: number;
  ativo: boolean;
  padrao: boolean;
}

const LIST = '/s/v1/beta/convenios';
const SET = '/s/v1/beta/convenios/cadastrar-preferencia/';
const GET = '/s/v1/beta/convenios/obter-preferencia-grupoie';

let t: TestContext;
let mine: TestIe;
let sibling: TestIe;
let other: TestIe;
let inactiveId: number;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  sibling = await createIe(t.db, { grupoIeId: mine.grupoIeId });
  other = await createIe(t.db);
  ({ id: inactiveId } = await t.db
    .insertInto('convenio')
    .values({
      ie_id: mine.ieId,
      nome: 'Zeta Antigo',
      produto: 'CredIES',
      taxa_mensal: '0.0125',
      regime_acumulo: 'COMPOSTO',
      max_semestres_trancamento: 3,
      max_trancamentos_consecutivos: 1,
      janela_dias: 30,
      ativo: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
});
after(() => t.close());

async function as(ies: number[], role: 'IE' | 'OPERADOR' = 'IE') {
  return t.token({ sub: `u-${randomUUID()}`, ies, role });
}
async function list(url: string, token: string) {
  const response = await t.call({ method: 'GET', url, token });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Agreement[];
}

describe('GET /s/v1/beta/convenios', () => {
  test("lists the caller's agreements by name with product, exact fee rate, accrual mode and limits", async () => {
    const body = await list(LIST, await as([mine.ieId]));
    assert.deepEqual(
      body.map((a) => a.id),
      [mine.convenioId, inactiveId],
    );
    assert.deepEqual(body[1], {
      id: inactiveId,
      nome: 'Zeta Antigo',
      ieId: mine.ieId,
      grupoIeId: mine.grupoIeId,
      produto: 'CredIES',
      taxaMensal: '0.012500',
      regimeAcumulo: 'COMPOSTO',
      limites: { maxSemestresTrancamento: 3, maxTrancamentosConsecutivos: 1 },
      janelaDias: 30,
      ativo: false,
      padrao: false,
    });
    assert.equal(body[0]!.taxaMensal, '0.003500');
    assert.deepEqual(body[0]!.limites, { maxSemestresTrancamento: 4, maxTrancamentosConsecutivos: 2 });
    assert.equal(body[0]!.regimeAcumulo, 'SIMPLES');
  });

  test('filters by ativo; bad or unknown query parameters are 400; no token is 401', async () => {
    const token = await as([mine.ieId]);
    assert.deepEqual(
      (await list(`${LIST}?ativo=true`, token)).map((a) => a.id),
      [mine.convenioId],
    );
    assert.deepEqual(
      (await list(`${LIST}?ativo=false`, token)).map((a) => a.id),
      [inactiveId],
    );
    for (const [query, pointer] of [
      ['ativo=talvez', '/querystring/ativo'],
      ['x=1', '/querystring/x'],
    ]) {
      const response = await t.call({ method: 'GET', url: `${LIST}?${query}`, token });
      assert.equal(response.statusCode, 400);
      assert.equal(problemOf(response).errors?.[0]?.pointer, pointer);
    }
    assert.equal((await t.call({ method: 'GET', url: LIST, token: null })).statusCode, 401);
  });
});

describe('GET /s/v1/beta/convenios/{grbId}', () => {
  test("lists the agreements of the group, only of the caller's IEs in it", async () => {
    const both = await list(`${LIST}/${mine.grupoIeId}`, await as([mine.ieId, sibling.ieId, other.ieId]));
    assert.deepEqual(both.map((a) => a.id).sort(), [mine.convenioId, sibling.convenioId, inactiveId].sort());
    assert.ok(both.every((a) => a.grupoIeId === mine.grupoIeId));
    const onlyMine = await list(`${LIST}/${mine.grupoIeId}`, await as([mine.ieId]));
    assert.deepEqual(onlyMine.map((a) => a.id).sort(), [mine.convenioId, inactiveId].sort());
    const active = await list(`${LIST}/${mine.grupoIeId}?ativo=true`, await as([mine.ieId]));
    assert.deepEqual(
      active.map((a) => a.id),
      [mine.convenioId],
    );
  });

  test('an operator sees any group', async () => {
    const body = await list(`${LIST}/${other.grupoIeId}`, await as([], 'OPERADOR'));
    assert.deepEqual(
      body.map((a) => a.id),
      [other.convenioId],
    );
  });

  test('another group or an unknown one is 404; a bad id is 400; no token is 401', async () => {
    const token = await as([mine.ieId]);
    for (const id of [other.grupoIeId, 999_999_999]) {
      const response = await t.call({ method: 'GET', url: `${LIST}/${id}`, token });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, new RegExp(`IE group ${id} not found`));
    }
    for (const id of ['abc', '0', '2.5']) {
      const response = await t.call({ method: 'GET', url: `${LIST}/${id}`, token });
      assert.equal(response.statusCode, 400, id);
      assert.equal(problemOf(response).errors?.[0]?.pointer, '/params/grbId');
    }
    assert.equal((await t.call({ method: 'GET', url: `${LIST}/${mine.grupoIeId}`, token: null })).statusCode, 401);
  });
});

describe('default agreement (beta)', () => {
  test('set, get, flagged in the lists, clear, get null', async () => {
    const token = await as([mine.ieId]);
    const set = await t.call({ method: 'POST', url: `${SET}${mine.convenioId}`, token });
    assert.equal(set.statusCode, 200, set.body);
    const { convenio } = set.json() as { convenio: Agreement };
    assert.equal(convenio.id, mine.convenioId);
    assert.equal(convenio.padrao, true);
    assert.deepEqual((await t.call({ method: 'GET', url: GET, token })).json(), { convenio });
    const flagged = await list(LIST, token);
    assert.deepEqual(
      flagged.map((a) => [a.id, a.padrao]),
      [
        [mine.convenioId, true],
        [inactiveId, false],
      ],
    );

    const cleared = await t.call({ method: 'POST', url: SET, token });
    assert.equal(cleared.statusCode, 200);
    assert.deepEqual(cleared.json(), { convenio: null });
    const got = await t.call({ method: 'GET', url: GET, token });
    assert.equal(got.statusCode, 200);
    assert.deepEqual(got.json(), { convenio: null });
    assert.ok((await list(LIST, token)).every((a) => !a.padrao));
  });

  test("another IE's or an unknown agreement is 404; an inactive one is 422; nothing changes", async () => {
    const sub = `u-${randomUUID()}`;
    const token = await t.token({ sub, ies: [mine.ieId] });
    await t.call({ method: 'POST', url: `${SET}${mine.convenioId}`, token });
    for (const id of [other.convenioId, sibling.convenioId, 999_999_999]) {
      const response = await t.call({ method: 'POST', url: `${SET}${id}`, token });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, new RegExp(`Agreement ${id} not found`));
    }
    const inactive = await t.call({ method: 'POST', url: `${SET}${inactiveId}`, token });
    assert.equal(inactive.statusCode, 422);
    assert.match(problemOf(inactive).detail, /inactive/);
    const row = await t.db
      .selectFrom('preferencia_usuario')
      .select('convenio_id')
      .where('usuario', '=', sub)
      .executeTakeFirstOrThrow();
    assert.equal(row.convenio_id, mine.convenioId);
  });

  test('a default agreement of an IE the token no longer names reads as null', async () => {
    const sub = `u-${randomUUID()}`;
    await t.call({ method: 'POST', url: `${SET}${mine.convenioId}`, token: await t.token({ sub, ies: [mine.ieId] }) });
    const moved = await t.token({ sub, ies: [other.ieId] });
    assert.deepEqual((await t.call({ method: 'GET', url: GET, token: moved })).json(), { convenio: null });
  });

  test('bad ids and unknown query parameters are 400; no token is 401', async () => {
    for (const id of ['abc', '0', '1.5']) {
      const response = await t.call({ method: 'POST', url: `${SET}${id}` });
      assert.equal(response.statusCode, 400, id);
      assert.equal(problemOf(response).errors?.[0]?.pointer, '/params/id');
    }
    assert.equal((await t.call({ method: 'GET', url: `${GET}?x=1` })).statusCode, 400);
    for (const [method, url] of [
      ['POST', `${SET}${mine.convenioId}`],
      ['POST', SET],
      ['GET', GET],
    ] as const) {
      assert.equal((await t.call({ method, url, token: null })).statusCode, 401, url);
    }
  });
});
