import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, today } from '../../src/lib/business-date.js';
import { type ActionEntry, type ActionWorld, createActionWorld, post, snapshot } from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

/**
 * DOMAIN.md, "Rules for the whole semester…", Actions: no action to the situation the entry is
 * already in (409, never listed in acoesPermitidas); occurrence dates from the first day of the
 * semester before the journey's to today (422 naming the range); reasons of 3 to 500 characters
 * for inactivation, dropout, cancellation and deletion (422). Every refusal changes nothing.
 */
let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes';
const br = (iso: string) => iso.split('-').reverse().join('-');
const slash = (iso: string) => iso.split('-').reverse().join('/');

async function refusedUnchanged(e: ActionEntry, status: number, call: () => ReturnType<typeof post>) {
  const before = await snapshot(t.db, e);
  const response = await call();
  assert.equal(response.statusCode, status, response.body);
  assert.deepEqual(await snapshot(t.db, e), before, 'a refusal changes nothing');
  return problemOf(response);
}

async function allowed(e: ActionEntry): Promise<string[]> {
  const r = await post(t, w.ie, '/s/v1/contrato/mais-acoes/dados-complementares', { brbId: e.brbId });
  assert.equal(r.statusCode, 200, r.body);
  return r.json().acoesPermitidas;
}

describe('no action to the situation the entry is already in', () => {
  test('inactivating an INATIVO entry is 409 naming the situation; acoesPermitidas never lists it', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'INATIVO' });
    assert.ok(!(await allowed(e)).includes('INATIVAR'));
    const problem = await refusedUnchanged(e, 409, () =>
      t.call({
        method: 'POST',
        url: `${V3}/inativar-estudante`,
        payload: { brbId: e.brbId, motivo: 'Transferiu-se' },
        ies: [w.ie.ieId],
        headers: { 'accept-language': 'pt-BR' },
      }),
    );
    assert.equal(problem.situacao, 'SEM_RENOVACAO');
    // In words a person reads (pt-BR by default in the portal), no code.
    assert.match(problem.detail, /já está em Sem renovação \(inativo\)/);
    assert.doesNotMatch(problem.detail, /INATIV/);
    assert.ok(!(problem.acoesPermitidas as string[]).includes('INATIVAR'));
  });

  test('locking an entry already locked (alterar-status door) is 409', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    const r = await post(t, w.ie, '/s/v1/contrato/mais-acoes/dados-complementares', { brbId: e.brbId });
    assert.ok(!(r.json().acoesPermitidasAlterarStatus as string[]).includes('TRANCAMENTO'));
    await refusedUnchanged(e, 409, () =>
      post(t, w.ie, `${V3}/alterar-status/trancamento`, { brbId: e.brbId, dataOcorrido: br(today()) }),
    );
  });

  test('after a lock this semester, keeping a carried lock is not offered (it would be refused)', async () => {
    const e = await w.entry();
    const lock = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: br(today()) });
    assert.equal(lock.statusCode, 200, lock.body);
    assert.ok(!(await allowed(e)).includes('MANTER_TRANCAMENTO'));
    const carried = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    assert.ok((await allowed(carried)).includes('MANTER_TRANCAMENTO'));
  });

  test('a withdrawal of a withdrawn entry and a dropout of a dropped-out one are 409', async () => {
    const f = await w.entry('SEM_RENOVACAO', { motivo: 'AFASTAMENTO' });
    assert.ok(!(await allowed(f)).includes('AFASTAMENTO'));
    await refusedUnchanged(f, 409, () =>
      post(t, w.ie, `${V3}/afastamento-evasao`, { brbId: f.brbId, dataOcorrido: br(today()), motivo: '1', tipo: 'F' }),
    );
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'EVASAO' });
    await refusedUnchanged(e, 409, () =>
      post(t, w.ie, `${V3}/afastamento-evasao`, {
        brbId: e.brbId,
        dataOcorrido: br(today()),
        motivo: 'Abandonou o curso',
        tipo: 'E',
      }),
    );
  });

  test('every action acoesPermitidas lists changes the situation (or is one whose effect is not the situation)', async () => {
    for (const [situacao, motivo] of [
      ['APTO'],
      ['SEM_RENOVACAO', 'INATIVO'],
      ['SEM_RENOVACAO', 'AFASTAMENTO'],
      ['SEM_RENOVACAO', 'TRANCAMENTO'],
      ['MANUTENCAO_VINCULO'],
    ] as const) {
      const e = await w.entry(situacao, { motivo });
      const list = await allowed(e);
      if (motivo) assert.ok(!list.includes(motivo === 'INATIVO' ? 'INATIVAR' : motivo), `${situacao}/${motivo}`);
      if (situacao === 'MANUTENCAO_VINCULO') assert.ok(!list.includes('MANUTENCAO_VINCULO'));
    }
  });
});

describe('occurrence dates: from the first day of the semester before the journey to today', () => {
  // The world's journey (2026/2): occurrence dates from 01/01/2026 to today.
  const now = today();
  let earliest: string;
  let entry: () => Promise<ActionEntry>;
  before(() => {
    earliest = w.journey.semestre === 2 ? `${w.journey.ano}-01-01` : `${w.journey.ano - 1}-07-01`;
    entry = () => w.entry();
  });

  for (const [name, url, body] of [
    ['lock', `${V3}/trancamento`, (brbId: number, d: string) => ({ brbId, dataOcorrido: d })],
    [
      'withdrawal',
      `${V3}/afastamento-evasao`,
      (brbId: number, d: string) => ({ brbId, dataOcorrido: d, motivo: '1', tipo: 'F' }),
    ],
    [
      'dropout',
      `${V3}/afastamento-evasao`,
      (brbId: number, d: string) => ({ brbId, dataOcorrido: d, motivo: 'Abandonou o curso', tipo: 'E' }),
    ],
    [
      'bond maintenance',
      `${V3}/manutencao-vinculo`,
      (brbId: number, d: string) => ({ brbId, dataOcorrido: d, motivo: 'TCC' }),
    ],
  ] as const) {
    test(`${name}: tomorrow and the day before the range are 422 naming the range; its two ends are accepted`, async () => {
      const range = `from ${slash(earliest)} to ${slash(now)}`;
      for (const day of [addDays(now, 1), addDays(earliest, -1)]) {
        const e = await entry();
        const problem = await refusedUnchanged(e, 422, () => post(t, w.ie, url, body(e.brbId, br(day))));
        assert.ok(problem.detail.includes(range), problem.detail);
        assert.equal(problem.errors?.[0]?.pointer, '/body/dataOcorrido');
        assert.equal((problem as unknown as { dataMinima: string }).dataMinima, earliest);
      }
      for (const day of [earliest, now]) {
        const e = await entry();
        const ok = await post(t, w.ie, url, body(e.brbId, br(day)));
        assert.equal(ok.statusCode, 200, ok.body);
      }
    });
  }

  test('the v2 status change names the field where the client wrote it', async () => {
    const e = await entry();
    const problem = await refusedUnchanged(e, 422, () =>
      post(t, w.ie, `/s/v2/status-contrato/${e.brbId}/brb-id/alterar`, {
        situacao: 'TRANCAMENTO',
        situacaoMatricula: { tipo: 'D', situacaoMatricula: 'T', 'data-ocorrido': br(addDays(now, 2)) },
      }),
    );
    assert.equal(problem.errors?.[0]?.pointer, '/body/situacaoMatricula/data-ocorrido');
  });
});

describe('reasons of 3 to 500 characters after trimming', () => {
  const cases = [
    ['inactivation', `${V3}/inativar-estudante`, (brbId: number, motivo?: string) => ({ brbId, motivo })],
    ['cancellation', `${V3}/cancelar-contrato`, (brbId: number, motivo?: string) => ({ brbId, motivo })],
    ['deletion', `${V3}/excluir-contrato`, (brbId: number, motivo?: string) => ({ brbId, motivo })],
    [
      'dropout',
      `${V3}/afastamento-evasao`,
      (brbId: number, motivo?: string) => ({ brbId, dataOcorrido: br(today()), tipo: 'E', motivo }),
    ],
  ] as const;
  for (const [name, url, body] of cases) {
    test(`${name}: a reason of 2 characters after trimming is 422, of 501 is 400, both naming the field; 3 is enough`, async () => {
      // 2 characters once trimmed: the rule (422). More than 500 as sent: the body's schema (400). Both name the field.
      for (const [motivo, status] of [
        ['  ab  ', 422],
        ['x'.repeat(501), 400],
      ] as const) {
        const e = await w.entry();
        const problem = await refusedUnchanged(e, status, () => post(t, w.ie, url, body(e.brbId, motivo)));
        assert.equal(problem.errors?.[0]?.pointer, '/body/motivo', JSON.stringify(problem));
        if (status === 422) assert.match(problem.detail, /3 to 500 characters/);
      }
      const e = await w.entry();
      const ok = await post(t, w.ie, url, body(e.brbId, ' abc '));
      assert.equal(ok.statusCode, 200, ok.body);
    });
  }

  test('inactivation without a reason is 422; with the v2 cancellation an empty-after-trim reason is 422 too', async () => {
    const e = await w.entry();
    await refusedUnchanged(e, 422, () => post(t, w.ie, `${V3}/inativar-estudante`, { brbId: e.brbId }));
    await refusedUnchanged(e, 422, () =>
      post(t, w.ie, `/s/v2/mais-acoes/${e.brbId}/cancelar-contrato`, { motivo: '   ' }),
    );
  });

  test("another IE's entry is 404 whatever the reason (nothing said about it)", async () => {
    const e = await w.entry('APTO', { other: true });
    const r = await post(t, w.ie, `${V3}/inativar-estudante`, { brbId: e.brbId, motivo: 'a' });
    assert.equal(r.statusCode, 404, r.body);
  });
});
