import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  type ActionWorld,
  brDay,
  contract,
  counters,
  countersFromEntries,
  createActionWorld,
  entryState,
  requests,
  timeline,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(async () => {
  // pg-pool's end() resolves before its sockets have closed; with ~50 pooled connections the
  // test database's forced drop (helpers/db.ts) can reach them first and their "terminating
  // connection" errors surface as uncaught. Closing the pool and letting the sockets go avoids it.
  await t.db.destroy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await t.close();
});

/**
 * Concurrent conflicting actions on one brbId leave exactly one winner: the entry row is locked
 * for the transaction, so the others see the new state and are refused. On PostgreSQL the 50
 * requests really run at once (25 at a time, the test pool); on PGlite they serialize, and the rule still holds.
 * The contested actions both end the contract (cancel, delete; through three doors), so whichever
 * wins, every other is refused. Inactivation is not among them: an inactivated entry
 * (SEM_RENOVACAO/INATIVO) may still be cancelled or deleted, so on PostgreSQL, when an
 * inactivation took the lock first, a cancel after it rightly succeeded too (CI, session 29).
 */
test(`50 concurrent cancel/delete calls on one brbId: one 200, 49 × 409, one event (${testDatabaseKind})`, async () => {
  const e = await w.entry('APTO');
  const bystander = await w.entry('APTO');
  const token = await t.token({ ies: [w.ie.ieId] });
  const calls = Array.from({ length: 50 }, (_, i) => {
    const [url, payload] =
      i % 3 === 0
        ? ['/s/v3/mais-acoes/cancelar-contrato', { brbId: e.brbId, motivo: `cancel ${i}` }]
        : i % 3 === 1
          ? [`/s/v2/mais-acoes/${e.brbId}/excluir-contrato`, { motivo: `delete ${i}` }]
          : ['/s/v3/mais-acoes/excluir-contrato', { brbId: e.brbId, motivo: `delete v3 ${i}` }];
    return t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  });
  const responses = await Promise.all(calls);
  const statuses = responses.map((r) => r.statusCode);
  const winners = responses.filter((r) => r.statusCode === 200);
  assert.equal(winners.length, 1, `statuses: ${statuses.join(',')}`);
  assert.equal(statuses.filter((s) => s === 409).length, 49, `statuses: ${statuses.join(',')}`);
  for (const loser of responses.filter((r) => r.statusCode === 409)) {
    assert.ok(Array.isArray(problemOf(loser).acoesPermitidas));
  }

  const events = await timeline(t.db, e.brbId);
  assert.equal(events.length, 1, 'exactly one timeline event');
  const state = await entryState(t.db, e.brbId);
  assert.equal(state.versao, 2, 'the entry changed once');
  assert.equal(events[0]!.situacao_nova, state.situacao);
  if (state.situacao === 'CANCELADO') assert.equal((await contract(t.db, e.contratoId)).status, 'CANCELADO');
  if (state.situacao === 'EXCLUIDO') assert.equal((await contract(t.db, e.contratoId)).status, 'EXCLUIDO');
  const live = await counters(t.db, w.journey.jornadaId);
  assert.deepEqual(live, await countersFromEntries(t.db, w.journey.jornadaId), 'counters match the entries');
  assert.equal(live.APTO, 1, 'only the bystander is still APTO');
  assert.equal((await entryState(t.db, bystander.brbId)).situacao, 'APTO');
});

test('50 concurrent locks on one brbId: one lock, one request, one task, one semester counted', async () => {
  const e = await w.entry('APTO');
  const token = await t.token({ ies: [w.ie.ieId] });
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: i % 2 ? '/s/v3/mais-acoes/trancamento' : '/s/v2/renovacao/situacao-matricula/trancamento',
        payload: i % 2 ? { brbId: e.brbId, dataOcorrido: brDay(-1) } : { brbId: e.brbId, 'data-ocorrido': brDay(-1) },
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  const statuses = responses.map((r) => r.statusCode);
  assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 409).length, 49, statuses.join(','));
  assert.equal((await timeline(t.db, e.brbId)).length, 1);
  assert.equal((await requests(t.db, e.brbId)).length, 1);
  assert.equal((await contract(t.db, e.contratoId)).semestres_trancados, 1);
  assert.deepEqual(await counters(t.db, w.journey.jornadaId), await countersFromEntries(t.db, w.journey.jornadaId));
});
