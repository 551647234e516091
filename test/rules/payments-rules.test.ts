import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import {
  calendar,
  contractInRestitution,
  INSTALLMENTS,
  moneySnapshot,
  type Restitution,
  TOTAL,
} from '../helpers/restitution-factories.js';
import { ieWithEntries } from '../helpers/values-factories.js';

/**
 * DOMAIN.md, "Restitution payments and monthly transfers" (issue 12, case 5), through HTTP. Every
 * refusal checks that no payment, adjustment or close was written.
 */
let t: TestContext;
let r: Restitution;
const c = calendar();
const operator = { role: 'OPERADOR' as const, ies: [] };
const PAY = '/s/operador/pagamentos';
const CALC = '/s/v2/contrato/valores/calcular-parcelas-reembolso';

before(async () => {
  t = await createTestApp();
  r = await contractInRestitution(t.db);
});
after(() => t.close());

const pay = (payload: object) => t.call({ method: 'POST', url: PAY, ...operator, payload });

interface Schedule {
  parcelas: { numero: number; valor: number; valorPago: number; saldo: number; status: string }[];
  totais: { valor: number; pago: number; saldo: number };
}
const schedule = async (contratoId: number) =>
  (await t.call({ method: 'GET', url: `${CALC}?contratoId=${contratoId}`, ies: [r.ie.ieId] })).json() as Schedule;

interface Transfer {
  fechado: boolean;
  ies: {
    pagamentos: { numeroParcela: number; valorPago: number; dataPagamento: string }[];
    totais: Record<string, number>;
  }[];
  totais: Record<string, number>;
}
const transfer = async (month: string) => {
  const response = await t.call({ method: 'GET', url: `/s/v2/repasse/${month}?ieId=${r.ie.ieId}`, ies: [r.ie.ieId] });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Transfer;
};

/** Asserts the request is refused with `status` and nothing about money changed. */
async function refused(status: number, request: () => Promise<{ statusCode: number; body: string }>, pointer?: string) {
  const before = await moneySnapshot(t.db);
  const response = await request();
  assert.equal(response.statusCode, status, response.body);
  if (pointer) assert.equal(problemOf(response as never).errors?.[0]?.pointer, pointer);
  assert.deepEqual(await moneySnapshot(t.db), before, 'nothing changed');
  return response;
}

describe('restitution payments (case 5)', () => {
  test('the schedule is 1168.00 … 1185.50, all open', async () => {
    const s = await schedule(r.contratoId);
    assert.deepEqual(
      s.parcelas.map((p) => [p.valor, p.valorPago, p.saldo, p.status]),
      INSTALLMENTS.map((v) => [v, 0, v, 'ABERTA']),
    );
    assert.deepEqual(s.totais.valor, TOTAL);
    assert.deepEqual([s.totais.pago, s.totais.saldo], [0, TOTAL]);
  });

  test('a payment dated after today is 422 (a 2031 payment was accepted)', async () => {
    await refused(422, () => pay({ contratoId: r.contratoId, dataPagamento: c.tomorrow }), '/body/dataPagamento');
    await refused(422, () => pay({ contratoId: r.contratoId, dataPagamento: '2031-01-10' }), '/body/dataPagamento');
  });

  test('a payment dated before the restitution start is 422', async () => {
    const dayBefore = new Date(Date.parse(`${c.start}-01T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await refused(422, () => pay({ contratoId: r.contratoId, dataPagamento: dayBefore }), '/body/dataPagamento');
  });

  test('installments are paid in order: installment 3 before 1 and 2 is 422', async () => {
    await refused(422, () => pay({ contratoId: r.contratoId, parcela: 3, dataPagamento: c.today }), '/body/parcela');
  });

  test('a partial payment leaves the installment PARCIAL; the rest can be paid later', async () => {
    const part = await pay({ contratoId: r.contratoId, dataPagamento: c.today, valorPago: 150 });
    assert.equal(part.statusCode, 201, part.body);
    // The fee (168.00) is retained first: 150.00 of it, nothing yet to the IE.
    assert.deepEqual(
      (part.json() as { alocacoes: unknown[] }).alocacoes.map((a) => ({ ...(a as object), id: 0 })),
      [
        {
          id: 0,
          parcela: 1,
          valorParcela: 1168,
          valorPago: 150,
          taxaRetida: 150,
          valorLiquido: 0,
          saldoParcela: 1018,
          status: 'PARCIAL',
        },
      ],
    );
    let s = await schedule(r.contratoId);
    assert.deepEqual(s.parcelas[0], { ...s.parcelas[0], valorPago: 150, saldo: 1018, status: 'PARCIAL' });
    // The rest (no amount: the balance of the oldest open installment): 18.00 of fee, 1000.00 net.
    const rest = await pay({ contratoId: r.contratoId, parcela: 1, dataPagamento: c.today });
    assert.equal(rest.statusCode, 201, rest.body);
    assert.deepEqual(
      (rest.json() as { valorPago: number; taxaRetida: number; valorLiquido: number; alocacoes: { status: string }[] })
        .alocacoes[0],
      {
        ...(rest.json() as { alocacoes: object[] }).alocacoes[0],
        valorPago: 1018,
        taxaRetida: 18,
        valorLiquido: 1000,
        saldoParcela: 0,
        status: 'PAGA',
      },
    );
    s = await schedule(r.contratoId);
    assert.deepEqual(
      s.parcelas.map((p) => p.status),
      ['PAGA', 'ABERTA', 'ABERTA', 'ABERTA', 'ABERTA', 'ABERTA'],
    );
    assert.deepEqual([s.totais.pago, s.totais.saldo], [1168, 5892.5]);
    // Installment 1 again: it is paid (409), and nothing changes.
    await refused(409, () => pay({ contratoId: r.contratoId, parcela: 1, dataPagamento: c.today }));
  });

  test('a payment back-dated into a closed month goes into the current month, keeping its date', async () => {
    const closedBefore = await transfer(c.closed);
    assert.equal(closedBefore.fechado, true);
    const currentBefore = await transfer(c.current);
    assert.equal(currentBefore.fechado, false);
    const backDated = `${c.closed}-10`;
    // Installment 2 (1171.50) and 30.00 of installment 3: one payment, two parts.
    const response = await pay({ contratoId: r.contratoId, dataPagamento: backDated, valorPago: 1201.5 });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json() as { competencia: string; dataPagamento: string; alocacoes: object[] };
    assert.equal(body.competencia, c.current);
    assert.equal(body.dataPagamento, backDated);
    assert.deepEqual(
      body.alocacoes.map((a) => {
        const { parcela, valorPago, taxaRetida, valorLiquido, saldoParcela, status } = a as Record<string, unknown>;
        return [parcela, valorPago, taxaRetida, valorLiquido, saldoParcela, status];
      }),
      [
        [2, 1171.5, 171.5, 1000, 0, 'PAGA'],
        [3, 30, 30, 0, 1145, 'PARCIAL'],
      ],
    );
    assert.deepEqual(await transfer(c.closed), closedBefore, 'the closed month did not change');
    const current = await transfer(c.current);
    assert.deepEqual(
      current.ies[0]!.pagamentos.map((p) => [p.numeroParcela, p.valorPago, p.dataPagamento]),
      [
        [1, 150, c.today],
        [1, 1018, c.today],
        [2, 1171.5, backDated],
        [3, 30, backDated],
      ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    );
    // 150 + 1018 + 1171.50 + 30 = 2369.50; fee 150 + 18 + 171.50 + 30 = 369.50; net 2000.00.
    assert.deepEqual(
      { ...current.ies[0]!.totais },
      { quantidade: 4, bruto: 2369.5, taxa: 369.5, liquido: 2000, ajustes: 0, aRepassar: 2000 },
    );
  });

  test("more than the contract's open balance is 422", async () => {
    // Open: 1145.00 (3) + 1178.50 + 1182.00 + 1185.50 = 4691.00.
    const s = await schedule(r.contratoId);
    assert.equal(s.totais.saldo, 4691);
    await refused(
      422,
      () => pay({ contratoId: r.contratoId, dataPagamento: c.today, valorPago: 4691.01 }),
      '/body/valorPago',
    );
  });

  test('a bulk with one bad item records nothing', async () => {
    await refused(422, () =>
      t.call({
        method: 'POST',
        url: `${PAY}/lote`,
        ...operator,
        payload: {
          pagamentos: [
            { contratoId: r.contratoId, dataPagamento: c.today, valorPago: 100 },
            { contratoId: r.contratoId, dataPagamento: c.tomorrow, valorPago: 100 },
          ],
        },
      }),
    );
  });

  test('a forecast change recomputes only open installments; paid and partial keep their values', async () => {
    // Graduation in the 12th month after the start's: restitution moves 12 months later, m = 60.
    const [sy, sm] = c.start.split('-').map(Number) as [number, number];
    const index = sy * 12 + (sm - 1) + 11;
    const forecast = `15-${String((index % 12) + 1).padStart(2, '0')}-${Math.floor(index / 12)}`;
    const response = await t.call({
      method: 'POST',
      url: '/s/v3/mais-acoes/previsao-formatura',
      ies: [r.ie.ieId],
      payload: { brbId: r.brbId, previsaoFormatura: forecast },
    });
    assert.equal(response.statusCode, 200, response.body);
    const s = await schedule(r.contratoId);
    // Kept: 1 (paid) 1168.00, 2 (paid) 1171.50, 3 (partial) 1175.00. Recomputed at m = 60:
    // k=4: 1000 × (1 + 0.0035 × 63) = 1220.50; k=5: × 64 → 1224.00; k=6: × 65 → 1227.50.
    assert.deepEqual(
      s.parcelas.map((p) => [p.valor, p.status]),
      [
        [1168, 'PAGA'],
        [1171.5, 'PAGA'],
        [1175, 'PARCIAL'],
        [1220.5, 'ABERTA'],
        [1224, 'ABERTA'],
        [1227.5, 'ABERTA'],
      ],
    );
    // Paid 2369.50; open 1145.00 + 1220.50 + 1224.00 + 1227.50 = 4817.00.
    assert.deepEqual([s.totais.pago, s.totais.saldo], [2369.5, 4817]);
  });

  test("another IE's contract is 404; an IE token is 403; nothing changes", async () => {
    const other = await ieWithEntries(t.db, ['FINALIZADO'], await createIe(t.db));
    await refused(404, () => pay({ contratoId: 99_999_999, dataPagamento: c.today }));
    const asIe = await refused(403, () =>
      t.call({
        method: 'POST',
        url: PAY,
        ies: [r.ie.ieId],
        payload: { contratoId: r.contratoId, dataPagamento: c.today },
      }),
    );
    assert.ok(asIe);
    const foreign = await t.call({
      method: 'GET',
      url: `${CALC}?contratoId=${other.entries[0]!.contratoId}`,
      ies: [r.ie.ieId],
    });
    assert.equal(foreign.statusCode, 404);
  });
});
