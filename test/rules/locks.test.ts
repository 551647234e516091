import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ActionEntry,
  type ActionWorld,
  addendum,
  brDay,
  contract,
  createActionWorld,
  post,
  setLockCounters,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { valuesItem } from '../helpers/values-factories.js';

// DOMAIN.md, "Locks": the consecutive-lock limit counts every lock semester in a row however it
// was entered; only a semester with credit or bond maintenance ends the run. The total-lock limit
// counts every lock semester of the contract. Convênio defaults: 4 in total, 2 in a row.

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes';
const counters = async (e: ActionEntry) => {
  const c = await contract(t.db, e.contratoId);
  return [c.semestres_trancados, c.trancamentos_consecutivos];
};

/**
 * Every way into a lock semester: keep the lock carried from last semester (SEM_RENOVACAO/
 * TRANCAMENTO), change the status to lock, or lock an APTO entry afresh.
 */
type Way = [
  string,
  'carried' | 'sem' | 'APTO',
  (e: ActionEntry) => string,
  (e: ActionEntry) => Record<string, unknown>,
];
const waysIn: Way[] = [
  ['keep lock (v3)', 'carried', () => `${V3}/manter-trancamento`, (e) => ({ brbId: e.brbId })],
  ['keep lock (v2)', 'carried', () => '/s/v2/manter-trancamento', (e) => ({ brbId: e.brbId })],
  [
    // From another sem-renovação reason: a carried lock is kept, never locked again (409, DOMAIN.md "Actions").
    'status change to lock (v3 alterar-status/trancamento)',
    'sem',
    () => `${V3}/alterar-status/trancamento`,
    (e) => ({ brbId: e.brbId, dataOcorrido: brDay(-1) }),
  ],
  ['fresh lock (v3)', 'APTO', () => `${V3}/trancamento`, (e) => ({ brbId: e.brbId, dataOcorrido: brDay(-1) })],
  [
    'fresh lock (2.1 alterar, TRANCAMENTO)',
    'APTO',
    (e) => `/s/v2/renovacao/status-contrato/${e.brbId}/brb-id/alterar`,
    () => ({
      situacao: 'TRANCAMENTO',
      situacaoMatricula: { tipo: 'D', situacaoMatricula: 'T', 'data-ocorrido': brDay(-1) },
    }),
  ],
];
const entryFor = (from: Way[1]) =>
  from === 'carried'
    ? w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' })
    : from === 'sem'
      ? w.entry('SEM_RENOVACAO', { motivo: 'NAO_RENOVADO' })
      : w.entry('APTO');

describe('the consecutive-lock limit, however the lock is entered', () => {
  for (const [name, from, url, body] of waysIn) {
    test(`at 2 locked semesters in a row, ${name} is 422 and nothing changes`, async () => {
      const e = await entryFor(from);
      await setLockCounters(t.db, e, 2, 2);
      const before = await snapshot(t.db, e);
      const r = await post(t, w.ie, url(e), body(e));
      assert.equal(r.statusCode, 422, r.body);
      assert.equal(problemOf(r).limite, 'max_trancamentos_consecutivos');
      assert.match(problemOf(r).detail, /2 consecutive locked semesters; the convênio allows at most 2/);
      assert.deepEqual(await snapshot(t.db, e), before);
    });
  }

  test('the case seen: keep lock refused, then alterar-status/trancamento is refused too and the count stays', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    await setLockCounters(t.db, e, 2, 2);
    assert.equal((await post(t, w.ie, `${V3}/manter-trancamento`, { brbId: e.brbId })).statusCode, 422);
    const r = await post(t, w.ie, `${V3}/alterar-status/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    // Locking an entry already locked is not allowed at all (409, DOMAIN.md "Actions"): the count stays.
    assert.equal(r.statusCode, 409, r.body);
    assert.deepEqual(await counters(e), [2, 2]);
  });

  test('a fresh lock continues the run: 1 in a row becomes 2', async () => {
    const e = await w.entry('APTO');
    await setLockCounters(t.db, e, 1, 1);
    const r = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(await counters(e), [2, 2]);
  });

  test('a bond maintenance ends the run; a lock replacing it in the same semester resumes it (422 at the limit)', async () => {
    const e = await w.entry('APTO');
    await setLockCounters(t.db, e, 2, 2);
    const bond = await post(t, w.ie, `${V3}/manutencao-vinculo`, { brbId: e.brbId, motivo: 'DEPENDENCIA' });
    assert.equal(bond.statusCode, 200, bond.body);
    assert.deepEqual(await counters(e), [2, 0]);
    // The semester is what it ends as (docs/decisions.md; "a bond maintenance followed by a lock" below).
    const lock = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(lock.statusCode, 422, lock.body);
    assert.deepEqual(await counters(e), [2, 0]);
  });

  test('a semester with credit (the addendum signed) ends the run', async () => {
    const e = await w.entry('AGUARDANDO_ASSINATURA');
    await setLockCounters(t.db, e, 2, 2);
    await addendum(t.db, e, 'GERADO');
    const r = await t.call({
      method: 'POST',
      url: `/s/operador/renovacoes/${e.brbId}/assinatura`,
      payload: {},
      role: 'OPERADOR',
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(await counters(e), [2, 0]);
  });

  test('sending values that end a lock does not end the run (no credit yet)', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    await setLockCounters(t.db, e, 2, 2);
    const r = await post(t, w.ie, `${V3}/alterar-status/enviar-valores`, {
      valores: [valuesItem(e.brbId)],
      dadosTrancamento: { brbId: e.brbId, dataOcorrido: brDay(-1) },
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().trancamento.resultado, 'OK');
    assert.deepEqual(await counters(e), [2, 2]);
  });
});

describe('the total-lock limit counts every lock semester', () => {
  for (const [name, from, url, body] of waysIn) {
    test(`at 4 locked semesters, ${name} is 422 naming the total limit`, async () => {
      const e = await entryFor(from);
      await setLockCounters(t.db, e, 4, 0);
      const before = await snapshot(t.db, e);
      const r = await post(t, w.ie, url(e), body(e));
      assert.equal(r.statusCode, 422, r.body);
      assert.equal(problemOf(r).limite, 'max_semestres_trancamento');
      assert.deepEqual(await snapshot(t.db, e), before);
    });
  }
});

// Seen on the demo: keep lock at 2/2 answered 422, then bond maintenance (count → 0) followed by a
// lock in the same semester answered 200 with the count at 1, a third locked semester in a row.
// A semester is what it ends as (docs/decisions.md).
describe('a bond maintenance followed by a lock in the same semester', () => {
  test('carried lock at 2 in a row: keep is 422; bond then lock is 422 too, naming the limit', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    await setLockCounters(t.db, e, 2, 2);
    assert.equal((await post(t, w.ie, `${V3}/manter-trancamento`, { brbId: e.brbId })).statusCode, 422);
    const bond = await post(t, w.ie, `${V3}/alterar-status/manutencao-vinculo`, {
      brbId: e.brbId,
      motivo: 'DEPENDENCIA',
    });
    assert.equal(bond.statusCode, 200, bond.body);
    const before = await snapshot(t.db, e);
    const lock = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(lock.statusCode, 422, lock.body);
    assert.equal(problemOf(lock).limite, 'max_trancamentos_consecutivos');
    assert.deepEqual(await snapshot(t.db, e), before);
  });

  test('APTO at 1 in a row: bond then lock continues the run at 2', async () => {
    const e = await w.entry('APTO');
    await setLockCounters(t.db, e, 1, 1);
    const bond = await post(t, w.ie, `${V3}/manutencao-vinculo`, { brbId: e.brbId, motivo: 'DEPENDENCIA' });
    assert.equal(bond.statusCode, 200, bond.body);
    assert.deepEqual(await counters(e), [1, 0]);
    const lock = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(lock.statusCode, 200, lock.body);
    assert.deepEqual(await counters(e), [2, 2]);
  });
});
