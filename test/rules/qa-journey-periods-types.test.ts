import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe, createJourney, type TestIe } from '../helpers/factories.js';

// DOMAIN.md, "Journey periods": a journey is opened only for the period right after the IE's
// latest journey (another period is 422 naming the one that may be opened), and the dashboard's
// default journey is the open one. Seen on the demo: an IE user with 2026/2 RENOVACAO open opened
// REGULARIZACAO 2035/1 (its first journey of that type, a period no calendar lists) and the
// dashboard then defaulted to the empty 2035/1 journey, hiding 2026/2.

// Fixed in src/modules/journey-lifecycle/journey-periods.ts (docs/decisions.md, "QA pass over the
// rules added after the first release"): an IE's first journey of a type is of the period of its
// latest journey or the one after; an IE user opens only a period its convênio calendar lists; only
// the foundation sets a renewal window.

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const journeysOf = (ie: TestIe) =>
  t.db
    .selectFrom('jornada')
    .select(['id', 'tipo', 'ano', 'semestre', 'status'])
    .where('ie_id', '=', ie.ieId)
    .orderBy('id')
    .execute();

async function ieWith2026_2Open() {
  const ie = await createIe(t.db);
  await createJourney(t.db, ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
  const open = await createJourney(t.db, ie, { ano: 2026, semestre: 2, status: 'ABERTA' });
  return { ie, open };
}

describe("an IE's first journey of another type", () => {
  for (const url of ['/s/v2/renovacao/jornadas/REGULARIZACAO/abrir', '/s/v2/renovacao/jornadas/abrir']) {
    test(`REGULARIZACAO 2035/1 by an IE user (${url}) is 422 naming a period next to its journeys; nothing is created`, async () => {
      const { ie } = await ieWith2026_2Open();
      const before = await journeysOf(ie);
      const payload = url.endsWith('/jornadas/abrir')
        ? { ano: 2035, semestre: 1, tipo: 'REGULARIZACAO' }
        : { ano: 2035, semestre: 1 };
      const r = await t.call({ method: 'POST', url, payload, ies: [ie.ieId] });
      assert.equal(r.statusCode, 422, r.body);
      assert.match(problemOf(r).detail, /2035\/1/);
      assert.deepEqual(await journeysOf(ie), before);
    });
  }

  test('the dashboard still defaults to the open 2026/2 journey after the attempt', async () => {
    const { ie, open } = await ieWith2026_2Open();
    await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/REGULARIZACAO/abrir',
      payload: { ano: 2035, semestre: 1 },
      ies: [ie.ieId],
    });
    const r = await t.call({ method: 'GET', url: '/s/v2/renovacao/dashboard/contadores', ies: [ie.ieId] });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(
      r.json().jornadas.map((j: { id: number }) => j.id),
      [open.jornadaId],
    );
  });
});

describe('the renewal window of a journey an IE user opens', () => {
  test('an IE user cannot set its own window (janelaInicio 2020-01-01, janelaFim 2099-12-31): 422, nothing created', async () => {
    const ie = await createIe(t.db);
    await createJourney(t.db, ie, { ano: 2026, semestre: 2, status: 'ENCERRADA' });
    const before = await journeysOf(ie);
    const r = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/abrir',
      payload: { ano: 2027, semestre: 1, janelaInicio: '2020-01-01', janelaFim: '2099-12-31' },
      ies: [ie.ieId],
    });
    assert.equal(r.statusCode, 422, r.body);
    assert.match(problemOf(r).detail, /Only the foundation sets the renewal window/);
    assert.deepEqual(await journeysOf(ie), before);
  });
});
