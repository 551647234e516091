import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createContract, createEntry, createIe, createJourney } from '../helpers/factories.js';

// DOMAIN.md, "Journey periods": the dashboard's default journey is the open one. Seen on the demo:
// IE 1 opened its REGULARIZACAO journey of 2027/1 (allowed: one open journey per type) and every
// dashboard list and counter then defaulted to that empty journey, hiding the open 2026/2
// RENOVACAO with its 1,407 entries. The semester's renewal is the default while it is open
// (docs/decisions.md); the other type is read by journeyId.

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function ieWithTwoOpenTypes() {
  const ie = await createIe(t.db);
  const renewal = await createJourney(t.db, ie, { ano: 2026, semestre: 2, tipo: 'RENOVACAO' });
  await createEntry(t.db, ie, renewal, await createContract(t.db, ie), { situacao: 'APTO' });
  const regularization = await createJourney(t.db, ie, { ano: 2027, semestre: 1, tipo: 'REGULARIZACAO' });
  return { ie, renewal, regularization };
}

describe('the default journey while a RENOVACAO and a REGULARIZACAO are both open', () => {
  test('counters default to the open RENOVACAO 2026/2, not the newer REGULARIZACAO 2027/1', async () => {
    const { ie, renewal } = await ieWithTwoOpenTypes();
    const r = await t.call({ method: 'GET', url: '/s/v2/renovacao/dashboard/contadores', ies: [ie.ieId] });
    assert.equal(r.statusCode, 200, r.body);
    const body = r.json();
    assert.deepEqual(
      body.jornadas.map((j: { id: number }) => j.id),
      [renewal.jornadaId],
    );
    assert.equal(body.total, 1);
  });

  test('the aptos tab lists the RENOVACAO entry', async () => {
    const { ie, renewal } = await ieWithTwoOpenTypes();
    const r = await t.call({ method: 'GET', url: '/s/v2/renovacao/aptos', ies: [ie.ieId] });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(
      r.json().itens.map((e: { jornadaId: number }) => e.jornadaId),
      [renewal.jornadaId],
    );
  });

  test('the REGULARIZACAO journey is still read by journeyId', async () => {
    const { ie, regularization } = await ieWithTwoOpenTypes();
    const r = await t.call({
      method: 'GET',
      url: `/s/v2/renovacao/dashboard/contadores?journeyId=${regularization.jornadaId}`,
      ies: [ie.ieId],
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(
      r.json().jornadas.map((j: { id: number }) => j.id),
      [regularization.jornadaId],
    );
  });
});
