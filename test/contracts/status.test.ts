import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestContract,
  type TestEntry,
  type TestIe,
  type TestJourney,
} from '../helpers/factories.js';
import { createAditivo, createEvento, createSolicitacao } from '../helpers/story-factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
let journey: TestJourney;
let contract: TestContract;
let entry: TestEntry;
let cancelled: TestEntry;
let theirs: TestEntry;

before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
  journey = await createJourney(t.db, mine, { ano: 2026, semestre: 2 });
  contract = await createContract(t.db, mine, { nome: 'Ana Souza', previsaoFormatura: '2027-12-31' });
  entry = await createEntry(t.db, mine, journey, contract, { situacao: 'AGUARDANDO_ASSINATURA', tags: ['prioridade'] });
  await createAditivo(t.db, mine, entry, contract.contratoId, {
    status: 'CANCELADO',
    valor: '1000.00',
    geradoEm: '2026-07-02T10:00:00Z',
  });
  await createAditivo(t.db, mine, entry, contract.contratoId, {
    status: 'GERADO',
    valor: '4321.50',
    geradoEm: '2026-07-10T12:30:00Z',
  });
  const c2 = await createContract(t.db, mine);
  cancelled = await createEntry(t.db, mine, journey, c2, { situacao: 'CANCELADO' });
  const otherJourney = await createJourney(t.db, other);
  theirs = await createEntry(t.db, other, otherJourney, await createContract(t.db, other));
});
after(() => t.close());

const BAD_IDS = ['abc', '0', '-3', '1.5'];

describe('GET contract status by brbId', () => {
  const paths = (id: number | string) => [
    `/s/v2/status-contrato/${id}/brb-id`,
    `/s/v2/renovacao/status-contrato/${id}/brb-id`,
  ];

  test('both paths answer the entry with its journey, contract, bolsa, latest addendum and student', async () => {
    for (const url of paths(entry.brbId)) {
      const response = await t.call({ method: 'GET', url, ies: [mine.ieId] });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.equal(body.brbId, entry.brbId);
      assert.equal(body.situacao, 'AGUARDANDO_ASSINATURA');
      assert.equal(body.motivo, null);
      assert.equal(body.aba, 'em-processamento');
      assert.equal(body.processoId, entry.processoId);
      assert.deepEqual(body.tags, ['prioridade']);
      assert.ok(!Number.isNaN(Date.parse(body.atualizadoEm)));
      assert.deepEqual(body.jornada, {
        id: journey.jornadaId,
        tipo: 'RENOVACAO',
        ano: 2026,
        semestre: 2,
        status: 'ABERTA',
        janelaInicio: '2026-07-01',
        janelaFim: '2026-12-31',
      });
      assert.equal(body.contrato.id, contract.contratoId);
      assert.equal(body.contrato.status, 'ATIVO');
      assert.equal(body.contrato.previsaoFormatura, '2027-12-31');
      assert.equal(body.contrato.semestresTrancados, 0);
      assert.equal(body.bolsa.id, contract.bolsaId);
      assert.equal(body.bolsa.matricula, contract.matricula);
      assert.equal(body.bolsa.situacaoMatricula, 'A');
      assert.equal(body.aditivo.status, 'GERADO');
      assert.equal(body.aditivo.valor, 4321.5);
      assert.equal(body.aditivo.geradoEm, '2026-07-10T12:30:00.000Z');
      assert.equal(body.aditivo.assinadoEm, null);
      assert.deepEqual(body.estudante, { nome: 'Ana Souza', cpf: contract.cpf });
      assert.equal(body.ie.id, mine.ieId);
      assert.equal(body.curso.id, mine.cursoId);
      assert.equal(body.campus.id, mine.campusId);
      assert.equal(body.turno.codigo, 'NOTURNO');
    }
  });

  test('a cancelled entry is still readable, with no tab and no addendum', async () => {
    const body = (await t.call({ method: 'GET', url: paths(cancelled.brbId)[0]!, ies: [mine.ieId] })).json();
    assert.equal(body.situacao, 'CANCELADO');
    assert.equal(body.aba, null);
    assert.equal(body.aditivo, null);
  });

  test("another IE's brbId and an unknown one are 404; operators see all", async () => {
    for (const url of [...paths(theirs.brbId), ...paths(9_999_999)]) {
      const response = await t.call({ method: 'GET', url, ies: [mine.ieId] });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, /brbId \d+ not found/);
    }
    const operator = await t.call({ method: 'GET', url: paths(theirs.brbId)[0]!, role: 'OPERADOR' });
    assert.equal(operator.statusCode, 200);
  });

  test('bad brbId is 400; no token is 401', async () => {
    for (const id of BAD_IDS) {
      for (const url of paths(id)) {
        const response = await t.call({ method: 'GET', url, ies: [mine.ieId] });
        assert.equal(response.statusCode, 400, url);
        assert.equal(problemOf(response).errors?.[0]?.pointer, '/params/brbId');
      }
    }
    assert.equal((await t.call({ method: 'GET', url: paths(entry.brbId)[1]!, token: null })).statusCode, 401);
  });
});

describe('GET /s/v2/renovacao/{brbId}/existe-andamento', () => {
  const url = (id: number | string) => `/s/v2/renovacao/${id}/existe-andamento`;
  const KINDS = [
    ['ENVIO_VALORES', 'envioValores'],
    ['TRANCAMENTO', 'trancamento'],
    ['AFASTAMENTO_EVASAO', 'afastamentoEvasao'],
    ['PREVISAO_FORMATURA', 'previsaoFormatura'],
    ['MANUTENCAO_VINCULO', 'manutencaoVinculo'],
    ['ASSINATURA_CONTRATO_ANTERIOR', 'assinaturaContratoAnterior'],
  ] as const;

  test('all six false when nothing is in progress', async () => {
    const fresh = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
    const response = await t.call({ method: 'GET', url: url(fresh.brbId), ies: [mine.ieId] });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), Object.fromEntries(KINDS.map(([, field]) => [field, false])));
  });

  for (const [tipo, field] of KINDS) {
    test(`${field} is true exactly when a ${tipo} request is EM_ANDAMENTO`, async () => {
      const fresh = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
      for (const status of ['CONCLUIDA', 'CANCELADA', 'RECUSADA'] as const) {
        await createSolicitacao(t.db, mine, fresh, { tipo, status });
      }
      await createSolicitacao(t.db, mine, fresh, { tipo: 'REVISAO_ANALISE' });
      const before = (await t.call({ method: 'GET', url: url(fresh.brbId), ies: [mine.ieId] })).json();
      assert.equal(before[field], false, 'concluded, cancelled and refused requests do not count');
      await createSolicitacao(t.db, mine, fresh, { tipo });
      const body = (await t.call({ method: 'GET', url: url(fresh.brbId), ies: [mine.ieId] })).json();
      assert.deepEqual(Object.keys(body).sort(), KINDS.map(([, f]) => f).sort());
      for (const [, f] of KINDS) assert.equal(body[f], f === field, f);
    });
  }

  test("another IE's brbId and an unknown one are 404; bad id 400; no token 401", async () => {
    for (const id of [theirs.brbId, 9_999_999]) {
      assert.equal((await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] })).statusCode, 404);
    }
    for (const id of BAD_IDS) {
      assert.equal((await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] })).statusCode, 400, id);
    }
    assert.equal((await t.call({ method: 'GET', url: url(entry.brbId), token: null })).statusCode, 401);
  });
});

describe('GET /s/v1/processo-solicitacao/{processId}/existe-andamento', () => {
  const url = (id: number | string) => `/s/v1/processo-solicitacao/${id}/existe-andamento`;

  test('lists the requests in progress, oldest first; concluded ones do not count', async () => {
    const fresh = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
    await createSolicitacao(t.db, mine, fresh, { tipo: 'ENVIO_VALORES', status: 'CONCLUIDA' });
    const none = (await t.call({ method: 'GET', url: url(fresh.processoId), ies: [mine.ieId] })).json();
    assert.deepEqual(none, { existeAndamento: false, solicitacoes: [] });

    const later = await createSolicitacao(t.db, mine, fresh, {
      tipo: 'TRANCAMENTO',
      createdAt: '2026-08-02T09:00:00Z',
    });
    const earlier = await createSolicitacao(t.db, mine, fresh, {
      tipo: 'PREVISAO_FORMATURA',
      createdAt: '2026-08-01T09:00:00Z',
    });
    const body = (await t.call({ method: 'GET', url: url(fresh.processoId), ies: [mine.ieId] })).json();
    assert.deepEqual(body, {
      existeAndamento: true,
      solicitacoes: [
        { id: earlier, tipo: 'PREVISAO_FORMATURA', criadaEm: '2026-08-01T09:00:00.000Z' },
        { id: later, tipo: 'TRANCAMENTO', criadaEm: '2026-08-02T09:00:00.000Z' },
      ],
    });
  });

  test("another IE's process and an unknown one are 404; bad id 400; no token 401", async () => {
    for (const id of [theirs.processoId, 9_999_999]) {
      const response = await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, /process \d+ not found/);
    }
    for (const id of BAD_IDS) {
      assert.equal((await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] })).statusCode, 400, id);
    }
    assert.equal((await t.call({ method: 'GET', url: url(entry.processoId), token: null })).statusCode, 401);
  });
});

describe('GET /s/v2/processos/{processId}/timeline', () => {
  const url = (id: number | string) => `/s/v2/processos/${id}/timeline`;

  test('events inserted out of order come back in time order, ties by id, with every field', async () => {
    const fresh = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
    const third = await createEvento(t.db, mine, fresh, {
      acao: 'ASSINATURA',
      situacaoAnterior: 'AGUARDANDO_ASSINATURA',
      situacaoNova: 'FINALIZADO',
      usuario: 'operador-1',
      createdAt: '2026-07-20T10:00:00Z',
    });
    const first = await createEvento(t.db, mine, fresh, {
      acao: 'ABERTURA',
      situacaoNova: 'APTO',
      usuario: 'sistema',
      createdAt: '2026-07-01T08:00:00Z',
    });
    const second = await createEvento(t.db, mine, fresh, {
      acao: 'ENVIO_VALORES',
      situacaoAnterior: 'APTO',
      situacaoNova: 'EM_PROCESSAMENTO',
      usuario: 'user-ie',
      usuarioNome: 'Maria IE',
      detalhes: { lote: 42 },
      createdAt: '2026-07-05T15:30:00Z',
    });
    const tie = await createEvento(t.db, mine, fresh, { acao: 'NOTA', createdAt: '2026-07-20T10:00:00Z' });
    // Another process's events never show up.
    await createEvento(t.db, mine, entry, { acao: 'OUTRO', createdAt: '2026-07-03T00:00:00Z' });

    const response = await t.call({ method: 'GET', url: url(fresh.processoId), ies: [mine.ieId] });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.processoId, fresh.processoId);
    assert.equal(body.brbId, fresh.brbId);
    assert.deepEqual(
      body.eventos.map((e: { id: number }) => e.id),
      [first, second, third, tie],
    );
    assert.deepEqual(body.eventos[1], {
      id: second,
      acao: 'ENVIO_VALORES',
      situacaoAnterior: 'APTO',
      motivoAnterior: null,
      situacaoNova: 'EM_PROCESSAMENTO',
      motivoNovo: null,
      usuario: 'user-ie',
      usuarioNome: 'Maria IE',
      detalhes: { lote: 42 },
      dataHora: '2026-07-05T15:30:00.000Z',
    });
  });

  test('a process without events answers an empty timeline', async () => {
    const fresh = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
    const body = (await t.call({ method: 'GET', url: url(fresh.processoId), ies: [mine.ieId] })).json();
    assert.deepEqual(body, { processoId: fresh.processoId, brbId: fresh.brbId, eventos: [] });
  });

  test("another IE's process and an unknown one are 404; bad id 400; no token 401", async () => {
    for (const id of [theirs.processoId, 9_999_999]) {
      assert.equal((await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] })).statusCode, 404);
    }
    for (const id of BAD_IDS) {
      assert.equal((await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] })).statusCode, 400, id);
    }
    assert.equal((await t.call({ method: 'GET', url: url(entry.processoId), token: null })).statusCode, 401);
  });
});
