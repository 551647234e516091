import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ActionWorld,
  brDay,
  contract,
  createActionWorld,
  entryState,
  openRequest,
  post,
  requests,
  setLockCounters,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  // The convênio defaults: at most 4 locked semesters and 2 consecutive locked semesters.
  w = await createActionWorld(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes';

describe('convênio lock limits (422 naming the limit, nothing changes)', () => {
  test('a fifth locked semester is refused; the fourth is accepted', async () => {
    const e = await w.entry();
    await setLockCounters(t.db, e, 4);
    const before = await snapshot(t.db, e);
    const response = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(response.statusCode, 422, response.body);
    const problem = problemOf(response);
    assert.equal(problem.detail, 'This contract already has 4 locked semesters; the convênio allows at most 4.');
    assert.equal(problem.limite, 'max_semestres_trancamento');
    assert.deepEqual(await snapshot(t.db, e), before);

    const ok = await w.entry();
    await setLockCounters(t.db, ok, 3, 1);
    assert.equal(
      (await post(t, w.ie, `${V3}/trancamento`, { brbId: ok.brbId, dataOcorrido: brDay(-1) })).statusCode,
      200,
    );
    const c = await contract(t.db, ok.contratoId);
    assert.equal(c.semestres_trancados, 4);
    // DOMAIN.md, "Locks": a fresh lock continues the run; only credit or bond maintenance ends it.
    assert.equal(c.trancamentos_consecutivos, 2, 'a fresh lock continues the run of locked semesters');
  });

  test('a third consecutive kept lock is refused; the limits follow the convênio', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    await setLockCounters(t.db, e, 2, 2);
    const before = await snapshot(t.db, e);
    const response = await post(t, w.ie, `${V3}/manter-trancamento`, { brbId: e.brbId });
    assert.equal(response.statusCode, 422);
    assert.match(problemOf(response).detail, /2 consecutive locked semesters; the convênio allows at most 2/);
    assert.deepEqual(await snapshot(t.db, e), before);

    const strict = await createActionWorld(t.db, { max_semestres_trancamento: 1, max_trancamentos_consecutivos: 0 });
    const s = await strict.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    await setLockCounters(t.db, s, 1, 0);
    const kept = await post(t, strict.ie, '/s/v2/manter-trancamento', { brbId: s.brbId });
    assert.equal(kept.statusCode, 422);
    assert.match(problemOf(kept).detail, /already has 1 locked semesters; the convênio allows at most 1/);
    await setLockCounters(t.db, s, 0, 0);
    const consecutive = await post(t, strict.ie, '/s/v2/manter-trancamento', { brbId: s.brbId });
    assert.equal(consecutive.statusCode, 422);
    assert.equal(problemOf(consecutive).limite, 'max_trancamentos_consecutivos');
  });

  test('a kept lock with room left counts one more semester and one more consecutive lock', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    await setLockCounters(t.db, e, 1, 1);
    assert.equal((await post(t, w.ie, `${V3}/manter-trancamento`, { brbId: e.brbId })).statusCode, 200);
    const c = await contract(t.db, e.contratoId);
    assert.deepEqual([c.semestres_trancados, c.trancamentos_consecutivos], [2, 2]);
  });

  test('a semester is counted once: a lock already concluded in the entry is not counted again', async () => {
    const e = await w.entry('MANUTENCAO_VINCULO');
    await openRequest(t.db, e, 'TRANCAMENTO', { status: 'CONCLUIDA' });
    await setLockCounters(t.db, e, 1, 0);
    assert.equal(
      (await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) })).statusCode,
      200,
    );
    assert.equal((await contract(t.db, e.contratoId)).semestres_trancados, 1);
  });

  test('keeping a lock already recorded this semester is 409', async () => {
    const e = await w.entry('SEM_RENOVACAO', { motivo: 'TRANCAMENTO' });
    await openRequest(t.db, e, 'TRANCAMENTO', { status: 'CONCLUIDA' });
    const before = await snapshot(t.db, e);
    const response = await post(t, w.ie, `${V3}/manter-trancamento`, { brbId: e.brbId });
    assert.equal(response.statusCode, 409);
    assert.match(problemOf(response).detail, /already recorded/);
    assert.deepEqual(await snapshot(t.db, e), before);
  });
});

describe('one request in progress per kind per brbId (409)', () => {
  const cases = [
    ['TRANCAMENTO', ['SEM_RENOVACAO', 'NAO_RENOVADO'], `${V3}/alterar-status/trancamento`, { dataOcorrido: brDay(-1) }],
    ['AFASTAMENTO_EVASAO', ['APTO'], `${V3}/afastamento-evasao`, { dataOcorrido: brDay(-1), motivo: '1' }],
    ['MANUTENCAO_VINCULO', ['APTO'], `${V3}/manutencao-vinculo`, { motivo: 'TCC' }],
    [
      'REVISAO_ANALISE',
      ['EM_PROCESSAMENTO'],
      '/s/v2/status-contrato/{brbId}/brb-id/alterar',
      { situacao: 'REVISAO_ANALISE', motivo: 'x' },
    ],
  ] as const;
  for (const [tipo, from, url, body] of cases) {
    test(`a second ${tipo} request is refused while one is in progress`, async () => {
      const e = await w.entry(from[0], { motivo: from[1] });
      const open = await openRequest(t.db, e, tipo);
      const before = await snapshot(t.db, e);
      const response = await post(t, w.ie, url.replace('{brbId}', String(e.brbId)), { brbId: e.brbId, ...body });
      assert.equal(response.statusCode, 409, response.body);
      const problem = problemOf(response);
      assert.equal(problem.solicitacaoEmAndamento, open);
      assert.match(problem.detail, new RegExp(`${tipo} request \\(${open}\\) is already in progress`));
      assert.deepEqual(await snapshot(t.db, e), before);
    });
  }

  test('a lock then a status-change lock on the same entry: the second is 409 (request in progress)', async () => {
    const e = await w.entry('APTO');
    assert.equal(
      (await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) })).statusCode,
      200,
    );
    const again = await post(t, w.ie, `${V3}/alterar-status/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(again.statusCode, 409);
    assert.equal((await requests(t.db, e.brbId)).length, 1);
    assert.equal((await contract(t.db, e.contratoId)).semestres_trancados, 1);
    assert.equal((await entryState(t.db, e.brbId)).motivo, 'TRANCAMENTO');
  });
});
