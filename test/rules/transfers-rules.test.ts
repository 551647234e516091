import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Caller } from '../../src/http/auth.js';
import { recordPayments } from '../../src/modules/refunds/payments.service.js';
import { closeMonth, monthlyTransfer, recordAdjustment } from '../../src/modules/transfers/transfers.service.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { calendar, contractInRestitution, moneySnapshot, type Restitution } from '../helpers/restitution-factories.js';

/**
 * DOMAIN.md, "Restitution payments and monthly transfers" (issue 12, case 5): closing a month,
 * adjustments. HTTP first; the close on a given day, which HTTP cannot choose, through the same
 * service functions the routes call with the day given.
 */
let t: TestContext;
let r: Restitution;
const c = calendar();
const operator = { role: 'OPERADOR' as const, ies: [] };
const OPERATOR: Caller = {
  sub: 'operador-teste',
  name: 'Operador',
  role: 'OPERADOR',
  ies: [],
  grupoIe: null,
  all: true,
};

before(async () => {
  t = await createTestApp();
  r = await contractInRestitution(t.db);
});
after(() => t.close());

const adjust = (payload: object) =>
  t.call({ method: 'POST', url: '/s/operador/repasse/ajustes', ...operator, payload });

async function refused(status: number, request: () => Promise<{ statusCode: number; body: string }>) {
  const before = await moneySnapshot(t.db);
  const response = await request();
  assert.equal(response.statusCode, status, response.body);
  assert.deepEqual(await moneySnapshot(t.db), before, 'nothing changed');
  return response;
}

/** São Paulo noon of a day. */
const at = (day: string) => new Date(`${day}T12:00:00-03:00`);

describe('monthly transfers: adjustments and closed months (case 5)', () => {
  test('an adjustment needs a reason: blank is 400, nothing recorded', async () => {
    await refused(400, () => adjust({ ieId: r.ie.ieId, competencia: c.current, valor: 10, descricao: '    ' }));
    await refused(400, () => adjust({ ieId: r.ie.ieId, competencia: c.current, valor: 10 }));
  });

  test("a month's net transfer is never negative: −99,999.99 is 422, nothing recorded", async () => {
    const paid = await t.call({
      method: 'POST',
      url: '/s/operador/pagamentos',
      ...operator,
      payload: { contratoId: r.contratoId, dataPagamento: c.today },
    });
    assert.equal(paid.statusCode, 201, paid.body);
    // Net this month: 1168.00 − 168.00 = 1000.00.
    const response = await refused(422, () =>
      adjust({ ieId: r.ie.ieId, competencia: c.current, valor: -99999.99, descricao: 'Estorno' }),
    );
    assert.match(problemOf(response as never).detail, /-98999\.99/);
    await refused(422, () =>
      adjust({ ieId: r.ie.ieId, competencia: c.current, valor: -1000.01, descricao: 'Estorno' }),
    );
    const exact = await adjust({ ieId: r.ie.ieId, competencia: c.current, valor: -1000, descricao: 'Estorno total' });
    assert.equal(exact.statusCode, 201, exact.body);
    const month = (
      await t.call({ method: 'GET', url: `/s/v2/repasse/${c.current}?ieId=${r.ie.ieId}`, ies: [r.ie.ieId] })
    ).json() as { ies: { totais: Record<string, number> }[] };
    assert.deepEqual(month.ies[0]!.totais, {
      quantidade: 1,
      bruto: 1168,
      taxa: 168,
      liquido: 1000,
      ajustes: -1000,
      aRepassar: 0,
    });
  });

  test('an adjustment aimed at a closed month goes into the current month and names the one it refers to', async () => {
    const before = await t.call({ method: 'GET', url: `/s/v2/repasse/${c.closed}`, ies: [r.ie.ieId] });
    const response = await adjust({
      ieId: r.ie.ieId,
      competencia: c.closed,
      valor: 25.5,
      descricao: 'Correção de setembro',
    });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json() as { competencia: string; competenciaReferencia: string | null };
    assert.deepEqual([body.competencia, body.competenciaReferencia], [c.current, c.closed]);
    const afterwards = await t.call({ method: 'GET', url: `/s/v2/repasse/${c.closed}`, ies: [r.ie.ieId] });
    assert.equal(afterwards.body, before.body, 'the closed month did not change');
  });

  test('closing: the current month is 422, a month already closed 409, an IE token 403; nothing changes', async () => {
    await refused(422, () => t.call({ method: 'POST', url: `/s/operador/repasses/${c.current}/fechar`, ...operator }));
    const closed = await refused(409, () =>
      t.call({ method: 'POST', url: `/s/operador/repasses/${c.closed}/fechar`, ...operator }),
    );
    assert.match(problemOf(closed as never).detail, /05/);
    await refused(403, () =>
      t.call({ method: 'POST', url: `/s/operador/repasses/${c.start}/fechar`, ies: [r.ie.ieId] }),
    );
    await refused(400, () => t.call({ method: 'POST', url: '/s/operador/repasses/2026-13/fechar', ...operator }));
  });

  test('last month stays open until the 4th; the foundation may close it earlier; it closes by itself on the 5th', async () => {
    // Days chosen by hand in the year after next: the restitution started in c.start, before today,
    // so any day of that year is after it.
    const Y = Number(c.current.slice(0, 4)) + 2;
    let march = await monthlyTransfer(t.db, OPERATOR, `${Y}-03`, r.ie.ieId, at(`${Y}-04-04`));
    assert.equal(march.fechado, false, 'open on the 4th');
    march = await monthlyTransfer(t.db, OPERATOR, `${Y}-03`, r.ie.ieId, at(`${Y}-04-05`));
    assert.deepEqual([march.fechado, march.fechadoEm], [true, `${Y}-04-05T03:00:00.000Z`]);

    // A payment on April 2 dated March 20 goes into March, still open.
    const [inMarch] = await recordPayments(
      t.db,
      OPERATOR,
      [{ contratoId: r.contratoId, dataPagamento: `${Y}-03-20`, valorPago: 10 }],
      () => '/body',
      at(`${Y}-04-02`),
    );
    assert.equal(inMarch!.competencia, `${Y}-03`);
    // The foundation closes March on the 3rd; a payment dated in March recorded then goes into April.
    const closing = await closeMonth(t.db, OPERATOR, `${Y}-03`, at(`${Y}-04-03`));
    assert.equal(closing.fechado, true);
    const snapshot = await monthlyTransfer(t.db, OPERATOR, `${Y}-03`, r.ie.ieId, at(`${Y}-04-03`));
    assert.equal(snapshot.fechado, true);
    const [late] = await recordPayments(
      t.db,
      OPERATOR,
      [{ contratoId: r.contratoId, dataPagamento: `${Y}-03-25`, valorPago: 10 }],
      () => '/body',
      at(`${Y}-04-03`),
    );
    assert.deepEqual([late!.competencia, late!.dataPagamento], [`${Y}-04`, `${Y}-03-25`]);
    const adjusted = await recordAdjustment(
      t.db,
      OPERATOR,
      // April's net is 0.00 (the 10.00 paid went to installment 2's fee), so a deduction would be 422.
      { ieId: r.ie.ieId, competencia: `${Y}-03`, valor: 1, descricao: 'Tarifa devolvida de março' },
      at(`${Y}-04-03`),
    );
    assert.deepEqual([adjusted.competencia, adjusted.competenciaReferencia], [`${Y}-04`, `${Y}-03`]);
    assert.deepEqual(await monthlyTransfer(t.db, OPERATOR, `${Y}-03`, r.ie.ieId, at(`${Y}-04-03`)), snapshot);
    await assert.rejects(closeMonth(t.db, OPERATOR, `${Y}-03`, at(`${Y}-04-03`)), { status: 409 });
    await assert.rejects(closeMonth(t.db, OPERATOR, `${Y}-04`, at(`${Y}-04-30`)), { status: 422 });
  });
});
