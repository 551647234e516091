import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { maskCpf } from '../../src/lib/cpf.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { addAddendum, addCourse, addEntry, type DashEntry } from '../helpers/dashboard-factories.js';
import { createContract, createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

interface Suggestion {
  brbId: number;
  nomeEstudante: string;
  campo: string;
  relevancia: string;
  aba: string;
}

let t: TestContext;
let ie: TestIe;
let ie2: TestIe;
let other: TestIe;
let current: TestJourney;
let otherJourney: TestJourney;
const e: Record<string, DashEntry> = {};

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  ie2 = await addCourse(t.db, ie, { nome: 'Medicina', turnoCodigo: 'INTEGRAL' });
  other = await createIe(t.db);
  await createJourney(t.db, ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
  current = await createJourney(t.db, ie, { ano: 2026, semestre: 2 });
  otherJourney = await createJourney(t.db, other);
  const names: [string, string, Parameters<typeof addEntry>[3]?][] = [
    ['mar', 'Mar'],
    ['marcos', 'Marcos Lima', { tags: ['bolsista'] }],
    ['ana', 'Ana Maria', { situacao: 'MANUTENCAO_VINCULO' }],
    ['omar', 'Omar Júnior'],
    ['joao', 'João Pereira', { situacao: 'AGUARDANDO_ASSINATURA', tags: ['urgente', 'bolsista'] }],
  ];
  for (const [key, nome, options] of names) e[key] = await addEntry(t.db, ie, current, { nome, ...options });
  e.ximena = await addEntry(t.db, ie2, current, { nome: 'Ximena Duarte', situacao: 'AGUARDANDO_ASSINATURA' });
  e.outro = await addEntry(t.db, other, otherJourney, { nome: 'Marta Outra' });
  e.outroAssinar = await addEntry(t.db, other, otherJourney, { nome: 'Zé Outro', situacao: 'AGUARDANDO_ASSINATURA' });
  await addAddendum(t.db, ie, e.joao, '1500.25');
});
after(() => t.close());

const get = (url: string, ies = [ie.ieId]) => t.call({ method: 'GET', url, ies });
const suggest = async (url: string) => {
  const response = await get(url);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Suggestion[];
};

describe('autocomplete', () => {
  test('by relevance: exact > prefix > word prefix > contains, accents and case ignored', async () => {
    const found = await suggest('/s/v2/renovacao/autocomplete?termo=MAR');
    assert.deepEqual(
      found.map((s) => [s.nomeEstudante, s.relevancia]),
      [
        ['Mar', 'exata'],
        ['Marcos Lima', 'prefixo'],
        ['Ana Maria', 'inicio-palavra'],
        ['Omar Júnior', 'contem'],
      ],
    );
    assert.deepEqual(
      (await suggest('/s/v2/renovacao/autocomplete?termo=jo%C3%A3o')).map((s) => s.nomeEstudante),
      ['João Pereira'],
    );
    assert.deepEqual(
      (await suggest('/s/v2/renovacao/autocomplete?termo=joao')).map((s) => s.nomeEstudante),
      ['João Pereira'],
    );
    assert.equal((await suggest('/s/v2/renovacao/autocomplete?termo=mar&limite=2')).length, 2);
  });

  test('by CPF with or without mask (whole or beginning) and by matrícula', async () => {
    const cpf = e.omar?.cpf as string;
    const whole = await suggest(`/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(maskCpf(cpf))}`);
    assert.deepEqual(
      whole.map((s) => [s.nomeEstudante, s.campo, s.relevancia]),
      [['Omar Júnior', 'cpf', 'exata']],
    );
    const start = await suggest(`/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(maskCpf(cpf).slice(0, 7))}`);
    assert.ok(start.some((s) => s.nomeEstudante === 'Omar Júnior' && s.relevancia === 'prefixo'));
    const matricula = await suggest(`/s/v2/renovacao/autocomplete?termo=${e.ana?.matricula}`);
    assert.deepEqual(
      matricula.map((s) => [s.nomeEstudante, s.campo, s.relevancia]),
      [['Ana Maria', 'matricula', 'exata']],
    );
  });

  test('never suggests another IE’s entries', async () => {
    const found = await suggest('/s/v2/renovacao/autocomplete?termo=marta');
    assert.deepEqual(found, []);
  });

  for (const url of [
    '/s/v2/renovacao/manutencao-vinculo/estudantes/autocomplete',
    '/s/v2/manutencao-vinculo/estudantes/autocomplete',
  ]) {
    test(`GET ${url} suggests bond-maintenance entries only`, async () => {
      const found = await suggest(`${url}?termo=mar`);
      assert.deepEqual(
        found.map((s) => [s.nomeEstudante, s.aba]),
        [['Ana Maria', 'manutencao-vinculo']],
      );
      assert.equal((await get(`${url}?termo=mar&aba=aptos`)).statusCode, 400);
    });
  }

  test('bad input 400, another IE 404, no token 401', async () => {
    for (const url of [
      '/s/v2/renovacao/autocomplete?termo=ma',
      '/s/v2/renovacao/autocomplete',
      '/s/v2/renovacao/autocomplete?termo=mar&limite=11',
      '/s/v2/renovacao/autocomplete?termo=%20%20a%20',
      '/s/v2/renovacao/autocomplete?termo=mar&aba=nenhuma',
    ]) {
      const response = await get(url);
      assert.equal(response.statusCode, 400, url);
      assert.ok(problemOf(response).errors?.length, url);
    }
    assert.equal((await get(`/s/v2/renovacao/autocomplete?termo=mar&ieId=${other.ieId}`)).statusCode, 404);
    assert.equal(
      (await get(`/s/v2/renovacao/autocomplete?termo=mar&journeyId=${otherJourney.jornadaId}`)).statusCode,
      404,
    );
    assert.equal(
      (await t.call({ method: 'GET', url: '/s/v2/renovacao/autocomplete?termo=mar', token: null })).statusCode,
      401,
    );
  });
});

describe('pending signature', () => {
  test('lists AGUARDANDO_ASSINATURA entries with their addendum', async () => {
    const response = await get('/s/v3/estudantes/pendentes-assinatura');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as {
      itens: { nomeEstudante: string; situacao: string; aditivo: { valor: number } | null }[];
      total: number;
    };
    assert.deepEqual(
      body.itens.map((i) => [i.nomeEstudante, i.situacao, i.aditivo?.valor ?? null]),
      [
        // A number, as money is everywhere (issue 12, case 11: it was the string '1500.25' here).
        ['João Pereira', 'AGUARDANDO_ASSINATURA', 1500.25],
        ['Ximena Duarte', 'AGUARDANDO_ASSINATURA', null],
      ],
    );
    assert.equal(body.total, 2);
    const filtered = (await get(`/s/v3/estudantes/pendentes-assinatura?cursoId=${ie2.cursoId}`)).json() as typeof body;
    assert.deepEqual(
      filtered.itens.map((i) => i.nomeEstudante),
      ['Ximena Duarte'],
    );
  });

  test('the /api path is for the API role; errors', async () => {
    const api = await t.call({
      method: 'GET',
      url: '/api/v3/estudantes/pendentes-assinatura',
      ies: [other.ieId],
      role: 'API',
    });
    assert.equal(api.statusCode, 200, api.body);
    assert.deepEqual(
      (api.json() as { itens: { nomeEstudante: string }[] }).itens.map((i) => i.nomeEstudante),
      ['Zé Outro'],
    );
    assert.equal((await get('/api/v3/estudantes/pendentes-assinatura')).statusCode, 403);
    assert.equal((await get('/s/v3/estudantes/pendentes-assinatura?situacao=APTO')).statusCode, 400);
    assert.equal((await get(`/s/v3/estudantes/pendentes-assinatura?ieId=${other.ieId}`)).statusCode, 404);
    assert.equal(
      (await t.call({ method: 'GET', url: '/s/v3/estudantes/pendentes-assinatura', token: null })).statusCode,
      401,
    );
  });
});

describe('GET /s/v2/renovacao/tags', () => {
  test('tags of the given brbIds, or of the filtered entries', async () => {
    const given = await get(`/s/v2/renovacao/tags?brbIds=${e.joao?.brbId}&brbIds=${e.mar?.brbId}`);
    assert.equal(given.statusCode, 200, given.body);
    assert.deepEqual((given.json() as { itens: unknown[] }).itens, [
      { brbId: e.joao?.brbId, tags: ['urgente', 'bolsista'] },
      { brbId: e.mar?.brbId, tags: [] },
    ]);
    const filtered = (await get('/s/v2/renovacao/tags?tag=bolsista')).json() as { itens: unknown[]; total: number };
    assert.deepEqual(filtered.itens, [
      { brbId: e.joao?.brbId, tags: ['urgente', 'bolsista'] },
      { brbId: e.marcos?.brbId, tags: ['bolsista'] },
    ]);
    assert.equal(filtered.total, 2);
  });

  test('another IE’s brbId is 404; bad input 400; no token 401', async () => {
    assert.equal((await get(`/s/v2/renovacao/tags?brbIds=${e.outro?.brbId}`)).statusCode, 404);
    assert.equal((await get('/s/v2/renovacao/tags?brbIds=abc')).statusCode, 400);
    assert.equal((await get('/s/v2/renovacao/tags?tamanho=101')).statusCode, 400);
    assert.equal((await t.call({ method: 'GET', url: '/s/v2/renovacao/tags', token: null })).statusCode, 401);
  });
});

describe('filters', () => {
  interface Filters {
    ies: { id: number }[];
    jornadas: { id: number; ano: number; semestre: number }[];
    jornadasAtuais: number[];
    periodos: { ano: number; semestre: number }[];
    cursos: { id: number; nome: string }[];
    campi: { id: number }[];
    turnos: { id: number; nome: string }[];
    tags: string[];
    situacoes: { situacao: string; total: number }[];
    motivos: unknown[];
  }

  test('GET /s/v2/renovacao/filtros and POST /s/dashboard/filtros-bolsas: the values present in the caller’s data', async () => {
    const response = await get('/s/v2/renovacao/filtros');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as Filters;
    assert.deepEqual(
      body.ies.map((i) => i.id),
      [ie.ieId],
    );
    assert.equal(body.jornadas.length, 2);
    assert.deepEqual(body.jornadasAtuais, [current.jornadaId]);
    assert.deepEqual(body.periodos, [
      { ano: 2026, semestre: 2 },
      { ano: 2026, semestre: 1 },
    ]);
    assert.deepEqual(body.cursos.map((c) => c.id).sort(), [ie.cursoId, ie2.cursoId].sort());
    assert.deepEqual(body.campi.map((c) => c.id).sort(), [ie.campusId, ie2.campusId].sort());
    assert.deepEqual(body.turnos.map((c) => c.nome).sort(), ['INTEGRAL', 'Noturno']);
    assert.deepEqual(body.tags, ['bolsista', 'urgente']);
    assert.deepEqual(body.situacoes, [
      { situacao: 'APTO', total: 3 },
      { situacao: 'AGUARDANDO_ASSINATURA', total: 2 },
      { situacao: 'MANUTENCAO_VINCULO', total: 1 },
    ]);
    assert.deepEqual(body.motivos, []);
    const posted = await t.call({ method: 'POST', url: '/s/dashboard/filtros-bolsas', ies: [ie.ieId], payload: {} });
    assert.deepEqual(posted.json(), body);
    const old = (await get('/s/v2/renovacao/filtros?ano=2026&semestre=1')).json() as Filters;
    assert.deepEqual([old.cursos, old.tags, old.situacoes], [[], [], []]);
  });

  test('errors: another IE 404, unknown field 400, no token 401', async () => {
    assert.equal((await get(`/s/v2/renovacao/filtros?ieId=${other.ieId}`)).statusCode, 404);
    assert.equal(
      (
        await t.call({
          method: 'POST',
          url: '/s/dashboard/filtros-bolsas',
          payload: { journeyId: otherJourney.jornadaId },
        })
      ).statusCode,
      404,
    );
    assert.equal((await get('/s/v2/renovacao/filtros?cursoId=1')).statusCode, 400);
    assert.equal(
      (await t.call({ method: 'POST', url: '/s/dashboard/filtros-bolsas', payload: { x: 1 } })).statusCode,
      400,
    );
    assert.equal((await t.call({ method: 'GET', url: '/s/v2/renovacao/filtros', token: null })).statusCode, 401);
  });
});

describe('GET /s/v1/insere-jornada', () => {
  test('active contracts of the IE with no entry in the journey', async () => {
    const fresh = await createContract(t.db, ie, { nome: 'Novo Aluno' });
    const cancelled = await createContract(t.db, ie, { nome: 'Contrato Cancelado' });
    await t.db.updateTable('contrato').set({ status: 'CANCELADO' }).where('id', '=', cancelled.contratoId).execute();
    const closedBolsa = await createContract(t.db, ie, { nome: 'Bolsa Encerrada' });
    await t.db.updateTable('bolsa').set({ status: 'ENCERRADA' }).where('id', '=', closedBolsa.bolsaId).execute();
    await createContract(t.db, other, { nome: 'Novo Outro' });
    const response = await get(`/s/v1/insere-jornada?journeyId=${current.jornadaId}`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { itens: { contratoId: number; nomeEstudante: string }[]; total: number };
    assert.deepEqual(
      body.itens.map((i) => [i.contratoId, i.nomeEstudante]),
      [[fresh.contratoId, 'Novo Aluno']],
    );
    assert.equal(body.total, 1);
    const searched = (
      await get(`/s/v1/insere-jornada?journeyId=${current.jornadaId}&busca=joao`)
    ).json() as typeof body;
    assert.equal(searched.total, 0);
  });

  test('errors: journeyId required, another IE’s journey 404, no token 401', async () => {
    assert.equal((await get('/s/v1/insere-jornada')).statusCode, 400);
    assert.equal((await get(`/s/v1/insere-jornada?journeyId=${current.jornadaId}&tamanho=101`)).statusCode, 400);
    assert.equal((await get(`/s/v1/insere-jornada?journeyId=${otherJourney.jornadaId}`)).statusCode, 404);
    assert.equal(
      (await t.call({ method: 'GET', url: `/s/v1/insere-jornada?journeyId=${current.jornadaId}`, token: null }))
        .statusCode,
      401,
    );
  });
});
