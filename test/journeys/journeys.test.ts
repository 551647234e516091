import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Situacao } from '../../src/db/schema.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestIe,
  type TestJourney,
} from '../helpers/factories.js';

let t: TestContext;
let alfa: TestIe;
let beta: TestIe;
let idle: TestIe;
let other: TestIe;
let alfaCurrent: TestJourney;
let alfaRegularizacao: TestJourney;
let alfaPrevious: TestJourney;
let betaCurrent: TestJourney;
let otherCurrent: TestJourney;
let mineIes: number[];

type Item = { id: number; ieId: number; tipo: string; ano: number; semestre: number; contadores: Counters };
type Counters = { total: number; abas: { aba: string; total: number }[] };
const tab = (c: Counters, aba: string) => c.abas.find((a) => a.aba === aba)?.total;

before(async () => {
  t = await createTestApp();
  alfa = await createIe(t.db, { nome: 'Alfa Faculdade' });
  beta = await createIe(t.db, { nome: 'Beta Faculdade', grupoIeId: alfa.grupoIeId });
  idle = await createIe(t.db, { nome: 'Aaa Sem Jornada', grupoIeId: alfa.grupoIeId });
  other = await createIe(t.db, { nome: 'Outra Faculdade' });
  mineIes = [alfa.ieId, beta.ieId, idle.ieId];
  alfaCurrent = await createJourney(t.db, alfa, { ano: 2026, semestre: 2 });
  alfaRegularizacao = await createJourney(t.db, alfa, { ano: 2026, semestre: 2, tipo: 'REGULARIZACAO' });
  alfaPrevious = await createJourney(t.db, alfa, {
    ano: 2026,
    semestre: 1,
    status: 'ENCERRADA',
    janelaInicio: '2026-01-05',
    janelaFim: '2026-03-31',
  });
  betaCurrent = await createJourney(t.db, beta, { ano: 2026, semestre: 2 });
  otherCurrent = await createJourney(t.db, other, { ano: 2026, semestre: 2 });

  const situations: [Situacao, 'TRANCAMENTO' | 'EVASAO' | null][] = [
    ['APTO', null],
    ['APTO', null],
    ['EM_PROCESSAMENTO', null],
    ['REVISAO_ANALISE', null],
    ['SEM_RENOVACAO', 'TRANCAMENTO'],
    ['SEM_RENOVACAO', 'EVASAO'],
    ['FINALIZADO', null],
    ['CANCELADO', null],
  ];
  const made: number[] = [];
  for (const [situacao, motivo] of situations) {
    made.push(
      (await createEntry(t.db, alfa, alfaCurrent, await createContract(t.db, alfa), { situacao, motivo })).brbId,
    );
  }
  // One APTO moves to bond maintenance: the counters follow updates too.
  await t.db
    .updateTable('entrada_jornada')
    .set({ situacao: 'MANUTENCAO_VINCULO' })
    .where('id', '=', made[0]!)
    .execute();
  await createEntry(t.db, other, otherCurrent, await createContract(t.db, other));
});
after(() => t.close());

describe('GET /s/v2/renovacao/jornadas', () => {
  const list = async (query = '', ies = mineIes) => {
    const response = await t.call({ method: 'GET', url: `/s/v2/renovacao/jornadas${query}`, ies });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { itens: Item[]; pagina: number; tamanho: number; total: number; totalPaginas: number };
  };

  test("lists the caller's journeys, newest period first, then IE name and type, with tab counters", async () => {
    const page = await list();
    assert.deepEqual(
      page.itens.map((j) => j.id),
      [alfaRegularizacao.jornadaId, alfaCurrent.jornadaId, betaCurrent.jornadaId, alfaPrevious.jornadaId],
    );
    assert.deepEqual([page.pagina, page.tamanho, page.total, page.totalPaginas], [1, 20, 4, 1]);
    const current = page.itens[1]!;
    assert.equal(current.ieId, alfa.ieId);
    assert.deepEqual(current.contadores, {
      total: 7,
      abas: [
        { aba: 'aptos', total: 1 },
        { aba: 'em-processamento', total: 2 },
        { aba: 'finalizados', total: 1 },
        { aba: 'sem-renovacao', total: 2 },
        { aba: 'manutencao-vinculo', total: 1 },
      ],
    });
    assert.deepEqual(
      page.itens[0]!.contadores.abas.map((a) => a.total),
      [0, 0, 0, 0, 0],
    );
    const full = page.itens[3] as unknown as Record<string, unknown>;
    assert.equal(full.tipo, 'RENOVACAO');
    assert.match(String(full.tipoDescricao), /Renovação/);
    assert.equal(full.status, 'ENCERRADA');
    assert.equal(full.janelaInicio, '2026-01-05');
    assert.equal(full.janelaFim, '2026-03-31');
    assert.equal(full.abertaPor, 'factory');
    assert.ok(!Number.isNaN(Date.parse(String(full.abertaEm))));
    assert.equal(full.encerradaEm, null);
    assert.equal(full.ieNome, 'Alfa Faculdade');
  });

  test('counters are read from contador_jornada, never counted over the entries', async () => {
    await t.db
      .insertInto('contador_jornada')
      .values({ jornada_id: betaCurrent.jornadaId, situacao: 'APTO', motivo: '', total: 7 })
      .execute();
    const beta2 = (await list(`?ieId=${beta.ieId}`)).itens[0]!;
    assert.equal(tab(beta2.contadores, 'aptos'), 7);
    await t.db.deleteFrom('contador_jornada').where('jornada_id', '=', betaCurrent.jornadaId).execute();
  });

  test('filters by IE, period, status and type, and pages', async () => {
    assert.deepEqual(
      (await list(`?ieId=${beta.ieId}`)).itens.map((j) => j.id),
      [betaCurrent.jornadaId],
    );
    assert.deepEqual(
      (await list('?ano=2026&semestre=1')).itens.map((j) => j.id),
      [alfaPrevious.jornadaId],
    );
    assert.deepEqual(
      (await list('?status=ENCERRADA')).itens.map((j) => j.id),
      [alfaPrevious.jornadaId],
    );
    assert.deepEqual(
      (await list('?tipo=REGULARIZACAO')).itens.map((j) => j.id),
      [alfaRegularizacao.jornadaId],
    );
    assert.equal((await list('?ano=2030')).total, 0);
    const second = await list('?tamanho=3&pagina=2');
    assert.deepEqual(
      second.itens.map((j) => j.id),
      [alfaPrevious.jornadaId],
    );
    assert.deepEqual([second.pagina, second.tamanho, second.total, second.totalPaginas], [2, 3, 4, 2]);
  });

  test("another IE's id and an unknown one are 404; operators see every IE", async () => {
    for (const ieId of [other.ieId, 9_999_999]) {
      const response = await t.call({ method: 'GET', url: `/s/v2/renovacao/jornadas?ieId=${ieId}`, ies: mineIes });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, new RegExp(`IE ${ieId} not found`));
    }
    const operator = await t.call({
      method: 'GET',
      url: `/s/v2/renovacao/jornadas?ieId=${other.ieId}`,
      role: 'OPERADOR',
    });
    assert.deepEqual(
      (operator.json() as { itens: Item[] }).itens.map((j) => j.id),
      [otherCurrent.jornadaId],
    );
  });

  test('bad filters are 400 naming the field; no token is 401', async () => {
    for (const [query, pointer] of [
      ['ieId=abc', '/querystring/ieId'],
      ['ieId=0', '/querystring/ieId'],
      ['ieId=-2', '/querystring/ieId'],
      ['semestre=3', '/querystring/semestre'],
      ['ano=dois', '/querystring/ano'],
      ['status=FECHADA', '/querystring/status'],
      ['tipo=XYZ', '/querystring/tipo'],
      ['tamanho=0', '/querystring/tamanho'],
      ['pagina=0', '/querystring/pagina'],
      ['desconhecido=1', '/querystring/desconhecido'],
    ]) {
      const response = await t.call({ method: 'GET', url: `/s/v2/renovacao/jornadas?${query}`, ies: mineIes });
      assert.equal(response.statusCode, 400, query);
      assert.equal(problemOf(response).errors?.[0]?.pointer, pointer, query);
    }
    assert.equal((await t.call({ method: 'GET', url: '/s/v2/renovacao/jornadas', token: null })).statusCode, 401);
  });
});

describe('GET /s/v2/renovacao/jornadas/{journeyId}', () => {
  const url = (id: number | string) => `/s/v2/renovacao/jornadas/${id}`;

  test('answers the journey with its window, opener and counters per tab and per situation', async () => {
    const response = await t.call({ method: 'GET', url: url(alfaCurrent.jornadaId), ies: [alfa.ieId] });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.id, alfaCurrent.jornadaId);
    assert.equal(body.ieId, alfa.ieId);
    assert.equal(body.grupoIeId, alfa.grupoIeId);
    assert.deepEqual([body.tipo, body.ano, body.semestre, body.status], ['RENOVACAO', 2026, 2, 'ABERTA']);
    assert.deepEqual([body.janelaInicio, body.janelaFim, body.abertaPor], ['2026-07-01', '2026-12-31', 'factory']);
    assert.equal(body.contadores.total, 7);
    assert.equal(tab(body.contadores, 'em-processamento'), 2);
    assert.deepEqual(body.contadores.situacoes, [
      { situacao: 'APTO', motivo: null, aba: 'aptos', total: 1 },
      { situacao: 'EM_PROCESSAMENTO', motivo: null, aba: 'em-processamento', total: 1 },
      { situacao: 'REVISAO_ANALISE', motivo: null, aba: 'em-processamento', total: 1 },
      { situacao: 'FINALIZADO', motivo: null, aba: 'finalizados', total: 1 },
      { situacao: 'SEM_RENOVACAO', motivo: 'EVASAO', aba: 'sem-renovacao', total: 1 },
      { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO', aba: 'sem-renovacao', total: 1 },
      { situacao: 'MANUTENCAO_VINCULO', motivo: null, aba: 'manutencao-vinculo', total: 1 },
      { situacao: 'CANCELADO', motivo: null, aba: null, total: 1 },
    ]);
  });

  test('a journey without entries has zero counters', async () => {
    const body = (await t.call({ method: 'GET', url: url(betaCurrent.jornadaId), ies: mineIes })).json();
    assert.equal(body.contadores.total, 0);
    assert.deepEqual(body.contadores.situacoes, []);
  });

  test("another IE's journey and an unknown one are 404; operators see all", async () => {
    for (const id of [otherCurrent.jornadaId, 9_999_999]) {
      const response = await t.call({ method: 'GET', url: url(id), ies: mineIes });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, /Journey \d+ not found/);
    }
    const operator = await t.call({ method: 'GET', url: url(otherCurrent.jornadaId), role: 'OPERADOR' });
    assert.equal(operator.json().contadores.total, 1);
  });

  test('a non-integer, zero or negative id is 400; no token is 401', async () => {
    for (const id of ['abc', '0', '-1', '2.5']) {
      const response = await t.call({ method: 'GET', url: url(id), ies: mineIes });
      assert.equal(response.statusCode, 400, id);
      assert.equal(problemOf(response).errors?.[0]?.pointer, '/params/journeyId');
    }
    assert.equal((await t.call({ method: 'GET', url: url(alfaCurrent.jornadaId), token: null })).statusCode, 401);
  });
});

describe('GET /s/v2/renovacao/jornadas/groups', () => {
  const url = '/s/v2/renovacao/jornadas/groups';

  test("answers the groups of the caller's journeys with the IEs that have journeys", async () => {
    const response = await t.call({ method: 'GET', url, ies: mineIes });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.length, 1);
    assert.equal(body[0].id, alfa.grupoIeId);
    assert.match(body[0].nome, /^Grupo/);
    assert.deepEqual(
      body[0].ies.map((ie: { id: number; nome: string; sigla: string }) => [ie.id, ie.nome]),
      [
        [alfa.ieId, 'Alfa Faculdade'],
        [beta.ieId, 'Beta Faculdade'],
      ],
    );
  });

  test('only what the caller sees: another IE its own group; no journeys, no groups; operators all', async () => {
    const theirs = (await t.call({ method: 'GET', url, ies: [other.ieId] })).json();
    assert.deepEqual(
      theirs.map((g: { id: number }) => g.id),
      [other.grupoIeId],
    );
    assert.deepEqual((await t.call({ method: 'GET', url, ies: [idle.ieId] })).json(), []);
    const all = (await t.call({ method: 'GET', url, role: 'OPERADOR' })).json() as { id: number }[];
    assert.ok([alfa.grupoIeId, other.grupoIeId].every((id) => all.some((g) => g.id === id)));
  });

  test('no token is 401', async () => {
    assert.equal((await t.call({ method: 'GET', url, token: null })).statusCode, 401);
  });
});

describe('GET /s/v2/renovacao/jornadas/tipos', () => {
  const url = '/s/v2/renovacao/jornadas/tipos';

  test('lists the journey types from the reference list, which is data', async () => {
    const body = (await t.call({ method: 'GET', url })).json() as { codigo: string; descricao: string }[];
    assert.deepEqual(
      body.map((x) => x.codigo),
      ['RENOVACAO', 'REGULARIZACAO'],
    );
    assert.ok(body.every((x) => x.descricao.length > 5));
    await t.db
      .insertInto('lista_referencia')
      .values({ lista: 'tipo-jornada', codigo: 'ESPECIAL', descricao: 'Jornada especial', ordem: 9 })
      .execute();
    const after = (await t.call({ method: 'GET', url })).json() as { codigo: string }[];
    assert.equal(after.at(-1)?.codigo, 'ESPECIAL');
    const filtered = await t.call({ method: 'GET', url: '/s/v2/renovacao/jornadas?tipo=ESPECIAL', ies: mineIes });
    assert.equal(filtered.statusCode, 200, 'a new type is accepted as a filter');
  });

  test('no token is 401', async () => {
    assert.equal((await t.call({ method: 'GET', url, token: null })).statusCode, 401);
  });
});
