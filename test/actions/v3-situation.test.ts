import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Door } from '../../src/modules/lifecycle/state-machine.js';
import {
  type ActionSpec,
  type ActionWorld,
  actionSuite,
  assertInvalid,
  bolsa,
  brDay,
  contract,
  createActionWorld,
  firstOfNextMonth,
  post,
  requests,
  snapshot,
  tasks,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { CONTRACT_TERMS } from '../helpers/factories.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes';

/** The shared checks, for a spec through the default door or its alterar-status twin. */
const suite = (spec: ActionSpec, door: Door) => actionSuite(() => ({ t, w }), spec, door);

const lockBody = (e: { brbId: number }) => ({ brbId: e.brbId, dataOcorrido: brDay(-3), caminhoArquivo: 'docs/t.pdf' });
const lockCheck: ActionSpec['check'] = async (e) => {
  const c = await contract(t.db, e.contratoId);
  assert.equal(c.semestres_trancados, 1);
  // A lock semester starts (or continues) the run of consecutive locked semesters (DOMAIN.md, "Locks").
  assert.equal(c.trancamentos_consecutivos, 1);
  assert.equal((await bolsa(t.db, e.bolsaId)).situacao_matricula, 'T');
  const [request] = await requests(t.db, e.brbId);
  assert.equal((request!.dados as { situacaoMatricula: string }).situacaoMatricula, 'T');
  assert.equal((request!.dados as { caminhoArquivo: string }).caminhoArquivo, 'docs/t.pdf');
};

suite(
  {
    name: 'lock',
    url: () => `${V3}/trancamento`,
    body: lockBody,
    from: ['APTO'],
    to: ['SEM_RENOVACAO', 'TRANCAMENTO'],
    acao: 'TRANCAMENTO',
    solicitacao: { tipo: 'TRANCAMENTO' },
    tarefa: 'TRANCAMENTO',
    forbiddenFrom: ['EM_PROCESSAMENTO'],
    check: lockCheck,
  },
  'padrao',
);
suite(
  {
    name: 'status change: lock',
    url: () => `${V3}/alterar-status/trancamento`,
    body: lockBody,
    from: ['SEM_RENOVACAO', 'NAO_RENOVADO'],
    to: ['SEM_RENOVACAO', 'TRANCAMENTO'],
    acao: 'TRANCAMENTO',
    solicitacao: { tipo: 'TRANCAMENTO' },
    tarefa: 'TRANCAMENTO',
    forbiddenFrom: ['APTO'],
    check: lockCheck,
  },
  'alterar-status',
);

const withdrawalBody = (e: { brbId: number }) => ({ brbId: e.brbId, dataOcorrido: brDay(-1), motivo: '3' });
const dropoutBody = (e: { brbId: number }) => ({ brbId: e.brbId, dataOcorrido: brDay(0), motivo: 'Abandonou o curso' });
for (const [door, url, from, forbiddenFrom] of [
  ['padrao', `${V3}/afastamento-evasao`, ['APTO'], ['FINALIZADO']],
  ['alterar-status', `${V3}/alterar-status/afastamento-evasao`, ['SEM_RENOVACAO', 'INATIVO'], ['MANUTENCAO_VINCULO']],
] as const) {
  suite(
    {
      name: 'withdrawal (numeric reason)',
      url: () => url,
      body: withdrawalBody,
      from: [...from],
      to: ['SEM_RENOVACAO', 'AFASTAMENTO'],
      acao: 'AFASTAMENTO',
      solicitacao: { tipo: 'AFASTAMENTO_EVASAO' },
      tarefa: 'AFASTAMENTO',
      forbiddenFrom: [...forbiddenFrom],
      check: async (e) => {
        assert.equal((await bolsa(t.db, e.bolsaId)).situacao_matricula, 'F');
        assert.equal(
          (await contract(t.db, e.contratoId)).inicio_restituicao,
          CONTRACT_TERMS.inicioRestituicao,
          'withdrawal keeps restitution',
        );
        const [request] = await requests(t.db, e.brbId);
        assert.deepEqual(
          { ...(request!.dados as object) },
          {
            tipo: 'F',
            motivo: '3',
            motivoComplementar: null,
            situacaoMatricula: 'F',
            situacaoRestituicao: null,
            dataOcorrido: (request!.dados as { dataOcorrido: string }).dataOcorrido,
            caminhoArquivo: null,
          },
        );
      },
    },
    door,
  );
  suite(
    {
      name: 'dropout (free-text reason)',
      url: () => url,
      body: dropoutBody,
      from: [...from],
      to: ['SEM_RENOVACAO', 'EVASAO'],
      acao: 'EVASAO',
      solicitacao: { tipo: 'AFASTAMENTO_EVASAO' },
      tarefa: 'AFASTAMENTO',
      check: async (e) => {
        assert.equal((await bolsa(t.db, e.bolsaId)).situacao_matricula, 'E');
        assert.equal((await contract(t.db, e.contratoId)).inicio_restituicao, firstOfNextMonth());
        const [request] = await requests(t.db, e.brbId);
        assert.equal((request!.dados as { situacaoRestituicao: string }).situacaoRestituicao, 'A');
      },
    },
    door,
  );
}

const bondBody = (e: { brbId: number }) => ({
  brbId: e.brbId,
  motivo: 'TCC',
  motivoComplementar: 'Só o TCC neste semestre',
  dataOcorrido: brDay(-10),
  contratosFirmados: 5,
  inicioReembolso: '2027-02-01',
});
for (const [door, url, from, forbiddenFrom] of [
  ['padrao', `${V3}/manutencao-vinculo`, ['APTO'], ['EM_PROCESSAMENTO']],
  ['alterar-status', `${V3}/alterar-status/manutencao-vinculo`, ['SEM_RENOVACAO', 'TRANCAMENTO'], ['APTO']],
] as const) {
  suite(
    {
      name: 'bond maintenance',
      url: () => url,
      body: bondBody,
      from: [...from],
      to: ['MANUTENCAO_VINCULO'],
      acao: 'MANUTENCAO_VINCULO',
      solicitacao: { tipo: 'MANUTENCAO_VINCULO' },
      forbiddenFrom: [...forbiddenFrom],
      check: async (e) => {
        assert.equal((await bolsa(t.db, e.bolsaId)).situacao_matricula, 'A');
        const [request] = await requests(t.db, e.brbId);
        const dados = request!.dados as Record<string, unknown>;
        assert.equal(dados.motivo, 'TCC');
        assert.equal(dados.contratosFirmados, 5);
        assert.equal(dados.inicioReembolso, '2027-02-01');
      },
    },
    door,
  );
}

for (const [door, url] of [
  ['padrao', `${V3}/manter-trancamento`],
  ['alterar-status', `${V3}/alterar-status/manter-trancamento`],
] as const) {
  suite(
    {
      name: 'keep lock',
      url: () => url,
      body: (e) => ({ brbId: e.brbId, dataOcorrido: brDay(-2) }),
      from: ['SEM_RENOVACAO', 'TRANCAMENTO'],
      acao: 'MANTER_TRANCAMENTO',
      solicitacao: { tipo: 'TRANCAMENTO' },
      tarefa: 'TRANCAMENTO',
      forbiddenFrom: door === 'padrao' ? ['SEM_RENOVACAO', 'AFASTAMENTO'] : ['APTO'],
      check: async (e) => {
        const c = await contract(t.db, e.contratoId);
        assert.equal(c.semestres_trancados, 1);
        assert.equal(c.trancamentos_consecutivos, 1);
        assert.equal((await requests(t.db, e.brbId))[0]!.dados && true, true);
      },
    },
    door,
  );
}

describe('v3 enrolment-situation bodies', () => {
  test('lock: missing, malformed, impossible and future dates; unknown fields', async () => {
    const e = await w.entry();
    const url = `${V3}/trancamento`;
    assertInvalid(await post(t, w.ie, url, { brbId: e.brbId }), '/body/dataOcorrido', /required/);
    assertInvalid(await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: '2026-01-10' }), '/body/dataOcorrido');
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: '31-02-2026' }),
      '/body/dataOcorrido',
      /not a real date/,
    );
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: brDay(-1), data_ocorrido: 'x' }),
      '/body/data_ocorrido',
      /not a known field/,
    );
    assertInvalid(await post(t, w.ie, url, { brbId: 'abc', dataOcorrido: brDay(-1) }), '/body/brbId');
    const before = await snapshot(t.db, e);
    const future = await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: brDay(5) });
    assert.equal(future.statusCode, 422);
    assert.match(problemOf(future).detail, /in the future/);
    assert.deepEqual(await snapshot(t.db, e), before);
  });

  test('withdrawal: an unknown numeric reason is 400 naming the allowed codes; an explicit tipo wins', async () => {
    const e = await w.entry();
    const url = `${V3}/afastamento-evasao`;
    const bad = assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: brDay(-1), motivo: '99' }),
      '/body/motivo',
      /1, 2, 3, 4, 5, 6, 7/,
    );
    assert.doesNotMatch(String(bad.errors?.[0]?.message), /TCC/);
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: brDay(-1), motivo: 'Saúde', tipo: 'F' }),
      '/body/motivo',
    );
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: brDay(-1), motivo: '3', tipo: 'X' }),
      '/body/tipo',
      /D, F, E, S/,
    );
    assertInvalid(
      await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: brDay(-1), motivo: '3', tipo: 'D' }),
      '/body/tipo',
      /F, E/,
    );
    assertInvalid(await post(t, w.ie, url, { brbId: e.brbId, motivo: '3' }), '/body/dataOcorrido');
    const dropout = await post(t, w.ie, url, { brbId: e.brbId, dataOcorrido: brDay(-1), motivo: '123', tipo: 'E' });
    assert.equal(dropout.statusCode, 200, dropout.body);
    assert.equal(dropout.json().motivo, 'EVASAO');
    assert.equal(dropout.json().resultado, 'OK');
  });

  test('bond maintenance: reason must be an S code', async () => {
    const e = await w.entry();
    assertInvalid(
      await post(t, w.ie, `${V3}/manutencao-vinculo`, { brbId: e.brbId, motivo: '3' }),
      '/body/motivo',
      /ESTAGIO, TCC, DEPENDENCIA, SEM_NECESSIDADE/,
    );
    assertInvalid(
      await post(t, w.ie, `${V3}/manutencao-vinculo`, { brbId: e.brbId, motivo: 'TCC', situacaoRestituicao: 'Z' }),
      '/body/situacaoRestituicao',
      /N, A, P/,
    );
    assertInvalid(
      await post(t, w.ie, `${V3}/manutencao-vinculo`, { brbId: e.brbId, motivo: 'TCC', inicioReembolso: '2027-02-30' }),
      '/body/inicioReembolso',
      /not a real date/,
    );
  });

  test('a lock answers resultado OK with the entry, its request and event', async () => {
    const e = await w.entry();
    const response = await post(t, w.ie, `${V3}/trancamento`, lockBody(e));
    const body = response.json();
    const [request] = await requests(t.db, e.brbId);
    const [task] = await tasks(t.db, e.processoId);
    assert.deepEqual(Object.keys(body).sort(), [
      'brbId',
      'eventoId',
      'motivo',
      'processoId',
      'resultado',
      'situacao',
      'solicitacaoId',
    ]);
    assert.equal(body.resultado, 'OK');
    assert.equal(body.brbId, e.brbId);
    assert.equal(body.processoId, e.processoId);
    assert.equal(body.solicitacaoId, request!.id);
    assert.equal(task!.solicitacao_id, request!.id);
  });
});
