import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ActionSpec,
  type ActionWorld,
  actionChecks,
  assertInvalid,
  bolsa,
  brDay,
  contract,
  createActionWorld,
  firstOfNextMonth,
  post,
  refusalAllowed,
  requests,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const PATHS = [
  (brbId: number) => `/s/v2/renovacao/status-contrato/${brbId}/brb-id/alterar`,
  (brbId: number) => `/s/v2/status-contrato/${brbId}/brb-id/alterar`,
];

const lock = () => ({
  situacao: 'TRANCAMENTO',
  situacaoMatricula: { tipo: 'D', situacaoMatricula: 'T', 'data-ocorrido': brDay(-5) },
});
const withdrawal = (tipo = 'F', motivo = '1') => ({
  situacao: 'AFASTAMENTO_EVASAO',
  situacaoMatricula: {
    tipo,
    'situacao-matricula': tipo,
    motivo,
    'situacao-restituicao': tipo === 'E' ? 'A' : 'N',
    'data-ocorrido': brDay(-1),
  },
});
const bond = () => ({
  situacao: 'MANUTENCAO_VINCULO',
  situacaoMatricula: {
    tipo: 'S',
    motivo: 'ESTAGIO',
    'motivo-complementar': 'Estágio supervisionado',
    'situacao-matricula': 'A',
    'situacao-restituicao': 'N',
    'data-ocorrido': brDay(-20),
    'contratos-firmados': 3,
    'inicio-reembolso': '2027-08-01',
  },
});

const VARIANTS: (Omit<ActionSpec, 'url'> & { variant: string })[] = [
  {
    variant: 'REVISAO_ANALISE',
    name: 'analysis review',
    body: (e) => ({ brbId: e.brbId, situacao: 'REVISAO_ANALISE', motivo: 'Rever percentual' }),
    from: ['EM_PROCESSAMENTO'],
    to: ['REVISAO_ANALISE'],
    acao: 'REVISAO_ANALISE',
    solicitacao: { tipo: 'REVISAO_ANALISE' },
    forbiddenFrom: ['APTO'],
  },
  {
    variant: 'TRANCAMENTO',
    name: 'lock',
    body: lock,
    from: ['APTO'],
    to: ['SEM_RENOVACAO', 'TRANCAMENTO'],
    acao: 'TRANCAMENTO',
    solicitacao: { tipo: 'TRANCAMENTO' },
    tarefa: 'TRANCAMENTO',
    forbiddenFrom: ['SEM_RENOVACAO', 'NAO_RENOVADO'],
    check: async (e) => assert.equal((await contract(t.db, e.contratoId)).semestres_trancados, 1),
  },
  {
    variant: 'AFASTAMENTO_EVASAO',
    name: 'withdrawal',
    body: () => withdrawal('F', '5'),
    from: ['MANUTENCAO_VINCULO'],
    to: ['SEM_RENOVACAO', 'AFASTAMENTO'],
    acao: 'AFASTAMENTO',
    solicitacao: { tipo: 'AFASTAMENTO_EVASAO' },
    tarefa: 'AFASTAMENTO',
    forbiddenFrom: ['AGUARDANDO_ASSINATURA'],
    check: async (e) => {
      const [request] = await requests(t.db, e.brbId);
      assert.equal((request!.dados as { situacaoRestituicao: string }).situacaoRestituicao, 'N');
      assert.equal((await bolsa(t.db, e.bolsaId)).situacao_matricula, 'F');
    },
  },
  {
    variant: 'AFASTAMENTO_EVASAO',
    name: 'dropout',
    body: () => withdrawal('E', 'Mudou de cidade sem aviso'),
    from: ['APTO'],
    to: ['SEM_RENOVACAO', 'EVASAO'],
    acao: 'EVASAO',
    solicitacao: { tipo: 'AFASTAMENTO_EVASAO' },
    tarefa: 'AFASTAMENTO',
    check: async (e) => assert.equal((await contract(t.db, e.contratoId)).inicio_restituicao, firstOfNextMonth()),
  },
  {
    variant: 'MANUTENCAO_VINCULO',
    name: 'bond maintenance',
    body: bond,
    from: ['SEM_RENOVACAO', 'NAO_RENOVADO'],
    to: ['MANUTENCAO_VINCULO'],
    acao: 'MANUTENCAO_VINCULO',
    solicitacao: { tipo: 'MANUTENCAO_VINCULO' },
    forbiddenFrom: ['REVISAO_ANALISE'],
    check: async (e) => {
      const [request] = await requests(t.db, e.brbId);
      const dados = request!.dados as Record<string, unknown>;
      assert.equal(dados.motivoComplementar, 'Estágio supervisionado');
      assert.equal(dados.inicioReembolso, '2027-08-01');
      assert.equal(dados.contratosFirmados, 3);
    },
  },
];

for (const [i, path] of PATHS.entries()) {
  for (const variant of VARIANTS) {
    const spec: ActionSpec = { ...variant, url: (e) => path(e.brbId) };
    const checks = actionChecks(() => ({ t, w }), spec);
    describe(`POST ${path(0).replace('/0/', '/{brbId}/')} situacao ${variant.variant} (${variant.name})`, () => {
      test('applies the transition; answers envio-valores reporting the entry', async () => {
        const { e, response } = await checks.happy();
        const out = response.json()['envio-valores'];
        assert.equal(out.registrosComSucesso, 1);
        assert.equal(out.registrosComErro, 0);
        assert.deepEqual(out.linhasComErro, []);
        assert.equal(out.brbId, e.brbId);
        assert.equal(out.situacao, spec.to![0]);
      });
      if (i === 0) {
        test('401 without a token', () => checks.unauthenticated());
        test("another IE's brbId is 404 and changes nothing", () => checks.otherIe());
        if (spec.forbiddenFrom) {
          test(`from ${spec.forbiddenFrom.join('/')} is 409`, () => checks.forbidden(refusalAllowed(spec.acao)));
        }
      }
    });
  }
}

describe('2.1 bodies: exact key spellings, codes and dates', () => {
  const url = PATHS[1]!;
  const mutate = <T>(body: T, f: (b: T) => void) => {
    const copy = structuredClone(body);
    f(copy);
    return copy;
  };
  const bad: [string, () => unknown, string, RegExp?][] = [
    [
      'TRANCAMENTO with hyphenated situacao-matricula inside',
      () =>
        mutate(lock(), (b) => {
          const s = b.situacaoMatricula as Record<string, unknown>;
          s['situacao-matricula'] = s.situacaoMatricula;
          delete s.situacaoMatricula;
        }),
      '/body/situacaoMatricula/situacao-matricula',
      /not a known field/,
    ],
    [
      'TRANCAMENTO with camelCase dataOcorrido',
      () =>
        mutate(lock(), (b) => {
          const s = b.situacaoMatricula as Record<string, unknown>;
          s.dataOcorrido = s['data-ocorrido'];
          delete s['data-ocorrido'];
        }),
      '/body/situacaoMatricula/data-ocorrido',
      /required/,
    ],
    [
      'TRANCAMENTO with tipo F',
      () => mutate(lock(), (b) => Object.assign(b.situacaoMatricula, { tipo: 'F' })),
      '/body/situacaoMatricula/tipo',
      /use one of: D$/,
    ],
    [
      'TRANCAMENTO with an unknown tipo',
      () => mutate(lock(), (b) => Object.assign(b.situacaoMatricula, { tipo: 'Q' })),
      '/body/situacaoMatricula/tipo',
      /D, F, E, S/,
    ],
    [
      'TRANCAMENTO with situacaoMatricula A',
      () => mutate(lock(), (b) => Object.assign(b.situacaoMatricula, { situacaoMatricula: 'A' })),
      '/body/situacaoMatricula/situacaoMatricula',
      /use one of: T$/,
    ],
    [
      'TRANCAMENTO with 31-02-2026',
      () => mutate(lock(), (b) => Object.assign(b.situacaoMatricula, { 'data-ocorrido': '31-02-2026' })),
      '/body/situacaoMatricula/data-ocorrido',
      /not a real date/,
    ],
    [
      'AFASTAMENTO_EVASAO with camelCase situacaoMatricula inside',
      () =>
        mutate(withdrawal(), (b) => {
          const s = b.situacaoMatricula as Record<string, unknown>;
          s.situacaoMatricula = s['situacao-matricula'];
          delete s['situacao-matricula'];
        }),
      '/body/situacaoMatricula/situacaoMatricula',
      /not a known field/,
    ],
    [
      'AFASTAMENTO_EVASAO with an unknown reason code',
      () => withdrawal('F', '42'),
      '/body/situacaoMatricula/motivo',
      /1, 2, 3/,
    ],
    [
      'AFASTAMENTO_EVASAO with situacao-matricula T',
      () => mutate(withdrawal(), (b) => Object.assign(b.situacaoMatricula, { 'situacao-matricula': 'T' })),
      '/body/situacaoMatricula/situacao-matricula',
      /use one of: F$/,
    ],
    [
      'AFASTAMENTO_EVASAO with situacao-restituicao Z',
      () => mutate(withdrawal(), (b) => Object.assign(b.situacaoMatricula, { 'situacao-restituicao': 'Z' })),
      '/body/situacaoMatricula/situacao-restituicao',
      /N, A, P/,
    ],
    [
      'AFASTAMENTO_EVASAO with yyyy-mm-dd data-ocorrido',
      () => mutate(withdrawal(), (b) => Object.assign(b.situacaoMatricula, { 'data-ocorrido': '2026-01-10' })),
      '/body/situacaoMatricula/data-ocorrido',
    ],
    [
      'MANUTENCAO_VINCULO with camelCase motivoComplementar',
      () => mutate(bond(), (b) => Object.assign(b.situacaoMatricula, { motivoComplementar: 'x' })),
      '/body/situacaoMatricula/motivoComplementar',
      /not a known field/,
    ],
    [
      'MANUTENCAO_VINCULO with dd-mm-yyyy inicio-reembolso',
      () => mutate(bond(), (b) => Object.assign(b.situacaoMatricula, { 'inicio-reembolso': '01-08-2027' })),
      '/body/situacaoMatricula/inicio-reembolso',
    ],
    [
      'MANUTENCAO_VINCULO with an impossible inicio-reembolso',
      () => mutate(bond(), (b) => Object.assign(b.situacaoMatricula, { 'inicio-reembolso': '2027-13-01' })),
      '/body/situacaoMatricula/inicio-reembolso',
      /not a real date/,
    ],
    [
      'MANUTENCAO_VINCULO with a withdrawal reason',
      () => mutate(bond(), (b) => Object.assign(b.situacaoMatricula, { motivo: '1' })),
      '/body/situacaoMatricula/motivo',
      /ESTAGIO/,
    ],
    ['REVISAO_ANALISE without motivo', () => ({ situacao: 'REVISAO_ANALISE' }), '/body/motivo', /required/],
    ['an unknown situacao', () => ({ situacao: 'FERIAS' }), '/body/situacao', /REVISAO_ANALISE, TRANCAMENTO/],
    ['ENVIO_VALORES without values', () => ({ situacao: 'ENVIO_VALORES' }), '/body/valoresRenovacao', /required/],
    [
      'ENVIO_VALORES with a misspelt item key',
      () => ({ situacao: 'ENVIO_VALORES', valoresRenovacao: [{ valor_contrato: 1 }] }),
      '/body/valoresRenovacao/0/valor_contrato',
      /not a known field/,
    ],
  ];
  for (const [name, body, pointer, message] of bad) {
    test(`${name} is 400 at ${pointer}; nothing changes`, async () => {
      const e = await w.entry('APTO');
      const before = await snapshot(t.db, e);
      assertInvalid(await post(t, w.ie, url(e.brbId), body()), pointer, message);
      assert.deepEqual(await snapshot(t.db, e), before);
    });
  }

  test('a brbId in the body that is not the one in the path is 400', async () => {
    const e = await w.entry('APTO');
    assertInvalid(await post(t, w.ie, url(e.brbId), { ...lock(), brbId: e.brbId + 1000 }), '/body/brbId');
    assert.equal((await post(t, w.ie, url(e.brbId), { ...lock(), brbId: e.brbId })).statusCode, 200);
  });

  test('a future data-ocorrido is 422; a dropout with situacao-restituicao N is 422', async () => {
    const e = await w.entry('APTO');
    const future = mutate(lock(), (b) => Object.assign(b.situacaoMatricula, { 'data-ocorrido': brDay(2) }));
    assert.equal((await post(t, w.ie, url(e.brbId), future)).statusCode, 422);
    const dropout = mutate(withdrawal('E', 'Sumiu'), (b) =>
      Object.assign(b.situacaoMatricula, { 'situacao-restituicao': 'N' }),
    );
    const response = await post(t, w.ie, url(e.brbId), dropout);
    assert.equal(response.statusCode, 422);
    assert.match(problemOf(response).detail, /must be A/);
  });
});
