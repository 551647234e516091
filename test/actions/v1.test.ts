import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ActionSpec,
  type ActionWorld,
  actionSuite,
  assertInvalid,
  brDay,
  contract,
  createActionWorld,
  firstOfNextMonth,
  openRequest,
  post,
  setLockCounters,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { CONTRACT_TERMS } from '../helpers/factories.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db, { max_semestres_trancamento: 3, max_trancamentos_consecutivos: 1 });
});
after(() => t.close());

const suite = (spec: ActionSpec) => actionSuite(() => ({ t, w }), spec);

const ATUALIZAR = '/s/v1/contrato/situacao-matricula/atualizar';
suite({
  name: 'tipo D',
  url: () => ATUALIZAR,
  body: (e) => ({ brbId: e.brbId, tipo: 'D', 'situacao-matricula': 'T', 'data-ocorrido': brDay(-2) }),
  from: ['APTO'],
  to: ['SEM_RENOVACAO', 'TRANCAMENTO'],
  acao: 'TRANCAMENTO',
  solicitacao: { tipo: 'TRANCAMENTO' },
  tarefa: 'TRANCAMENTO',
  forbiddenFrom: ['AGUARDANDO_ASSINATURA'],
});
suite({
  name: 'tipo F',
  url: () => ATUALIZAR,
  body: (e) => ({ brbId: e.brbId, tipo: 'F', motivo: '7', 'data-ocorrido': brDay(-2) }),
  from: ['MANUTENCAO_VINCULO'],
  to: ['SEM_RENOVACAO', 'AFASTAMENTO'],
  acao: 'AFASTAMENTO',
  solicitacao: { tipo: 'AFASTAMENTO_EVASAO' },
  tarefa: 'AFASTAMENTO',
  forbiddenFrom: ['EM_PROCESSAMENTO'],
});
suite({
  name: 'tipo E',
  url: () => ATUALIZAR,
  body: (e) => ({ brbId: e.brbId, tipo: 'E', motivo: 'Não voltou às aulas', 'data-ocorrido': brDay(-60) }),
  from: ['SEM_RENOVACAO', 'NAO_RENOVADO'],
  to: ['SEM_RENOVACAO', 'EVASAO'],
  acao: 'EVASAO',
  solicitacao: { tipo: 'AFASTAMENTO_EVASAO' },
  tarefa: 'AFASTAMENTO',
  check: async (e) => assert.equal((await contract(t.db, e.contratoId)).inicio_restituicao, firstOfNextMonth()),
});
suite({
  name: 'tipo S',
  url: () => ATUALIZAR,
  body: (e) => ({ brbId: e.brbId, tipo: 'S', motivo: 'SEM_NECESSIDADE' }),
  from: ['APTO'],
  to: ['MANUTENCAO_VINCULO'],
  acao: 'MANUTENCAO_VINCULO',
  solicitacao: { tipo: 'MANUTENCAO_VINCULO' },
  forbiddenFrom: ['MANUTENCAO_VINCULO'],
});
suite({
  name: 'keep lock of a process',
  url: (e) => `/s/v1/contrato/situacao-matricula/processo/${e.processoId}/manter-trancamento`,
  body: () => ({ 'data-ocorrido': brDay(-1), 'caminho-arquivo': 'ok.pdf' }),
  from: ['SEM_RENOVACAO', 'TRANCAMENTO'],
  acao: 'MANTER_TRANCAMENTO',
  solicitacao: { tipo: 'TRANCAMENTO' },
  tarefa: 'TRANCAMENTO',
  forbiddenFrom: ['SEM_RENOVACAO', 'EVASAO'],
});
for (const url of ['/s/v2/renovacao/processos/previsao-formatura', '/processos/previsao-formatura']) {
  suite({
    name: 'graduation forecast',
    url: () => url,
    body: (e) => ({ 'id-processo': e.processoId, 'previsao-formatura': '31-07-2027', motivo: 'Atraso no TCC' }),
    from: ['FINALIZADO'],
    acao: 'PREVISAO_FORMATURA',
    solicitacao: { tipo: 'PREVISAO_FORMATURA', status: 'CONCLUIDA' },
    forbiddenFrom: ['EXCLUIDO'],
    check: async (e, response) => {
      const c = await contract(t.db, e.contratoId);
      assert.equal(c.previsao_formatura, '2027-07-31');
      assert.equal(c.inicio_restituicao, '2027-08-01');
      assert.equal(response.json().inicioRestituicao, '2027-08-01');
    },
  });
}

describe('v1 specifics', () => {
  test('atualizar: tipo is required and checked against the list', async () => {
    const e = await w.entry();
    assertInvalid(await post(t, w.ie, ATUALIZAR, { brbId: e.brbId, motivo: '1' }), '/body/tipo', /required/);
    assertInvalid(
      await post(t, w.ie, ATUALIZAR, { brbId: e.brbId, tipo: 'Z', 'data-ocorrido': brDay(-1) }),
      '/body/tipo',
      /D, F, E, S/,
    );
    assertInvalid(
      await post(t, w.ie, ATUALIZAR, { brbId: e.brbId, tipo: 'S', motivo: 'TCC', 'situacao-matricula': 'T' }),
      '/body/situacao-matricula',
      /use one of: A$/,
    );
    assertInvalid(
      await post(t, w.ie, ATUALIZAR, { brbId: e.brbId, tipo: 'S', motivo: 'TCC', 'inicio-reembolso': '2027-02-29' }),
      '/body/inicio-reembolso',
      /not a real date/,
    );
    const future = await post(t, w.ie, ATUALIZAR, {
      brbId: e.brbId,
      tipo: 'F',
      motivo: '1',
      'data-ocorrido': brDay(3),
    });
    assert.equal(future.statusCode, 422);
  });

  test('keep lock of a process: a POST without a body keeps the lock; an unknown process is 404', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    const response = await t.call({
      method: 'POST',
      url: `/s/v1/contrato/situacao-matricula/processo/${e.processoId}/manter-trancamento`,
      ies: [w.ie.ieId],
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((await contract(t.db, e.contratoId)).trancamentos_consecutivos, 1);
    const unknown = await post(t, w.ie, '/s/v1/contrato/situacao-matricula/processo/987654/manter-trancamento', {});
    assert.equal(unknown.statusCode, 404);
    assertInvalid(
      await post(t, w.ie, `/s/v1/contrato/situacao-matricula/processo/${e.processoId}/manter-trancamento`, {
        'data-ocorrido': '2026-01-01',
      }),
      '/body/data-ocorrido',
    );
  });

  test('forecast: bad id, bad date', async () => {
    const e = await w.entry();
    const url = '/processos/previsao-formatura';
    assertInvalid(
      await post(t, w.ie, url, { 'id-processo': e.processoId, 'previsao-formatura': '2027-07-31' }),
      '/body/previsao-formatura',
    );
    assertInvalid(
      await post(t, w.ie, url, { 'id-processo': e.processoId, 'previsao-formatura': '31-06-2027' }),
      '/body/previsao-formatura',
      /not a real date/,
    );
    assertInvalid(await post(t, w.ie, url, { 'previsao-formatura': '30-06-2027' }), '/body/id-processo', /required/);
    assert.equal(
      (await post(t, w.ie, url, { 'id-processo': 999999, 'previsao-formatura': '30-06-2027' })).statusCode,
      404,
    );
  });
});

describe('POST /s/v1/contrato/mais-acoes/dados-complementares', () => {
  const url = '/s/v1/contrato/mais-acoes/dados-complementares';
  test('answers the student, contract, allowed actions, requests in progress, lock counters and codes', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'NAO_RENOVADO' });
    await setLockCounters(t.db, e, 2, 1);
    const request = await openRequest(t.db, e, 'REVISAO_ANALISE');
    const response = await post(t, w.ie, url, { brbId: e.brbId });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.brbId, e.brbId);
    assert.equal(body.processoId, e.processoId);
    assert.equal(body.situacao, 'SEM_RENOVACAO');
    assert.equal(body.motivo, 'NAO_RENOVADO');
    assert.equal(body.aba, 'sem-renovacao');
    assert.deepEqual(body.estudante, { id: e.estudanteId, nome: e.nome, cpf: e.cpf });
    assert.equal(body.bolsa.id, e.bolsaId);
    assert.equal(body.bolsa.matricula, e.matricula);
    assert.equal(body.contrato.id, e.contratoId);
    assert.equal(body.contrato.previsaoFormatura, CONTRACT_TERMS.previsaoFormatura);
    assert.deepEqual(body.acoesPermitidas, [
      'AFASTAMENTO',
      'EVASAO',
      'MANUTENCAO_VINCULO',
      'REVISAO_ANALISE',
      'INATIVAR',
      'PREVISAO_FORMATURA',
      'CANCELAR',
      'EXCLUIR',
    ]);
    assert.deepEqual(body.acoesPermitidasAlterarStatus, [
      'ENVIAR_VALORES',
      'TRANCAMENTO',
      'AFASTAMENTO',
      'EVASAO',
      'MANUTENCAO_VINCULO',
      'REVISAO_ANALISE',
      'INATIVAR',
      'PREVISAO_FORMATURA',
      'CANCELAR',
      'EXCLUIR',
    ]);
    assert.deepEqual(body.solicitacoesEmAndamento, [{ id: request, tipo: 'REVISAO_ANALISE' }]);
    assert.deepEqual(
      { ...body.trancamentos, convenio: undefined, convenioId: undefined },
      {
        convenio: undefined,
        convenioId: undefined,
        semestresTrancados: 2,
        maxSemestresTrancamento: 3,
        semestresRestantes: 1,
        trancamentosConsecutivos: 1,
        maxTrancamentosConsecutivos: 1,
        manutencoesRestantes: 0,
      },
    );
    assert.equal(body.trancamentos.convenioId, w.ie.convenioId);
    assert.deepEqual(
      body.referencias.tipos.map((c: { codigo: string }) => c.codigo),
      ['D', 'F', 'E', 'S'],
    );
    assert.deepEqual(
      body.referencias.situacoesRestituicao.map((c: { codigo: string }) => c.codigo),
      ['N', 'A', 'P'],
    );
    assert.ok(
      body.referencias.motivos.some((m: { codigo: string; tipo: string }) => m.codigo === '1' && m.tipo === 'F'),
    );
  });
  test('APTO lists the default-door actions and none through alterar-status', async () => {
    const e = await w.entry('APTO');
    const body = (await post(t, w.ie, url, { brbId: e.brbId })).json();
    assert.ok(body.acoesPermitidas.includes('TRANCAMENTO'));
    assert.deepEqual(body.acoesPermitidasAlterarStatus, []);
  });
  test("401; another IE's brbId 404; bad body 400; it changes nothing", async () => {
    const e = await w.entry('APTO', { other: true });
    const before = await snapshot(t.db, e);
    assert.equal((await t.call({ method: 'POST', url, payload: { brbId: e.brbId }, token: null })).statusCode, 401);
    assert.equal((await post(t, w.ie, url, { brbId: e.brbId })).statusCode, 404);
    assertInvalid(await post(t, w.ie, url, {}), '/body/brbId');
    assertInvalid(await post(t, w.ie, url, { brbId: 1, acao: 'x' }), '/body/acao');
    assert.deepEqual(await snapshot(t.db, e), before);
  });
});
