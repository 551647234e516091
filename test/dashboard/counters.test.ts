import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ABAS } from '../../src/db/schema.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { addEntry, type DashEntry, setSituacao } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

interface Totals {
  total: number;
  abas: { aba: string; total: number }[];
  situacoes: { situacao: string; motivo: string | null; total: number }[];
}

let t: TestContext;
let ie: TestIe;
let other: TestIe;
let current: TestJourney;
let older: TestJourney;
let otherJourney: TestJourney;
const entries: DashEntry[] = [];

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db, { nome: 'Alfa Faculdade' });
  other = await createIe(t.db, { nome: 'Beta Faculdade' });
  older = await createJourney(t.db, ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
  current = await createJourney(t.db, ie, { ano: 2026, semestre: 2, janelaFim: '2099-12-31' });
  otherJourney = await createJourney(t.db, other);
  for (let i = 0; i < 6; i++) entries.push(await addEntry(t.db, ie, current, { nome: `Aluno ${i}` }));
  await addEntry(t.db, ie, current, { nome: 'Sem Renovar', situacao: 'SEM_RENOVACAO', motivo: 'AFASTAMENTO' });
  await addEntry(t.db, ie, current, { nome: 'Assinar', situacao: 'AGUARDANDO_ASSINATURA' });
  await addEntry(t.db, ie, current, { nome: 'Cancelado', situacao: 'CANCELADO' });
  await addEntry(t.db, ie, older, { nome: 'Antigo', situacao: 'FINALIZADO' });
  await addEntry(t.db, other, otherJourney, { nome: 'Outro 1' });
  await addEntry(t.db, other, otherJourney, { nome: 'Outro 2', situacao: 'MANUTENCAO_VINCULO' });
});
after(() => t.close());

const get = (url: string, ies = [ie.ieId]) => t.call({ method: 'GET', url, ies });
const tabs = (totals: Totals) => Object.fromEntries(totals.abas.map((a) => [a.aba, a.total]));

describe('GET /s/v2/renovacao/dashboard/contadores', () => {
  test('counts per tab and per situação of the current journey', async () => {
    const response = await get('/s/v2/renovacao/dashboard/contadores');
    assert.equal(response.statusCode, 200);
    const body = response.json() as Totals & { jornadas: { id: number }[] };
    assert.deepEqual(tabs(body), {
      aptos: 6,
      'em-processamento': 1,
      finalizados: 0,
      'sem-renovacao': 1,
      'manutencao-vinculo': 0,
    });
    assert.equal(body.total, 8);
    assert.deepEqual(
      body.abas.map((a) => a.aba),
      [...ABAS],
    );
    assert.deepEqual(body.situacoes, [
      { situacao: 'AGUARDANDO_ASSINATURA', motivo: null, total: 1 },
      { situacao: 'APTO', motivo: null, total: 6 },
      { situacao: 'CANCELADO', motivo: null, total: 1 },
      { situacao: 'SEM_RENOVACAO', motivo: 'AFASTAMENTO', total: 1 },
    ]);
    assert.deepEqual(
      body.jornadas.map((j) => j.id),
      [current.jornadaId],
    );
  });

  test('another period; another IE’s journey or IE is 404; bad input 400; no token 401', async () => {
    const old = (await get(`/s/v2/renovacao/dashboard/contadores?ano=2026&semestre=1`)).json() as Totals;
    assert.deepEqual([tabs(old).finalizados, old.total], [1, 1]);
    assert.equal(
      (await get(`/s/v2/renovacao/dashboard/contadores?journeyId=${otherJourney.jornadaId}`)).statusCode,
      404,
    );
    assert.equal((await get(`/s/v2/renovacao/dashboard/contadores?ieId=${other.ieId}`)).statusCode, 404);
    assert.equal((await get('/s/v2/renovacao/dashboard/contadores?semestre=3')).statusCode, 400);
    assert.equal((await get('/s/v2/renovacao/dashboard/contadores?aba=aptos')).statusCode, 400);
    assert.equal(
      (await t.call({ method: 'GET', url: '/s/v2/renovacao/dashboard/contadores', token: null })).statusCode,
      401,
    );
  });

  test('stay consistent with the lists after situações change directly in the database', async () => {
    const [a, b, c, d] = entries as [DashEntry, DashEntry, DashEntry, DashEntry];
    await setSituacao(t.db, a.brbId, 'FINALIZADO');
    await setSituacao(t.db, b.brbId, 'SEM_RENOVACAO', 'EVASAO');
    await setSituacao(t.db, c.brbId, 'MANUTENCAO_VINCULO');
    await t.db.updateTable('entrada_jornada').set({ situacao: 'EM_PROCESSAMENTO' }).where('id', '=', d.brbId).execute();
    await t.db
      .deleteFrom('processo')
      .where('entrada_id', '=', entries[4]?.brbId as number)
      .execute();
    await t.db
      .deleteFrom('entrada_jornada')
      .where('id', '=', entries[4]?.brbId as number)
      .execute();
    const counted = tabs((await get('/s/v2/renovacao/dashboard/contadores')).json() as Totals);
    assert.deepEqual(counted, {
      aptos: 1,
      'em-processamento': 2,
      finalizados: 1,
      'sem-renovacao': 2,
      'manutencao-vinculo': 1,
    });
    for (const aba of ABAS) {
      const url = aba === 'manutencao-vinculo' ? '/s/v2/manutencao-vinculo/estudantes' : `/s/v2/renovacao/${aba}`;
      // A filter that matches every row forces count(*) instead of the counters: both must agree.
      const page = (await get(`${url}?tamanho=100&busca=a`)).json() as { itens: unknown[]; total: number };
      const plain = (await get(`${url}?tamanho=100`)).json() as { itens: unknown[]; total: number };
      assert.equal(plain.itens.length, counted[aba], aba);
      assert.equal(plain.total, counted[aba], aba);
      assert.equal(page.total, page.itens.length, aba);
    }
  });
});

describe('GET /s/v3/renovacao/carousel', () => {
  test('a card per tab, the window and highlights', async () => {
    const response = await get('/s/v3/renovacao/carousel');
    assert.equal(response.statusCode, 200);
    const body = response.json() as {
      cartoes: { aba: string; titulo: string; total: number }[];
      total: number;
      jornadas: { id: number; janelaFim: string; diasRestantes: number }[];
      destaques: { janelaFim: string; diasRestantes: number; pendentesAssinatura: number; aptosSemAcao: number };
    };
    assert.deepEqual(
      body.cartoes.map((c) => c.aba),
      [...ABAS],
    );
    assert.equal(body.cartoes[0]?.titulo, 'Aptos');
    assert.equal(
      body.total,
      body.cartoes.reduce((n, c) => n + c.total, 0),
    );
    assert.equal(body.destaques.janelaFim, '2099-12-31');
    assert.ok(body.destaques.diasRestantes > 20_000);
    assert.equal(body.destaques.pendentesAssinatura, 1);
    assert.equal(body.jornadas[0]?.id, current.jornadaId);
    const closed = (await get(`/s/v3/renovacao/carousel?journeyId=${older.jornadaId}`)).json() as typeof body;
    assert.deepEqual([closed.destaques.janelaFim, closed.destaques.diasRestantes], [null, null]);
    assert.equal((await get(`/s/v3/renovacao/carousel?journeyId=${otherJourney.jornadaId}`)).statusCode, 404);
    assert.equal((await get('/s/v3/renovacao/carousel?pagina=1')).statusCode, 400);
    assert.equal((await t.call({ method: 'GET', url: '/s/v3/renovacao/carousel', token: null })).statusCode, 401);
  });
});

describe('POST /s/dashboard and /s/dashboard/detalhes', () => {
  const both = () => [ie.ieId, other.ieId];

  test('cells for every IE of the caller, and per IE when asked', async () => {
    const response = await t.call({ method: 'POST', url: '/s/dashboard', ies: both(), payload: { porIe: true } });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as Totals & { ies: (Totals & { ieId: number; nome: string })[] };
    const perIe = body.ies.map((i) => [i.nome, i.total]);
    assert.deepEqual(perIe, [
      ['Alfa Faculdade', body.ies[0]?.total],
      ['Beta Faculdade', 2],
    ]);
    assert.equal(
      body.total,
      body.ies.reduce((n, i) => n + i.total, 0),
    );
    assert.equal(tabs(body)['manutencao-vinculo'], (tabs(body.ies[0] as Totals)['manutencao-vinculo'] ?? 0) + 1);
    const plain = (await t.call({ method: 'POST', url: '/s/dashboard', ies: both() })).json() as Record<
      string,
      unknown
    >;
    assert.equal(plain.ies, undefined);
    const one = (
      await t.call({ method: 'POST', url: '/s/dashboard', ies: both(), payload: { ieId: other.ieId } })
    ).json() as Totals;
    assert.equal(one.total, 2);
  });

  test('details: a line per IE and journey, and totals', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/s/dashboard/detalhes',
      ies: both(),
      payload: { ano: 2026, semestre: 2 },
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as {
      linhas: (Totals & { ieNome: string; jornada: { id: number } })[];
      totais: Totals;
    };
    assert.deepEqual(
      body.linhas.map((l) => [l.ieNome, l.jornada.id]),
      [
        ['Alfa Faculdade', current.jornadaId],
        ['Beta Faculdade', otherJourney.jornadaId],
      ],
    );
    assert.equal(
      body.totais.total,
      body.linhas.reduce((n, l) => n + l.total, 0),
    );
  });

  test('errors: unknown field 400, another IE 404, no token 401', async () => {
    for (const url of ['/s/dashboard', '/s/dashboard/detalhes']) {
      const bad = await t.call({ method: 'POST', url, payload: { porIes: true } });
      assert.equal(bad.statusCode, 400);
      assert.equal(problemOf(bad).errors?.[0]?.pointer, '/body/porIes');
      assert.equal((await t.call({ method: 'POST', url, payload: { ieId: other.ieId } })).statusCode, 404);
      assert.equal((await t.call({ method: 'POST', url, token: null })).statusCode, 401);
    }
  });
});
