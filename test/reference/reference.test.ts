import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
});
after(() => t.close());

describe('code lists', () => {
  const cases: [string, string[]][] = [
    ['/s/v1/contrato/situacao-matricula/tipos', ['D', 'F', 'E', 'S']],
    ['/s/v1/contrato/situacao-matricula/situacoes', ['A', 'T', 'F', 'E', 'C', 'I']],
    ['/s/v1/contrato/situacao-matricula/situacoes-restituicao', ['N', 'A', 'P']],
    [
      '/motivo-espera',
      [
        'AGUARDANDO_DOCUMENTO_IE',
        'AGUARDANDO_ESTUDANTE',
        'EM_ANALISE_FUNDACAO',
        'AGUARDANDO_ASSINATURA',
        'AGUARDANDO_SUPORTE',
      ],
    ],
  ];
  for (const [url, codes] of cases) {
    test(`GET ${url} lists the codes with descriptions`, async () => {
      const response = await t.call({ method: 'GET', url, ies: [mine.ieId] });
      assert.equal(response.statusCode, 200);
      const body = response.json() as { codigo: string; descricao: string }[];
      assert.deepEqual(
        body.map((r) => r.codigo),
        codes,
      );
      assert.ok(body.every((r) => r.descricao.length > 3));
    });
    test(`GET ${url} without a token is 401`, async () => {
      assert.equal((await t.call({ method: 'GET', url, token: null })).statusCode, 401);
    });
  }

  test('the lists are data: a new row in lista_referencia shows up', async () => {
    await t.db
      .insertInto('lista_referencia')
      .values({ lista: 'motivo-espera', codigo: 'ZZ_NOVO', descricao: 'Novo motivo', ordem: 99 })
      .execute();
    const body = (await t.call({ method: 'GET', url: '/motivo-espera' })).json() as { codigo: string }[];
    assert.equal(body.at(-1)?.codigo, 'ZZ_NOVO');
  });

  test('motivos: withdrawal reasons are numeric codes, filtered by tipo', async () => {
    const all = (await t.call({ method: 'GET', url: '/s/v1/contrato/situacao-matricula/motivos' })).json() as {
      codigo: string;
      tipo: string;
    }[];
    assert.ok(all.some((r) => r.tipo === 'S'));
    const withdrawal = (
      await t.call({ method: 'GET', url: '/s/v1/contrato/situacao-matricula/motivos?tipo=F' })
    ).json() as { codigo: string; tipo: string }[];
    assert.ok(withdrawal.length >= 5);
    assert.ok(withdrawal.every((r) => r.tipo === 'F' && /^\d+$/.test(r.codigo)));
    const bad = await t.call({ method: 'GET', url: '/s/v1/contrato/situacao-matricula/motivos?tipo=xyz' });
    assert.equal(bad.statusCode, 400);
    assert.equal(problemOf(bad).errors?.[0]?.pointer, '/querystring/tipo');
  });
});

describe('GET /s/v2/mais-acoes/situacoes', () => {
  test('answers interface 2.5 and filters by exclusaoCancelamento', async () => {
    const all = (await t.call({ method: 'GET', url: '/s/v2/mais-acoes/situacoes' })).json() as {
      id: string;
      description: string;
      statusTypeIds: string[];
    }[];
    assert.ok(all.length >= 6);
    for (const item of all) assert.deepEqual(Object.keys(item).sort(), ['description', 'id', 'statusTypeIds']);
    const deletion = (
      await t.call({ method: 'GET', url: '/s/v2/mais-acoes/situacoes?exclusaoCancelamento=true' })
    ).json() as { id: string; statusTypeIds: string[] }[];
    assert.deepEqual(deletion.map((d) => d.id).sort(), ['CANCELAR_CONTRATO', 'EXCLUIR_CONTRATO']);
    assert.ok(
      !deletion.find((d) => d.id === 'EXCLUIR_CONTRATO')?.statusTypeIds.includes('FINALIZADO'),
      'a signed renewal cannot be deleted',
    );
    const others = (
      await t.call({ method: 'GET', url: '/s/v2/mais-acoes/situacoes?exclusaoCancelamento=false' })
    ).json() as { id: string }[];
    assert.equal(others.length + deletion.length, all.length);
  });
  test('bad boolean is 400; no token is 401', async () => {
    const bad = await t.call({ method: 'GET', url: '/s/v2/mais-acoes/situacoes?exclusaoCancelamento=talvez' });
    assert.equal(bad.statusCode, 400);
    assert.equal(problemOf(bad).errors?.[0]?.pointer, '/querystring/exclusaoCancelamento');
    assert.equal((await t.call({ method: 'GET', url: '/s/v2/mais-acoes/situacoes', token: null })).statusCode, 401);
  });
});

describe("auxiliary lists are scoped to the caller's IEs", () => {
  for (const [path, key] of [
    ['cursos', 'campusId'],
    ['campus', 'cidade'],
    ['turnos', 'codigo'],
  ] as const) {
    const url = `/s/v2/renovacao/planilhas-auxiliares/${path}`;
    test(`GET ${url} shows only the caller's rows`, async () => {
      const response = await t.call({ method: 'GET', url, ies: [mine.ieId] });
      assert.equal(response.statusCode, 200);
      const body = response.json() as Record<string, unknown>[];
      assert.equal(body.length, 1);
      assert.ok(key in body[0]!);
      if (path !== 'turnos') assert.equal(body[0]!.ieId, mine.ieId);
    });
    test(`GET ${url} for another IE's id is 404, for an unknown one too`, async () => {
      for (const ieId of [other.ieId, 999_999]) {
        const response = await t.call({ method: 'GET', url: `${url}?ieId=${ieId}`, ies: [mine.ieId] });
        assert.equal(response.statusCode, 404);
        assert.match(problemOf(response).detail, new RegExp(`IE ${ieId} not found`));
      }
    });
    test(`GET ${url}: bad ieId is 400, no token 401, operator sees all`, async () => {
      assert.equal((await t.call({ method: 'GET', url: `${url}?ieId=abc` })).statusCode, 400);
      assert.equal((await t.call({ method: 'GET', url, token: null })).statusCode, 401);
      const all = (await t.call({ method: 'GET', url, role: 'OPERADOR' })).json() as unknown[];
      assert.ok(all.length >= (path === 'turnos' ? 1 : 2));
    });
  }
  test('campus of my IE lists my campus with its fields', async () => {
    const body = (
      await t.call({ method: 'GET', url: '/s/v2/renovacao/planilhas-auxiliares/campus', ies: [mine.ieId] })
    ).json();
    assert.deepEqual(body, [
      { id: mine.campusId, ieId: mine.ieId, nome: body[0].nome, cidade: 'Porto Alegre', uf: 'RS' },
    ]);
  });
});
