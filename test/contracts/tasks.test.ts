import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestEntry,
  type TestIe,
  type TestJourney,
} from '../helpers/factories.js';
import { createSolicitacao, createTarefa } from '../helpers/story-factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
let journey: TestJourney;
let locked: TestEntry;
let withdrawn: TestEntry;
let theirs: TestEntry;
let lockRequest: number;
let withdrawalRequest: number;
let valuesRequest: number;
let theirRequest: number;

before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
  journey = await createJourney(t.db, mine);
  locked = await createEntry(t.db, mine, journey, await createContract(t.db, mine), {
    situacao: 'SEM_RENOVACAO',
    motivo: 'TRANCAMENTO',
  });
  withdrawn = await createEntry(t.db, mine, journey, await createContract(t.db, mine), {
    situacao: 'SEM_RENOVACAO',
    motivo: 'AFASTAMENTO',
  });
  lockRequest = await createSolicitacao(t.db, mine, locked, {
    tipo: 'TRANCAMENTO',
    motivoEspera: 'AGUARDANDO_DOCUMENTO_IE',
    dados: { tipo: 'D', situacaoMatricula: 'T', dataOcorrido: '2026-08-03', caminhoArquivo: 'docs/tranc.pdf' },
    criadaPor: 'user-ie',
    createdAt: '2026-08-04T10:00:00Z',
  });
  withdrawalRequest = await createSolicitacao(t.db, mine, withdrawn, {
    tipo: 'AFASTAMENTO_EVASAO',
    motivoEspera: 'EM_ANALISE_FUNDACAO',
    dados: { tipo: 'F', motivo: '1', situacaoMatricula: 'F', situacaoRestituicao: 'N', dataOcorrido: '2026-08-15' },
  });
  valuesRequest = await createSolicitacao(t.db, mine, locked, { tipo: 'ENVIO_VALORES' });
  const otherJourney = await createJourney(t.db, other);
  theirs = await createEntry(t.db, other, otherJourney, await createContract(t.db, other));
  theirRequest = await createSolicitacao(t.db, other, theirs, { tipo: 'TRANCAMENTO' });
});
after(() => t.close());

const BAD_IDS = ['abc', '0', '-3', '1.5'];

async function rejectsBadAndForeign(url: (id: number | string) => string, theirId: number, pointer: string) {
  for (const id of [theirId, 9_999_999]) {
    const response = await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] });
    assert.equal(response.statusCode, 404, `${url(id)}: ${response.body}`);
    assert.match(problemOf(response).detail, /not found/);
  }
  for (const id of BAD_IDS) {
    const response = await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] });
    assert.equal(response.statusCode, 400, url(id));
    assert.equal(problemOf(response).errors?.[0]?.pointer, pointer);
  }
  assert.equal((await t.call({ method: 'GET', url: url(1), token: null })).statusCode, 401);
  assert.equal((await t.call({ method: 'GET', url: url(theirId), role: 'OPERADOR' })).statusCode, 200);
}

describe('GET /s/v1/tarefas/situacao/{processId}', () => {
  const url = (id: number | string) => `/s/v1/tarefas/situacao/${id}`;

  test('lists only unfinished lock/withdrawal tasks of the process, oldest first', async () => {
    const entry = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
    const request = await createSolicitacao(t.db, mine, entry, { tipo: 'TRANCAMENTO' });
    const none = (await t.call({ method: 'GET', url: url(entry.processoId), ies: [mine.ieId] })).json();
    assert.deepEqual(none, {
      processoId: entry.processoId,
      brbId: entry.brbId,
      existeTarefaAberta: false,
      tarefas: [],
    });

    const later = await createTarefa(t.db, mine, entry, request, {
      status: 'EM_ANALISE',
      descricao: 'Analisar declaração',
      createdAt: '2026-08-06T00:00:00Z',
    });
    const earlier = await createTarefa(t.db, mine, entry, request, {
      tipo: 'AFASTAMENTO',
      descricao: 'Enviar comprovante',
      dados: { documento: 'atestado' },
      createdAt: '2026-08-05T00:00:00Z',
    });
    await createTarefa(t.db, mine, entry, request, { status: 'CONCLUIDA' });
    await createTarefa(t.db, mine, entry, request, { status: 'CANCELADA' });
    await createTarefa(t.db, mine, locked, lockRequest, { descricao: 'de outro processo' });

    const response = await t.call({ method: 'GET', url: url(entry.processoId), ies: [mine.ieId] });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.existeTarefaAberta, true);
    assert.deepEqual(
      body.tarefas.map((x: { id: number }) => x.id),
      [earlier, later],
    );
    assert.deepEqual(body.tarefas[0], {
      id: earlier,
      solicitacaoId: request,
      tipo: 'AFASTAMENTO',
      status: 'PENDENTE',
      descricao: 'Enviar comprovante',
      dados: { documento: 'atestado' },
      criadaEm: '2026-08-05T00:00:00.000Z',
      concluidaEm: null,
    });
    assert.equal(body.tarefas[1].status, 'EM_ANALISE');
  });

  test("another IE's process and an unknown one are 404; bad id 400; no token 401", () =>
    rejectsBadAndForeign(url, theirs.processoId, '/params/processId'));
});

describe('GET /s/v1/tarefas/detalhes/{solicitationId}', () => {
  const url = (id: number | string) => `/s/v1/tarefas/detalhes/${id}`;

  test('answers the withdrawal request with its data, waiting reason and tasks', async () => {
    const task = await createTarefa(t.db, mine, withdrawn, withdrawalRequest, {
      tipo: 'AFASTAMENTO',
      descricao: 'Enviar atestado médico',
    });
    const response = await t.call({ method: 'GET', url: url(withdrawalRequest), ies: [mine.ieId] });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.solicitacao.id, withdrawalRequest);
    assert.equal(body.solicitacao.tipo, 'AFASTAMENTO_EVASAO');
    assert.equal(body.solicitacao.status, 'EM_ANDAMENTO');
    assert.equal(body.solicitacao.brbId, withdrawn.brbId);
    assert.equal(body.solicitacao.processoId, withdrawn.processoId);
    assert.deepEqual(body.dados, {
      tipo: 'F',
      motivo: '1',
      motivoDescricao: 'Tratamento de saúde',
      situacaoMatricula: 'F',
      situacaoRestituicao: 'N',
      dataOcorrido: '15-08-2026',
      caminhoArquivo: null,
    });
    assert.deepEqual(body.motivoEspera, { codigo: 'EM_ANALISE_FUNDACAO', descricao: 'Em análise pela fundação' });
    assert.deepEqual(
      body.tarefas.map((x: { id: number; descricao: string }) => [x.id, x.descricao]),
      [[task, 'Enviar atestado médico']],
    );
  });

  test('a dropout (E) keeps its free-text reason without a description', async () => {
    const entry = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
    const id = await createSolicitacao(t.db, mine, entry, {
      tipo: 'AFASTAMENTO_EVASAO',
      dados: { tipo: 'E', motivo: 'Mudou de cidade', situacaoMatricula: 'E', dataOcorrido: '2026-09-01' },
    });
    const body = (await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] })).json();
    assert.equal(body.dados.tipo, 'E');
    assert.equal(body.dados.motivo, 'Mudou de cidade');
    assert.equal(body.dados.motivoDescricao, null);
    assert.equal(body.dados.dataOcorrido, '01-09-2026');
    assert.equal(body.motivoEspera, null);
    assert.deepEqual(body.tarefas, []);
  });

  test('a request of another kind is 404 saying it is not a withdrawal/dropout request', async () => {
    for (const id of [lockRequest, valuesRequest]) {
      const response = await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, /is not a withdrawal\/dropout/);
    }
    const lock = problemOf(await t.call({ method: 'GET', url: url(lockRequest), ies: [mine.ieId] }));
    assert.match(lock.detail, /detalhes-trancamento/);
  });

  test("another IE's request and an unknown one are 404; bad id 400; no token 401", async () => {
    const theirWithdrawal = await createSolicitacao(t.db, other, theirs, { tipo: 'AFASTAMENTO_EVASAO' });
    await rejectsBadAndForeign(url, theirWithdrawal, '/params/solicitationId');
  });
});

describe('GET /s/v1/tarefas/detalhes-trancamento/{solicitationId}', () => {
  const url = (id: number | string) => `/s/v1/tarefas/detalhes-trancamento/${id}`;

  test('answers the lock request with its status, data, entry situation and tasks', async () => {
    const done = await createTarefa(t.db, mine, locked, lockRequest, { status: 'CONCLUIDA', descricao: 'Receber' });
    const open = await createTarefa(t.db, mine, locked, lockRequest, { status: 'EM_ANALISE', descricao: 'Conferir' });
    const response = await t.call({ method: 'GET', url: url(lockRequest), ies: [mine.ieId] });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(body.solicitacao, {
      id: lockRequest,
      tipo: 'TRANCAMENTO',
      status: 'EM_ANDAMENTO',
      processoId: locked.processoId,
      brbId: locked.brbId,
      criadaPor: 'user-ie',
      criadaEm: '2026-08-04T10:00:00.000Z',
      concluidaEm: null,
    });
    assert.equal(body.situacaoEntrada, 'SEM_RENOVACAO');
    assert.equal(body.motivoEntrada, 'TRANCAMENTO');
    assert.equal(body.concluida, false);
    assert.deepEqual(body.dados, {
      situacaoMatricula: 'T',
      dataOcorrido: '03-08-2026',
      caminhoArquivo: 'docs/tranc.pdf',
    });
    assert.deepEqual(body.motivoEspera, { codigo: 'AGUARDANDO_DOCUMENTO_IE', descricao: 'Aguardando documento da IE' });
    const ids = body.tarefas.map((x: { id: number }) => x.id);
    assert.ok(ids.includes(done) && ids.includes(open));
    assert.equal(
      body.tarefasEmAberto,
      body.tarefas.filter((x: { status: string }) => x.status === 'PENDENTE' || x.status === 'EM_ANALISE').length,
    );
  });

  test('a concluded lock request reports concluida', async () => {
    const entry = await createEntry(t.db, mine, journey, await createContract(t.db, mine));
    const id = await createSolicitacao(t.db, mine, entry, {
      tipo: 'TRANCAMENTO',
      status: 'CONCLUIDA',
      concluidaEm: '2026-08-20T00:00:00Z',
    });
    const body = (await t.call({ method: 'GET', url: url(id), ies: [mine.ieId] })).json();
    assert.equal(body.concluida, true);
    assert.equal(body.solicitacao.concluidaEm, '2026-08-20T00:00:00.000Z');
    assert.equal(body.tarefasEmAberto, 0);
    assert.deepEqual(body.dados, { situacaoMatricula: null, dataOcorrido: null, caminhoArquivo: null });
  });

  test('a request of another kind is 404 saying it is not a lock request', async () => {
    const response = await t.call({ method: 'GET', url: url(withdrawalRequest), ies: [mine.ieId] });
    assert.equal(response.statusCode, 404);
    assert.match(problemOf(response).detail, /is not a lock.*tarefas\/detalhes\//);
  });

  test("another IE's request and an unknown one are 404; bad id 400; no token 401", () =>
    rejectsBadAndForeign(url, theirRequest, '/params/solicitationId'));
});
