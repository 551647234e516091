import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setClock, today } from '../../src/lib/business-date.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { calendar, contractInRestitution, moneySnapshot, type Restitution } from '../helpers/restitution-factories.js';

// DOMAIN.md, "Time": one clock for every business date. `renova serve --today` (and the mock, at
// 2026-03-16) move the service clock; actions and journeys followed it, but payments and monthly
// transfers read the machine's clock: in the mock a payment dated after the mock's today was
// accepted, and an adjustment for a month that had not begun for the mock was recorded.

const real = calendar();
const FORTY_DAYS = 40 * 86_400_000;
let t: TestContext;
let r: Restitution;
let restore: () => void;
before(async () => {
  restore = setClock(new Date(Date.now() - FORTY_DAYS));
  t = await createTestApp();
  r = await contractInRestitution(t.db);
});
after(async () => {
  restore();
  await t.close();
});

const operator = { role: 'OPERADOR' as const, ies: [] };

describe('payments and transfers follow the service clock', () => {
  test('the service clock reads 40 days ago', () => {
    assert.ok(today() < real.today);
  });

  test("a payment dated the machine's today, after the service's today, is 422 and nothing is recorded", async () => {
    const before = await moneySnapshot(t.db);
    const response = await t.call({
      method: 'POST',
      url: '/s/operador/pagamentos',
      ...operator,
      payload: { contratoId: r.contratoId, dataPagamento: real.today },
    });
    assert.equal(response.statusCode, 422, response.body);
    assert.match(response.body, new RegExp(`today is ${today()}`));
    assert.deepEqual(await moneySnapshot(t.db), before);
  });

  test("an adjustment for the machine's month, not begun for the service, is 422", async () => {
    const serviceMonth = today().slice(0, 7);
    if (serviceMonth === real.current) return; // the 40 days stayed inside one month: nothing to tell apart
    const before = await moneySnapshot(t.db);
    const response = await t.call({
      method: 'POST',
      url: '/s/operador/repasse/ajustes',
      ...operator,
      payload: { ieId: r.ie.ieId, competencia: real.current, valor: 10, descricao: 'Correção de teste' },
    });
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual(await moneySnapshot(t.db), before);
  });
});
