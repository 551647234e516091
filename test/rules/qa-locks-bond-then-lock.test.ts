import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ActionWorld,
  brDay,
  contract,
  createActionWorld,
  post,
  setLockCounters,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

// DOMAIN.md, "Locks": no route resets the consecutive count except a semester with credit or bond
// maintenance. A semester is what it ends as: seen on the demo, keep lock at 2/2 answered 422,
// then bond maintenance (count → 0) followed by a lock in the same semester answered 200 with the
// count at 1 — a third locked semester in a row, past the convênio's limit of 2
// (docs/decisions.md).

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes';
const counters = async (contratoId: number) => {
  const c = await contract(t.db, contratoId);
  return [c.semestres_trancados, c.trancamentos_consecutivos];
};

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
    assert.deepEqual(await counters(e.contratoId), [1, 0]);
    const lock = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(lock.statusCode, 200, lock.body);
    assert.deepEqual(await counters(e.contratoId), [2, 2]);
  });
});
