import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Door } from '../../src/modules/lifecycle/state-machine.js';
import {
  type ActionEntry,
  type ActionSpec,
  type ActionWorld,
  actionSuite,
  addendum,
  assertInvalid,
  bolsa,
  contract,
  createActionWorld,
  entryState,
  firstOfNextMonth,
  openRequest,
  post,
  requests,
  snapshot,
  tasks,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { CONTRACT_TERMS } from '../helpers/factories.js';
import { unchangedBy } from '../helpers/unchanged.js';
import { valuesItem } from '../helpers/values-factories.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes';

const suite = (spec: ActionSpec, door?: Door) => actionSuite(() => ({ t, w }), spec, door);
/** The call, asserting it changed nothing about the entry (situation, timeline, requests, tasks, contract, counters) nor added a values batch. */
const refused = async <R>(e: ActionEntry, call: () => Promise<R>) =>
  unchangedBy(async () => ({ entry: await snapshot(t.db, e), lotes: await countRows(t.database, 'lote') }), call);

const inactivateCheck: ActionSpec['check'] = async (e) => {
  assert.equal((await bolsa(t.db, e.bolsaId)).situacao_matricula, 'I');
  assert.equal((await requests(t.db, e.brbId)).length, 0);
};
suite({
  name: 'inactivate',
  url: () => `${V3}/inativar-estudante`,
  body: (e) => ({ brbId: e.brbId, motivo: 'Transferiu-se' }),
  from: ['AGUARDANDO_ASSINATURA'],
  to: ['SEM_RENOVACAO', 'INATIVO'],
  acao: 'INATIVAR',
  forbiddenFrom: ['CANCELADO'],
  check: inactivateCheck,
});
suite({
  name: 'inactivate, external API group',
  role: 'API',
  url: () => `/s/api/v3/mais-acoes/inativar-estudante`,
  body: (e) => ({ brbId: e.brbId, motivo: 'Transferiu-se para outra IE' }),
  from: ['APTO'],
  to: ['SEM_RENOVACAO', 'INATIVO'],
  acao: 'INATIVAR',
  forbiddenFrom: ['EXCLUIDO'],
  check: inactivateCheck,
});
suite(
  {
    name: 'status change: inactivate',
    url: () => `${V3}/alterar-status/inativar-estudante`,
    body: (e) => ({ brbId: e.brbId, motivo: 'Não respondeu à IE' }),
    from: ['SEM_RENOVACAO', 'NAO_RENOVADO'],
    to: ['SEM_RENOVACAO', 'INATIVO'],
    acao: 'INATIVAR',
    forbiddenFrom: ['FINALIZADO'],
    check: inactivateCheck,
  },
  'alterar-status',
);
suite(
  {
    name: 'status change: analysis review',
    url: () => `${V3}/alterar-status/revisao-analise`,
    body: (e) => ({ brbId: e.brbId, motivo: 'Valores informados corretamente' }),
    from: ['SEM_RENOVACAO', 'NAO_RENOVADO'],
    to: ['REVISAO_ANALISE'],
    acao: 'REVISAO_ANALISE',
    solicitacao: { tipo: 'REVISAO_ANALISE' },
    forbiddenFrom: ['EM_PROCESSAMENTO'],
    check: async (e) => {
      const [request] = await requests(t.db, e.brbId);
      assert.equal((request!.dados as { motivo: string }).motivo, 'Valores informados corretamente');
    },
  },
  'alterar-status',
);
suite({
  name: 'cancel contract',
  url: () => `${V3}/cancelar-contrato`,
  body: (e) => ({ brbId: e.brbId, motivo: 'Desistência', data: '2026-11-01T10:00:00Z', arquivo: 'x.pdf' }),
  from: ['MANUTENCAO_VINCULO'],
  to: ['CANCELADO'],
  acao: 'CANCELAR',
  forbiddenFrom: ['EXCLUIDO'],
  check: async (e) => {
    const c = await contract(t.db, e.contratoId);
    assert.equal(c.status, 'CANCELADO');
    assert.equal(c.inicio_restituicao, firstOfNextMonth(), 'restitution brought forward');
    assert.equal((await bolsa(t.db, e.bolsaId)).status, 'CANCELADA');
  },
});
suite({
  name: 'delete contract',
  url: () => `${V3}/excluir-contrato`,
  body: (e) => ({ brbId: e.brbId, motivo: 'Contrato em duplicidade' }),
  from: ['EM_PROCESSAMENTO'],
  to: ['EXCLUIDO'],
  acao: 'EXCLUIR',
  forbiddenFrom: ['FINALIZADO'],
  check: async (e) => {
    const c = await contract(t.db, e.contratoId);
    assert.equal(c.status, 'EXCLUIDO');
    assert.equal(c.inicio_restituicao, CONTRACT_TERMS.inicioRestituicao, 'deletion leaves restitution as it was');
    assert.equal((await bolsa(t.db, e.bolsaId)).status, 'EXCLUIDA');
  },
});
suite({
  name: 'graduation forecast',
  url: () => `${V3}/previsao-formatura`,
  body: (e) => ({ brbId: e.brbId, previsaoFormatura: '15-06-2028', motivo: 'Reprovação em disciplinas' }),
  from: ['SEM_RENOVACAO', 'TRANCAMENTO'],
  acao: 'PREVISAO_FORMATURA',
  solicitacao: { tipo: 'PREVISAO_FORMATURA', status: 'CONCLUIDA' },
  forbiddenFrom: ['CANCELADO'],
  check: async (e, response) => {
    const c = await contract(t.db, e.contratoId);
    assert.equal(c.previsao_formatura, '2028-06-15');
    assert.equal(c.inicio_restituicao, '2028-07-01');
    const body = response.json();
    assert.equal(body.previsaoFormatura, '2028-06-15');
    assert.equal(body.inicioRestituicao, '2028-07-01');
    assert.equal(body['envio-valores'], null);
    assert.equal(body.situacao, 'SEM_RENOVACAO');
  },
});

describe('contract end: the rules around cancel and delete', () => {
  test('delete is refused (409) once an addendum of the entry was signed; nothing changes', async () => {
    const e = await w.entry('AGUARDANDO_ASSINATURA');
    await addendum(t.db, e, 'ASSINADO');
    const response = await refused(e, () =>
      post(t, w.ie, `${V3}/excluir-contrato`, { brbId: e.brbId, motivo: 'Pedido do estudante' }),
    );
    assert.equal(response.statusCode, 409, response.body);
    assert.match(problemOf(response).detail, /was signed/);
  });
  test('cancel ends the pending work: requests in progress, their tasks and unsigned addenda are cancelled', async () => {
    const e = await w.entry('EM_PROCESSAMENTO');
    await openRequest(t.db, e, 'AFASTAMENTO_EVASAO', { tarefa: 'AFASTAMENTO' });
    const done = await openRequest(t.db, e, 'MANUTENCAO_VINCULO', { status: 'CONCLUIDA' });
    const { id: aditivo } = await addendum(t.db, e, 'GERADO');
    const response = await post(t, w.ie, `${V3}/cancelar-contrato`, { brbId: e.brbId, motivo: 'Falecimento' });
    assert.equal(response.statusCode, 200, response.body);
    const reqs = await requests(t.db, e.brbId);
    assert.deepEqual(
      reqs.map((r) => [r.tipo, r.status]),
      [
        ['AFASTAMENTO_EVASAO', 'CANCELADA'],
        ['MANUTENCAO_VINCULO', 'CONCLUIDA'],
      ],
    );
    assert.ok(reqs.some((r) => r.id === done));
    assert.deepEqual(
      (await tasks(t.db, e.processoId)).map((x) => x.status),
      ['CANCELADA'],
    );
    const row = await t.db.selectFrom('aditivo').select('status').where('id', '=', aditivo).executeTakeFirstOrThrow();
    assert.equal(row.status, 'CANCELADO');
  });
  test('restitution is only brought forward: an earlier start stays', async () => {
    const e = await w.entry('APTO', { contract: { inicioRestituicao: '2025-03-01', previsaoFormatura: '2025-02-28' } });
    assert.equal(
      (await post(t, w.ie, `${V3}/cancelar-contrato`, { brbId: e.brbId, motivo: 'Pedido do estudante' })).statusCode,
      200,
    );
    assert.equal((await contract(t.db, e.contratoId)).inicio_restituicao, '2025-03-01');
  });
  test('bodies: motivo is required, data must be a real ISO date', async () => {
    const e = await w.entry();
    const send = (verb: string, body: Record<string, unknown>) =>
      refused(e, () => post(t, w.ie, `${V3}/${verb}`, { brbId: e.brbId, ...body }));
    assertInvalid(await send('cancelar-contrato', {}), '/body/motivo', /required/);
    assertInvalid(
      await send('excluir-contrato', { motivo: 'Pedido do estudante', data: '2026-02-30T10:00:00Z' }),
      '/body/data',
      /not a real date/,
    );
    assertInvalid(await send('excluir-contrato', { motivo: 'Pedido do estudante', data: '10/02/2026' }), '/body/data');
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'APTO');
  });
});

describe('graduation forecast rules', () => {
  test('values carried by the forecast are sent as a PREVISAO_FORMATURA batch in the same transaction', async () => {
    const e = await w.entry();
    const response = await post(t, w.ie, `${V3}/previsao-formatura`, {
      brbId: e.brbId,
      previsaoFormatura: '15-12-2027',
      valores: [valuesItem(e.brbId)],
    });
    assert.equal(response.statusCode, 200, response.body);
    const out = response.json()['envio-valores'];
    assert.equal(out.registrosComSucesso, 1, response.body);
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'EM_PROCESSAMENTO');
    const lote = await t.db.selectFrom('lote').select('origem').where('id', '=', out.lote).executeTakeFirstOrThrow();
    assert.equal(lote.origem, 'PREVISAO_FORMATURA');
    assert.equal((await contract(t.db, e.contratoId)).previsao_formatura, '2027-12-15');
  });
  test('a forecast whose values name another entry is 400 and changes nothing, not even the forecast', async () => {
    const e = await w.entry();
    const response = await refused(e, () =>
      post(t, w.ie, `${V3}/previsao-formatura`, {
        brbId: e.brbId,
        previsaoFormatura: '15-12-2027',
        valores: [valuesItem(e.brbId + 1_000_000)],
      }),
    );
    assertInvalid(response, '/body/valores/0/brbId', /not the entry of this request/);
  });
  test('a forecast before the first credited month is 422; an impossible date is 400', async () => {
    const e = await w.entry();
    const forecast = (body: Record<string, unknown>) =>
      refused(e, () => post(t, w.ie, `${V3}/previsao-formatura`, { brbId: e.brbId, ...body }));
    const early = await forecast({ previsaoFormatura: '01-01-2020' });
    assert.equal(early.statusCode, 422);
    assertInvalid(await forecast({ previsaoFormatura: '29-02-2027' }), '/body/previsaoFormatura', /not a real date/);
    assertInvalid(await forecast({ previsaoFormatura: '15-12-2027', valores: [] }), '/body/valores');
  });
  test('a December forecast moves restitution to January of the next year', async () => {
    const e = await w.entry();
    assert.equal(
      (await post(t, w.ie, `${V3}/previsao-formatura`, { brbId: e.brbId, previsaoFormatura: '20-12-2027' })).statusCode,
      200,
    );
    assert.equal((await contract(t.db, e.contratoId)).inicio_restituicao, '2028-01-01');
  });
  test('an IE token may not call the external API path (403); an API token may not call the IE path', async () => {
    const e = await w.entry();
    const as = (url: string, role: 'IE' | 'API') =>
      refused(e, () => t.call({ method: 'POST', url, payload: { brbId: e.brbId }, ies: [w.ie.ieId], role }));
    assert.equal((await as('/s/api/v3/mais-acoes/inativar-estudante', 'IE')).statusCode, 403);
    assert.equal((await as(`${V3}/inativar-estudante`, 'API')).statusCode, 403);
  });
});
