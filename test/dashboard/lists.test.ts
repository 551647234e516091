import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localize } from '../../src/http/errors.js';
import { maskCpf } from '../../src/lib/cpf.js';
import {
  IdNomeSchema,
  ListItemSchema,
  ListPageSchema,
  TagsItemSchema,
  TagsPageSchema,
} from '../../src/modules/dashboard/dashboard.schemas.js';
import { toListItem, toPage } from '../../src/modules/dashboard/mappers.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { addCourse, addEntry, type DashEntry } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

interface Item {
  brbId: number;
  nomeEstudante: string;
  cpf: string;
  matricula: string;
  situacao: string;
  motivo: string | null;
  aba: string | null;
  tags: string[];
  curso: { id: number; nome: string };
  campus: { id: number; nome: string };
  turno: { id: number; nome: string };
  jornadaId: number;
  processoId: number | null;
  ieId: number;
  ano: number;
  semestre: number;
}
interface ListPage {
  itens: Item[];
  pagina: number;
  tamanho: number;
  total: number;
  totalPaginas: number;
}

let t: TestContext;
let ie: TestIe;
let ie2: TestIe; // same IE, second course on another campus and shift
let other: TestIe;
let current: TestJourney;
let previous: TestJourney;
let otherJourney: TestJourney;
const e: Record<string, DashEntry> = {};

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  ie2 = await addCourse(t.db, ie, { nome: 'Direito', turnoCodigo: 'MATUTINO' });
  other = await createIe(t.db);
  previous = await createJourney(t.db, ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
  current = await createJourney(t.db, ie, { ano: 2026, semestre: 2 });
  otherJourney = await createJourney(t.db, other);
  const add = async (key: string, nome: string, options: Parameters<typeof addEntry>[3] = {}, at = ie) => {
    e[key] = await addEntry(t.db, at, current, { nome, ...options });
  };
  await add('joao', 'João da Silva', { tags: ['bolsista', 'prioridade'] });
  await add('maria', 'Maria Souza', {}, ie2);
  await add('zeca', 'Zeca Primeiro');
  await add('zilda', 'Zilda Segunda', { tags: ['prioridade'] });
  await add('zoe', 'Zoé Terceira');
  await add('ana', 'Ana Lima', { situacao: 'EM_PROCESSAMENTO' });
  await add('bruno', 'Bruno Costa', { situacao: 'AGUARDANDO_ASSINATURA' });
  await add('carla', 'Carla Dias', { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' });
  await add('diego', 'Diego Alves', { situacao: 'SEM_RENOVACAO', motivo: 'EVASAO' });
  await add('eva', 'Eva Rocha', { situacao: 'MANUTENCAO_VINCULO' });
  await add('fabio', 'Fábio Nunes', { situacao: 'FINALIZADO' });
  await add('gil', 'Gil Cancelado', { situacao: 'CANCELADO' });
  e.olga = await addEntry(t.db, ie, previous, { nome: 'Olga Antiga' });
  e.outro = await addEntry(t.db, other, otherJourney, { nome: 'João Outro' });
  e.outraEva = await addEntry(t.db, other, otherJourney, { nome: 'Eva Outra', situacao: 'MANUTENCAO_VINCULO' });
});
after(() => t.close());

const get = async (url: string, ies = [ie.ieId]) => t.call({ method: 'GET', url, ies });
const list = async (url: string, ies = [ie.ieId]) => {
  const response = await get(url, ies);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as ListPage;
};
const names = (page: ListPage) => page.itens.map((i) => i.nomeEstudante);

describe('tab lists', () => {
  test('aptos: the current journey’s APTO entries by name, with every field', async () => {
    const page = await list('/s/v2/renovacao/aptos');
    assert.deepEqual(names(page), ['João da Silva', 'Maria Souza', 'Zeca Primeiro', 'Zilda Segunda', 'Zoé Terceira']);
    assert.deepEqual([page.pagina, page.tamanho, page.total, page.totalPaginas], [1, 20, 5, 1]);
    const maria = page.itens[1] as Item;
    assert.equal(maria.brbId, e.maria?.brbId);
    assert.equal(maria.processoId, e.maria?.processoId);
    assert.equal(maria.cpf, e.maria?.cpf);
    assert.equal(maria.matricula, e.maria?.matricula);
    assert.deepEqual(maria.curso, { id: ie2.cursoId, nome: 'Direito' });
    assert.equal(maria.campus.id, ie2.campusId);
    assert.deepEqual(maria.turno, { id: ie2.turnoId, nome: 'MATUTINO' });
    assert.deepEqual([maria.situacao, maria.motivo, maria.aba], ['APTO', null, 'aptos']);
    assert.deepEqual([maria.jornadaId, maria.ieId, maria.ano, maria.semestre], [current.jornadaId, ie.ieId, 2026, 2]);
    assert.deepEqual(page.itens[0]?.tags, ['bolsista', 'prioridade']);
  });

  test('each static tab path answers its tab', async () => {
    assert.deepEqual(names(await list('/s/v2/renovacao/em-processamento')), ['Ana Lima', 'Bruno Costa']);
    assert.deepEqual(names(await list('/s/v2/renovacao/finalizados')), ['Fábio Nunes']);
    const sem = await list('/s/v2/renovacao/sem-renovacao');
    assert.deepEqual(names(sem), ['Carla Dias', 'Diego Alves']);
    assert.deepEqual(
      sem.itens.map((i) => i.motivo),
      ['TRANCAMENTO', 'EVASAO'],
    );
  });

  test('an unknown tab is 400 listing the tabs', async () => {
    const response = await get('/s/v2/renovacao/xyz');
    assert.equal(response.statusCode, 400);
    const problem = problemOf(response);
    assert.equal(problem.errors?.[0]?.pointer, '/params/renewalTabEnum');
    assert.match(problem.detail, /aptos, em-processamento, finalizados, sem-renovacao, manutencao-vinculo/);
  });

  test('paging: pages, totals and the last short page', async () => {
    const first = await list('/s/v2/renovacao/aptos?tamanho=2');
    assert.deepEqual(names(first), ['João da Silva', 'Maria Souza']);
    assert.deepEqual([first.total, first.totalPaginas], [5, 3]);
    const last = await list('/s/v2/renovacao/aptos?tamanho=2&pagina=3');
    assert.deepEqual(names(last), ['Zoé Terceira']);
    assert.equal(last.total, 5);
    const beyond = await list('/s/v2/renovacao/aptos?tamanho=2&pagina=9');
    assert.deepEqual([beyond.itens.length, beyond.total], [0, 5]);
    const filtered = await list(`/s/v2/renovacao/aptos?tamanho=1&pagina=2&tag=prioridade`);
    assert.deepEqual(names(filtered), ['Zilda Segunda']);
    assert.deepEqual([filtered.total, filtered.totalPaginas], [2, 2]);
  });

  test('sorting by each visible column, both directions', async () => {
    const desc = await list('/s/v2/renovacao/aptos?ordem=desc');
    assert.deepEqual(names(desc), ['Zoé Terceira', 'Zilda Segunda', 'Zeca Primeiro', 'Maria Souza', 'João da Silva']);
    const byCpf = await list('/s/v2/renovacao/aptos?ordenarPor=cpf');
    const cpfs = byCpf.itens.map((i) => i.cpf);
    assert.deepEqual(cpfs, [...cpfs].sort());
    const byCourse = await list('/s/v2/renovacao/aptos?ordenarPor=curso&ordem=desc');
    assert.equal(byCourse.itens[0]?.nomeEstudante, 'Maria Souza'); // Direito after Administração
    const bySituation = await list('/s/v3/renovacao/journey?ordenarPor=situacao');
    const situacoes = bySituation.itens.map((i) => i.situacao);
    assert.deepEqual(situacoes, [...situacoes].sort());
    const byUpdate = await list('/s/v2/renovacao/aptos?ordenarPor=atualizadoEm&ordem=desc');
    assert.equal(byUpdate.itens[0]?.nomeEstudante, 'Zoé Terceira');
    const byMatricula = await list('/s/v2/renovacao/aptos?ordenarPor=matricula');
    const matriculas = byMatricula.itens.map((i) => i.matricula);
    assert.deepEqual(matriculas, [...matriculas].sort());
  });

  test('each filter narrows the list', async () => {
    assert.deepEqual(names(await list(`/s/v2/renovacao/aptos?cursoId=${ie2.cursoId}`)), ['Maria Souza']);
    assert.deepEqual(names(await list(`/s/v2/renovacao/aptos?campusId=${ie2.campusId}`)), ['Maria Souza']);
    assert.deepEqual(names(await list(`/s/v2/renovacao/aptos?turnoId=${ie2.turnoId}`)), ['Maria Souza']);
    assert.equal((await list(`/s/v2/renovacao/aptos?cursoId=${ie.cursoId}`)).total, 4);
    assert.deepEqual(names(await list('/s/v2/renovacao/aptos?tag=bolsista')), ['João da Silva']);
    assert.deepEqual(names(await list('/s/v2/renovacao/em-processamento?situacao=AGUARDANDO_ASSINATURA')), [
      'Bruno Costa',
    ]);
    assert.deepEqual(names(await list('/s/v2/renovacao/sem-renovacao?motivo=EVASAO')), ['Diego Alves']);
  });

  test('busca: accent- and case-insensitive name, CPF with or without mask, matrícula', async () => {
    assert.deepEqual(names(await list('/s/v2/renovacao/aptos?busca=joao')), ['João da Silva']);
    assert.deepEqual(names(await list('/s/v2/renovacao/aptos?busca=ZOE')), ['Zoé Terceira']);
    assert.deepEqual(names(await list('/s/v2/renovacao/aptos?busca=silva')), ['João da Silva']);
    const cpf = e.zeca?.cpf as string;
    assert.deepEqual(names(await list(`/s/v2/renovacao/aptos?busca=${encodeURIComponent(maskCpf(cpf))}`)), [
      'Zeca Primeiro',
    ]);
    assert.deepEqual(names(await list(`/s/v2/renovacao/aptos?busca=${cpf}`)), ['Zeca Primeiro']);
    assert.ok(names(await list(`/s/v2/renovacao/aptos?busca=${cpf.slice(0, 9)}`)).includes('Zeca Primeiro'));
    assert.deepEqual(names(await list(`/s/v2/renovacao/aptos?busca=${e.zilda?.matricula}`)), ['Zilda Segunda']);
    assert.deepEqual(names(await list('/s/v2/renovacao/aptos?busca=nobody')), []);
  });

  test('bad input is 400', async () => {
    const cases: [string, string][] = [
      ['/s/v2/renovacao/aptos?tamanho=101', '/querystring/tamanho'],
      ['/s/v2/renovacao/aptos?pagina=0', '/querystring/pagina'],
      ['/s/v2/renovacao/aptos?foo=1', '/querystring/foo'],
      ['/s/v2/renovacao/aptos?situacao=QUASE', '/querystring/situacao'],
      ['/s/v2/renovacao/aptos?situacao=FINALIZADO', '/querystring/situacao'],
      ['/s/v2/renovacao/aptos?motivo=EVASAO', '/querystring/motivo'],
      ['/s/v2/renovacao/aptos?ordenarPor=idade', '/querystring/ordenarPor'],
      ['/s/v2/renovacao/aptos?ano=2026', '/querystring/semestre'],
      ['/s/v3/renovacao/journey?aba=todas', '/querystring/aba'],
      ['/s/v2/renovacao/jornadas/listar', '/querystring/journeyId'],
    ];
    for (const [url, pointer] of cases) {
      const response = await get(url);
      assert.equal(response.statusCode, 400, url);
      assert.ok(
        problemOf(response).errors?.some((x) => x.pointer === pointer),
        `${url}: ${response.body}`,
      );
    }
  });

  test('without a token: 401', async () => {
    for (const url of ['/s/v2/renovacao/aptos', '/s/v3/renovacao/journey', '/s/v2/renovacao/xyz']) {
      assert.equal((await t.call({ method: 'GET', url, token: null })).statusCode, 401);
    }
  });
});

describe('journey lists', () => {
  test('/s/v3/renovacao/journey: every tab of the current journey; terminal entries only when asked', async () => {
    const page = await list('/s/v3/renovacao/journey');
    assert.equal(page.total, 11);
    assert.ok(!names(page).includes('Gil Cancelado'));
    assert.ok(!names(page).includes('Olga Antiga'));
    assert.deepEqual(names(await list('/s/v3/renovacao/journey?situacao=CANCELADO')), ['Gil Cancelado']);
    // A situação without a tab, alone and with the other filters (their count is not a counter cell).
    const sem = await list('/s/v3/renovacao/journey?situacao=SEM_RENOVACAO');
    assert.deepEqual([names(sem), sem.total], [['Carla Dias', 'Diego Alves'], 2]);
    const evasao = await list(`/s/v3/renovacao/journey?situacao=SEM_RENOVACAO&motivo=EVASAO&cursoId=${ie.cursoId}`);
    assert.deepEqual([names(evasao), evasao.total], [['Diego Alves'], 1]);
    const signing = await list(`/s/v3/renovacao/journey?situacao=AGUARDANDO_ASSINATURA&campusId=${ie.campusId}`);
    assert.deepEqual([names(signing), signing.total], [['Bruno Costa'], 1]);
    assert.deepEqual(names(await list('/s/v3/renovacao/journey?aba=manutencao-vinculo')), ['Eva Rocha']);
  });

  test('another period by journeyId or by ano+semestre', async () => {
    assert.deepEqual(names(await list(`/s/v3/renovacao/journey?journeyId=${previous.jornadaId}`)), ['Olga Antiga']);
    assert.deepEqual(names(await list('/s/v3/renovacao/journey?ano=2026&semestre=1')), ['Olga Antiga']);
    assert.deepEqual(names(await list('/s/v3/renovacao/journey?ano=2025&semestre=1')), []);
  });

  test('jornadas/listar lists the given journey; another IE’s journey or IE is 404', async () => {
    const page = await list(`/s/v2/renovacao/jornadas/listar?journeyId=${current.jornadaId}&aba=aptos&tamanho=3`);
    assert.deepEqual([page.itens.length, page.total], [3, 5]);
    assert.equal((await get(`/s/v2/renovacao/jornadas/listar?journeyId=${otherJourney.jornadaId}`)).statusCode, 404);
    assert.equal((await get('/s/v2/renovacao/jornadas/listar?journeyId=999999')).statusCode, 404);
    assert.equal((await get(`/s/v2/renovacao/aptos?journeyId=${otherJourney.jornadaId}`)).statusCode, 404);
    assert.equal((await get(`/s/v2/renovacao/aptos?ieId=${other.ieId}`)).statusCode, 404);
    assert.equal((await get(`/s/v2/renovacao/aptos?cursoId=${other.cursoId}`)).statusCode, 404);
    assert.equal((await get(`/s/v2/renovacao/aptos?campusId=${other.campusId}`)).statusCode, 404);
  });
});

describe('tenancy', () => {
  test('lists never show another IE’s rows', async () => {
    const mine = await list('/s/v3/renovacao/journey?tamanho=100');
    assert.ok(mine.itens.every((i) => i.ieId === ie.ieId));
    assert.ok(!names(await list('/s/v2/renovacao/aptos?busca=joao')).includes('João Outro'));
    const theirs = await list('/s/v3/renovacao/journey?tamanho=100', [other.ieId]);
    assert.deepEqual(names(theirs), ['Eva Outra', 'João Outro']);
    const both = await list('/s/v2/renovacao/aptos?busca=joao', [ie.ieId, other.ieId]);
    assert.deepEqual(names(both), ['João da Silva', 'João Outro']);
    const one = await list(`/s/v2/renovacao/aptos?busca=joao&ieId=${other.ieId}`, [ie.ieId, other.ieId]);
    assert.deepEqual(names(one), ['João Outro']);
  });

  test('a preferred group narrows the default scope to its IEs', async () => {
    const sub = 'user-with-preference';
    await t.db.insertInto('preferencia_usuario').values({ usuario: sub, grupo_ie_id: other.grupoIeId }).execute();
    const token = await t.token({ ies: [ie.ieId, other.ieId], sub });
    const response = await t.call({ method: 'GET', url: '/s/v2/renovacao/aptos?busca=joao', token });
    assert.deepEqual(names(response.json() as ListPage), ['João Outro']);
    const explicit = await t.call({
      method: 'GET',
      url: `/s/v2/renovacao/aptos?busca=joao&grupoIeId=${ie.grupoIeId}`,
      token,
    });
    assert.deepEqual(names(explicit.json() as ListPage), ['João da Silva']);
    const chosen = await t.call({ method: 'GET', url: `/s/v2/renovacao/aptos?journeyId=${current.jornadaId}`, token });
    assert.equal((chosen.json() as ListPage).total, 5, 'an explicit journeyId overrides the preferred group');
    const foreignGroup = await t.call({ method: 'GET', url: `/s/v2/renovacao/aptos?grupoIeId=${other.grupoIeId}` });
    assert.equal(foreignGroup.statusCode, 404);
  });
});

describe('bond maintenance', () => {
  for (const url of ['/s/v2/renovacao/manutencao-vinculo/estudantes', '/s/v2/manutencao-vinculo/estudantes']) {
    test(`GET ${url} lists MANUTENCAO_VINCULO entries`, async () => {
      assert.deepEqual(names(await list(url)), ['Eva Rocha']);
      assert.equal((await t.call({ method: 'GET', url, token: null })).statusCode, 401);
      assert.equal((await get(`${url}?tamanho=0`)).statusCode, 400);
    });
  }
  for (const url of ['/s/v2/renovacao/manutencao-vinculo', '/s/v2/manutencao-vinculo']) {
    test(`GET ${url} tells whether such entries exist`, async () => {
      assert.deepEqual((await get(url)).json(), { existe: true, total: 1 });
      assert.deepEqual((await get(`${url}?journeyId=${previous.jornadaId}`)).json(), { existe: false, total: 0 });
      assert.equal((await get(`${url}?journeyId=${otherJourney.jornadaId}`)).statusCode, 404);
      assert.equal((await get(`${url}?x=1`)).statusCode, 400);
      assert.equal((await t.call({ method: 'GET', url, token: null })).statusCode, 401);
    });
  }
});

describe('list bodies', () => {
  // The list routes skip the preSerialization walk that answers Texts (config.bodyTexts false):
  // what the mapper builds must hold none, so the walk would return it untouched.
  test('a mapped page holds no Text: localize returns the very same object', () => {
    const row = {
      id: 1,
      jornada_id: 2,
      ie_id: 3,
      contrato_id: 4,
      bolsa_id: 5,
      cpf: '11122233344',
      matricula: 'M1',
      situacao: 'APTO',
      motivo: null,
      aba: 'aptos',
      tags: ['pt', 'en'],
      updated_at: new Date(0),
      estudante_nome: 'pt',
      curso_id: 6,
      curso_nome: 'en',
      campus_id: 7,
      campus_nome: 'Centro',
      turno_id: 8,
      turno_nome: 'Noturno',
      ano: 2026,
      semestre: 2,
      processo_id: null,
    } as const;
    const page = toPage([toListItem({ ...row, tags: [...row.tags] })], 1, 20, 1);
    assert.equal(localize(page, 'en'), page);
    assert.equal(localize(page, 'pt-BR'), page);
  });

  // The list routes write their bodies with JSON.stringify, not the schema's serializer (which
  // drops fields the schema lacks): every page and item must hold exactly the schema's fields.
  test('every list route answers exactly the schema’s fields, each item and the page', async () => {
    const keys = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    for (const url of [
      '/s/v2/renovacao/aptos?tamanho=50',
      '/s/v2/renovacao/em-processamento',
      '/s/v2/renovacao/finalizados',
      '/s/v3/renovacao/journey?tamanho=50',
      `/s/v2/renovacao/jornadas/listar?journeyId=${current.jornadaId}`,
      '/s/v2/renovacao/manutencao-vinculo/estudantes',
    ]) {
      const page = await list(url);
      assert.deepEqual(Object.keys(page).sort(), keys(ListPageSchema), url);
      for (const item of page.itens) {
        assert.deepEqual(Object.keys(item).sort(), keys(ListItemSchema), url);
        for (const part of [item.curso, item.campus, item.turno])
          assert.deepEqual(Object.keys(part).sort(), keys(IdNomeSchema), url);
      }
    }
    assert.ok((await list('/s/v2/renovacao/aptos')).itens.length > 0);
    const brbId = e.maria?.brbId as number;
    for (const url of ['/s/v2/renovacao/tags?aba=aptos', `/s/v2/renovacao/tags?brbIds=${brbId}`]) {
      const page = (await get(url)).json() as { itens: object[] };
      assert.deepEqual(Object.keys(page).sort(), keys(TagsPageSchema), url);
      assert.ok(page.itens.length > 0, url);
      for (const item of page.itens) assert.deepEqual(Object.keys(item).sort(), keys(TagsItemSchema), url);
    }
  });

  test('a list answers the same bytes whatever the language asked', async () => {
    const url = '/s/v2/renovacao/aptos?tamanho=50';
    const pt = await t.call({ method: 'GET', url, ies: [ie.ieId], headers: { 'accept-language': 'pt-BR' } });
    const en = await t.call({ method: 'GET', url, ies: [ie.ieId], headers: { 'accept-language': 'en' } });
    assert.equal(pt.statusCode, 200, pt.body);
    assert.equal(en.body, pt.body);
  });
});
