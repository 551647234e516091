import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ActionSpec,
  type ActionWorld,
  actionSuite,
  addendum,
  assertInvalid,
  bolsa,
  brDay,
  contract,
  createActionWorld,
  entryState,
  post,
  requests,
  snapshot,
  timeline,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createEntry, createJourney } from '../helpers/factories.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const suite = (spec: ActionSpec) => actionSuite(() => ({ t, w }), spec);

const SM = '/s/v2/renovacao/situacao-matricula';

suite({
  name: 'lock',
  url: () => `${SM}/trancamento`,
  body: (e) => ({ brbId: e.brbId, 'data-ocorrido': brDay(-1), 'caminho-arquivo': 'a.pdf' }),
  from: ['MANUTENCAO_VINCULO'],
  to: ['SEM_RENOVACAO', 'TRANCAMENTO'],
  acao: 'TRANCAMENTO',
  solicitacao: { tipo: 'TRANCAMENTO' },
  tarefa: 'TRANCAMENTO',
  forbiddenFrom: ['REVISAO_ANALISE'],
});
suite({
  name: 'bond maintenance',
  url: () => `${SM}/manutencao-vinculo`,
  body: (e) => ({ brbId: e.brbId, motivo: 'DEPENDENCIA', 'contratos-firmados': 2, 'inicio-reembolso': '2027-01-01' }),
  from: ['APTO'],
  to: ['MANUTENCAO_VINCULO'],
  acao: 'MANUTENCAO_VINCULO',
  solicitacao: { tipo: 'MANUTENCAO_VINCULO' },
  forbiddenFrom: ['FINALIZADO'],
});
suite({
  name: 'withdrawal',
  url: () => `${SM}/afastamento-evasao`,
  body: (e) => ({ brbId: e.brbId, tipo: 'F', motivo: '2', 'situacao-matricula': 'F', 'data-ocorrido': brDay(-30) }),
  from: ['SEM_RENOVACAO', 'TRANCAMENTO'],
  to: ['SEM_RENOVACAO', 'AFASTAMENTO'],
  acao: 'AFASTAMENTO',
  solicitacao: { tipo: 'AFASTAMENTO_EVASAO' },
  tarefa: 'AFASTAMENTO',
  forbiddenFrom: ['EM_PROCESSAMENTO'],
});
suite({
  name: 'lock, interface 2.3',
  url: () => '/s/v2/mais-acoes/trancamento',
  body: (e) => ({
    brbId: e.brbId,
    'id-processo': e.processoId,
    'nome-estudante': e.nome,
    cpf: e.cpf,
    tipo: 'D',
    'situacao-matricula': 'T',
    'situacao-restituicao': 'N',
    'data-ocorrido': '2026-03-10T12:00:00-03:00',
    ano: 2026,
    semestre: 2,
    matricula: e.matricula,
    'texto-livre': 'Trancamento total',
  }),
  from: ['APTO'],
  to: ['SEM_RENOVACAO', 'TRANCAMENTO'],
  acao: 'TRANCAMENTO',
  solicitacao: { tipo: 'TRANCAMENTO' },
  tarefa: 'TRANCAMENTO',
  forbiddenFrom: ['CANCELADO'],
  check: async (e) => {
    const [request] = await requests(t.db, e.brbId);
    const dados = request!.dados as Record<string, unknown>;
    assert.equal(dados.dataOcorrido, '2026-03-10');
    assert.equal(dados.textoLivre, 'Trancamento total');
    assert.deepEqual((dados.formulario as Record<string, unknown>).idProcesso, e.processoId);
  },
});
suite({
  name: 'keep lock',
  url: () => '/s/v2/manter-trancamento',
  body: (e) => ({ brbId: e.brbId, 'data-ocorrido': brDay(-1) }),
  from: ['SEM_RENOVACAO', 'TRANCAMENTO'],
  acao: 'MANTER_TRANCAMENTO',
  solicitacao: { tipo: 'TRANCAMENTO' },
  tarefa: 'TRANCAMENTO',
  forbiddenFrom: ['APTO'],
  check: async (e) => assert.equal((await contract(t.db, e.contratoId)).trancamentos_consecutivos, 1),
});
suite({
  name: 'edit enrolment number',
  method: 'PATCH',
  url: (e) => `/s/v2/matricula/processo/${e.processoId}`,
  body: () => ({ matricula: '2026/ADM-0042' }),
  from: ['EM_PROCESSAMENTO'],
  acao: 'EDICAO_MATRICULA',
  check: async (e, response) => {
    assert.equal((await entryState(t.db, e.brbId)).matricula, '2026/ADM-0042');
    assert.equal((await bolsa(t.db, e.bolsaId)).matricula, '2026/ADM-0042');
    const p = await t.db
      .selectFrom('processo')
      .select('matricula')
      .where('id', '=', e.processoId)
      .executeTakeFirstOrThrow();
    assert.equal(p.matricula, '2026/ADM-0042');
    const [event] = await timeline(t.db, e.brbId);
    assert.equal(event!.situacao_nova, null);
    assert.deepEqual(event!.detalhes, { matriculaAnterior: e.matricula, matricula: '2026/ADM-0042' });
    assert.deepEqual(response.json(), {
      processoId: e.processoId,
      brbId: e.brbId,
      matricula: '2026/ADM-0042',
      matriculaAnterior: e.matricula,
      eventoId: event!.id,
    });
  },
});

for (const [verb, to, acao, forbiddenFrom] of [
  ['excluir-contrato', 'EXCLUIDO', 'EXCLUIR', 'FINALIZADO'],
  ['cancelar-contrato', 'CANCELADO', 'CANCELAR', 'EXCLUIDO'],
] as const) {
  suite({
    name: `${verb}, interface 2.2`,
    url: (e) => `/s/v2/mais-acoes/${e.brbId}/${verb}`,
    body: () => ({
      situacao: verb === 'excluir-contrato' ? 'EXCLUIR_CONTRATO' : 'CANCELAR_CONTRATO',
      motivo: 'Pedido do estudante',
      'motivo-complementar': 'Protocolo 123',
      data: '2026-11-01T09:30:00Z',
      arquivo: 'pedido.pdf',
    }),
    from: ['APTO'],
    to: [to],
    acao,
    forbiddenFrom: [forbiddenFrom],
    check: async (e, response) => {
      const body = response.json();
      assert.equal(body.sucesso, true);
      assert.match(body.mensagem, new RegExp(String(e.brbId)));
      assert.equal((await contract(t.db, e.contratoId)).status, to);
      const [event] = await timeline(t.db, e.brbId);
      assert.equal((event!.detalhes as { motivoComplementar: string }).motivoComplementar, 'Protocolo 123');
    },
  });
  for (const prefix of ['/s/v2/renovacao/status-contrato', '/s/v2/status-contrato']) {
    const action = verb === 'excluir-contrato' ? 'excluir' : 'cancelar';
    suite({
      name: `${action} by contract and bolsa`,
      url: (e) => `${prefix}/${e.contratoId}/id-contrato/${e.bolsaId}/id-bolsa/${action}`,
      body: () => ({ motivo: 'Pedido da IE' }),
      from: ['SEM_RENOVACAO', 'INATIVO'],
      to: [to],
      acao,
      forbiddenFrom: [forbiddenFrom],
      check: async (e, response) => {
        assert.equal(response.json().sucesso, true);
        assert.equal((await contract(t.db, e.contratoId)).status, to);
      },
    });
  }
}

describe('v2 specifics', () => {
  test('afastamento-evasao needs tipo; codes are checked against the lists', async () => {
    const e = await w.entry();
    const url = `${SM}/afastamento-evasao`;
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, motivo: '2', 'data-ocorrido': brDay(-1) }),
      '/body/tipo',
      /required/,
    );
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, tipo: 'S', motivo: 'TCC', 'data-ocorrido': brDay(-1) }),
      '/body/tipo',
      /F, E$/,
    );
    assertInvalid(
      await post(t, w.ie, url, {
        brbId: e.brbId,
        tipo: 'E',
        motivo: 'Pedido do estudante',
        'data-ocorrido': brDay(-1),
        'situacao-matricula': 'Z',
      }),
      '/body/situacao-matricula',
      /A, T, F, E, C, I/,
    );
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, tipo: 'F', motivo: '2', 'data-ocorrido': '30-02-2026' }),
      '/body/data-ocorrido',
      /not a real date/,
    );
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, tipo: 'F', motivo: '2', data_ocorrido: brDay(-1) }),
      '/body/data_ocorrido',
      /not a known field/,
    );
    assertInvalid(
      await post(t, w.ie, `${SM}/trancamento`, { brbId: e.brbId }),
      '/body/data-ocorrido',
      /required for tipo D/,
    );
    assertInvalid(
      await post(t, w.ie, `${SM}/trancamento`, { brbId: e.brbId, tipo: 'E', 'data-ocorrido': brDay(-1) }),
      '/body/tipo',
      /use one of: D$/,
    );
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'APTO');
  });

  test('2.3: data-ocorrido is required and must be a real ISO date; tipo other than D is 400', async () => {
    const e = await w.entry();
    const url = '/s/v2/mais-acoes/trancamento';
    assertInvalid(await post(t, w.ie, url, { brbId: e.brbId }), '/body/data-ocorrido', /required/);
    assertInvalid(await post(t, w.ie, url, { brbId: e.brbId, 'data-ocorrido': '10-03-2026' }), '/body/data-ocorrido');
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, 'data-ocorrido': '2026-02-29' }),
      '/body/data-ocorrido',
      /not a real date/,
    );
    assertInvalid(await post(t, w.ie, url, { brbId: e.brbId, 'data-ocorrido': '2026-03-10', tipo: 'F' }), '/body/tipo');
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, 'data-ocorrido': '2026-03-10', semestre: 3 }),
      '/body/semestre',
    );
  });

  test('2.2: situacao must name the operation; motivo is required', async () => {
    const e = await w.entry();
    assertInvalid(
      await post(t, w.ie, `/s/v2/mais-acoes/${e.brbId}/cancelar-contrato`, {
        situacao: 'EXCLUIR_CONTRATO',
        motivo: 'Pedido do estudante',
      }),
      '/body/situacao',
      /CANCELAR_CONTRATO/,
    );
    assertInvalid(await post(t, w.ie, `/s/v2/mais-acoes/${e.brbId}/excluir-contrato`, {}), '/body/motivo', /required/);
    assertInvalid(
      await post(t, w.ie, '/s/v2/mais-acoes/abc/excluir-contrato', { motivo: 'Pedido do estudante' }),
      '/params/brbId',
    );
  });

  test('delete by contract is refused once an addendum was signed', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'INATIVO' });
    await addendum(t.db, e);
    const before = await snapshot(t.db, e);
    const response = await post(
      t,
      w.ie,
      `/s/v2/status-contrato/${e.contratoId}/id-contrato/${e.bolsaId}/id-bolsa/excluir`,
      {
        motivo: 'Pedido do estudante',
      },
    );
    assert.equal(response.statusCode, 409);
    assert.equal(problemOf(response).aditivoAssinado !== undefined, true);
    assert.deepEqual(await snapshot(t.db, e), before);
  });

  test('by contract: a contract with another bolsa is 404; the latest journey of the pair is the one acted on', async () => {
    const a = await w.entry();
    const b = await w.entry();
    const mismatch = await post(
      t,
      w.ie,
      `/s/v2/status-contrato/${a.contratoId}/id-contrato/${b.bolsaId}/id-bolsa/cancelar`,
      {
        motivo: 'Pedido do estudante',
      },
    );
    assert.equal(mismatch.statusCode, 404);
    const later = await createJourney(t.db, w.ie, { ano: 2027, semestre: 1 });
    const current = await createEntry(t.db, w.ie, later, a);
    const response = await post(
      t,
      w.ie,
      `/s/v2/status-contrato/${a.contratoId}/id-contrato/${a.bolsaId}/id-bolsa/cancelar`,
      {
        motivo: 'Pedido do estudante',
      },
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((await entryState(t.db, current.brbId)).situacao, 'CANCELADO');
    assert.equal((await entryState(t.db, a.brbId)).situacao, 'APTO');
  });

  test('PATCH enrolment number: format checked; terminal entries refuse it; unknown process 404', async () => {
    const e = await w.entry();
    for (const matricula of ['', ' 123', 'a'.repeat(31), 'ab#c', '-12']) {
      const response = await t.call({
        method: 'PATCH',
        url: `/s/v2/matricula/processo/${e.processoId}`,
        payload: { matricula },
        ies: [w.ie.ieId],
      });
      assertInvalid(response, '/body/matricula');
    }
    const extra = await t.call({
      method: 'PATCH',
      url: `/s/v2/matricula/processo/${e.processoId}`,
      payload: { matricula: 'X1', nome: 'y' },
      ies: [w.ie.ieId],
    });
    assertInvalid(extra, '/body/nome');
    const gone = await w.entry('CANCELADO');
    const refused = await t.call({
      method: 'PATCH',
      url: `/s/v2/matricula/processo/${gone.processoId}`,
      payload: { matricula: 'X1' },
      ies: [w.ie.ieId],
    });
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(problemOf(refused).acoesPermitidas, []);
    const unknown = await t.call({
      method: 'PATCH',
      url: '/s/v2/matricula/processo/999999',
      payload: { matricula: 'X1' },
      ies: [w.ie.ieId],
    });
    assert.equal(unknown.statusCode, 404);
  });
});
