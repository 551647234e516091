import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { calendar, contractInRestitution } from '../helpers/restitution-factories.js';
import { createAditivo } from '../helpers/story-factories.js';
import { ieWithEntries, type ValuesSetup, valuesItem } from '../helpers/values-factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
let setup: ValuesSetup;
let foreign: ValuesSetup;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
  // Credited from 2023-02, restitution from 2027-02: m = 48. Two signed semesters of 6 × 1000.00.
  setup = await ieWithEntries(t.db, ['FINALIZADO'], mine);
  const entry = setup.entries[0]!;
  await createAditivo(t.db, mine, entry, entry.contratoId, {
    ano: 2026,
    semestre: 1,
    status: 'ASSINADO',
    valor: '6000.00',
  });
  await createAditivo(t.db, mine, entry, entry.contratoId, {
    ano: 2026,
    semestre: 2,
    status: 'ASSINADO',
    valor: '6000.00',
  });
  await createAditivo(t.db, mine, entry, entry.contratoId, {
    ano: 2027,
    semestre: 1,
    status: 'GERADO',
    valor: '9999.00',
  });
  foreign = await ieWithEntries(t.db, ['FINALIZADO'], other);
});
after(() => t.close());

const CALC = '/s/v2/contrato/valores/calcular-parcelas-reembolso';
const operator = { role: 'OPERADOR' as const, ies: [] };

interface ScheduleOut {
  contratoId: number | null;
  taxaMensal: number;
  regime: string;
  mesesAteRestituicao: number;
  inicioRestituicao: string;
  parcelas: {
    numero: number;
    vencimento: string;
    mesCredito: string | null;
    valorCreditado: number;
    taxa: number;
    valor: number;
  }[];
  totais: { quantidade: number; valorCreditado: number; taxa: number; valor: number };
}

describe('GET /s/v2/contrato/valores/calcular-parcelas-reembolso', () => {
  test('explicit terms: the published example', async () => {
    const response = await t.call({
      method: 'GET',
      url: `${CALC}?valor=1000.00&meses=2&mesesAteRestituicao=48&inicio=2027-01`,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      contratoId: null,
      taxaMensal: 0.0035,
      regime: 'SIMPLES',
      mesesAteRestituicao: 48,
      inicioRestituicao: '2027-01-01',
      parcelas: [
        { numero: 1, vencimento: '2027-01-01', mesCredito: null, valorCreditado: 1000, taxa: 168, valor: 1168 },
        { numero: 2, vencimento: '2027-02-01', mesCredito: null, valorCreditado: 1000, taxa: 171.5, valor: 1171.5 },
      ],
      totais: { quantidade: 2, valorCreditado: 2000, taxa: 339.5, valor: 2339.5 },
    });
  });

  test("a contract's schedule comes from its signed addenda, by brbId or contratoId", async () => {
    const entry = setup.entries[0]!;
    const byBrb = (
      await t.call({ method: 'GET', url: `${CALC}?brbId=${entry.brbId}`, ies: [mine.ieId] })
    ).json() as ScheduleOut;
    const byContract = (
      await t.call({ method: 'GET', url: `${CALC}?contratoId=${entry.contratoId}`, ies: [mine.ieId] })
    ).json() as ScheduleOut;
    assert.deepEqual(byBrb, byContract);
    assert.equal(byBrb.contratoId, entry.contratoId);
    assert.equal(byBrb.mesesAteRestituicao, 48);
    assert.equal(byBrb.parcelas.length, 12, 'the unsigned addendum does not count');
    assert.deepEqual(
      byBrb.parcelas.slice(0, 2).map((p) => [p.numero, p.vencimento, p.mesCredito, p.valor]),
      [
        [1, '2027-02-01', '2026-01', 1168],
        [2, '2027-03-01', '2026-02', 1171.5],
      ],
    );
    assert.equal(byBrb.parcelas.at(-1)!.mesCredito, '2026-12');
    assert.equal(byBrb.totais.valorCreditado, 12000);
    // Fees by hand: installment k carries 1000.00 × 0.0035 × (47 + k) = 3.50 × (47 + k); over k = 1..12 that is
    // 3.50 × (12 × 47 + 78) = 3.50 × 642 = 2247.00, so the total is 12000.00 + 2247.00 = 14247.00.
    assert.equal(byBrb.totais.taxa, 2247);
    assert.equal(byBrb.totais.valor, 14247);
  });

  test('addenda from real batches split the value over the covered months', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const brbId = entries[0]!.brbId;
    const { lote } = (
      await t.call({
        method: 'POST',
        url: '/s/v2/contrato/valores/enviar',
        ies: [mine.ieId],
        payload: {
          valores: [
            valuesItem(brbId, {
              qtdParcelasCobertura: 3,
              parcMeses: '08/2026,09/2026,10/2026',
              valorCtrPrestServico: 2000,
              valorContrato: 1000,
            }),
          ],
        },
      })
    ).json() as { lote: number };
    await t.call({ method: 'POST', url: `/s/operador/lotes/${lote}/aceitar`, ...operator, payload: {} });
    await t.call({ method: 'POST', url: `/s/operador/renovacoes/${brbId}/assinatura`, ...operator, payload: {} });
    const s = (await t.call({ method: 'GET', url: `${CALC}?brbId=${brbId}`, ies: [mine.ieId] })).json() as ScheduleOut;
    assert.deepEqual(
      s.parcelas.map((p) => [p.mesCredito, p.valorCreditado]),
      [
        ['2026-08', 333.33],
        ['2026-09', 333.33],
        ['2026-10', 333.34],
      ],
    );
    assert.equal(s.totais.valorCreditado, 1000);
  });

  test("another IE's contract or entry is 404, like an unknown one", async () => {
    for (const q of [
      `brbId=${foreign.entries[0]!.brbId}`,
      `contratoId=${foreign.entries[0]!.contratoId}`,
      'brbId=99999999',
    ]) {
      const response = await t.call({ method: 'GET', url: `${CALC}?${q}`, ies: [mine.ieId] });
      assert.equal(response.statusCode, 404, q);
    }
  });

  test('bad input is 400; no token is 401', async () => {
    for (const q of [
      '',
      'valor=1000',
      'valor=abc&meses=2&mesesAteRestituicao=48&inicio=2027-01',
      'brbId=1&contratoId=1',
      'brbId=1&valor=10',
      'regime=OUTRO',
    ]) {
      const response = await t.call({ method: 'GET', url: `${CALC}?${q}`, ies: [mine.ieId] });
      assert.equal(response.statusCode, 400, q);
      assert.ok(problemOf(response).detail.length > 10);
    }
    assert.equal((await t.call({ method: 'GET', url: `${CALC}?brbId=1`, token: null })).statusCode, 401);
  });
});

describe('restitution payments and the monthly transfer', () => {
  const PAY = '/s/operador/pagamentos';
  const c = calendar();
  /** Records a payment as the operator. */
  const pay = (payload: object) => t.call({ method: 'POST', url: PAY, ...operator, payload });

  test('payments feed the transfer of their month with fee and net; adjustments count', async () => {
    // A contract in restitution since three months ago, m = 48: 1168.00, 1171.50, 1175.00, 1178.50, …
    const { contratoId } = await contractInRestitution(t.db, await ieWithEntries(t.db, ['FINALIZADO'], mine));
    const single = await pay({ contratoId, parcela: 1, dataPagamento: c.today });
    assert.equal(single.statusCode, 201, single.body);
    const { alocacoes, ...head } = single.json() as { id: number; alocacoes: { id: number }[] };
    assert.deepEqual(
      { ...head, id: 0 },
      {
        id: 0,
        contratoId,
        ieId: mine.ieId,
        parcela: 1,
        totalParcelas: 6,
        valorParcela: 1168,
        valorPago: 1168,
        taxaRetida: 168,
        valorLiquido: 1000,
        dataPagamento: c.today,
        competencia: c.current,
        // The six installments total 7060.50; 1168.00 paid leaves 5892.50.
        saldoContrato: 5892.5,
      },
    );
    assert.equal(alocacoes.length, 1);
    const dup = await pay({ contratoId, parcela: 1, dataPagamento: c.today });
    assert.equal(dup.statusCode, 409);
    const beyond = await pay({ contratoId, parcela: 7, dataPagamento: c.today });
    assert.equal(beyond.statusCode, 422);
    const unknown = await pay({ contratoId: 99999999, parcela: 1, dataPagamento: c.today });
    assert.equal(unknown.statusCode, 404);
    const asIe = await t.call({
      method: 'POST',
      url: PAY,
      ies: [mine.ieId],
      payload: { contratoId, parcela: 2, dataPagamento: c.today },
    });
    assert.equal(asIe.statusCode, 403);

    const badBulk = await t.call({
      method: 'POST',
      url: `${PAY}/lote`,
      ...operator,
      payload: {
        pagamentos: [
          { contratoId, parcela: 2, dataPagamento: c.today },
          { contratoId, parcela: 3, dataPagamento: c.tomorrow },
        ],
      },
    });
    assert.equal(badBulk.statusCode, 422);
    assert.equal(problemOf(badBulk).errors?.[0]?.pointer, '/body/pagamentos/1/dataPagamento');
    const bulk = await t.call({
      method: 'POST',
      url: `${PAY}/lote`,
      ...operator,
      payload: {
        pagamentos: [
          { contratoId, parcela: 2, dataPagamento: c.today },
          // 1175.00 pays installment 3; the 5.01 beyond goes to installment 4, all of it fee.
          { contratoId, parcela: 3, dataPagamento: c.today, valorPago: 1180.01 },
        ],
      },
    });
    assert.equal(bulk.statusCode, 201, bulk.body);
    assert.equal((bulk.json() as { registrados: number }).registrados, 2);

    const adj = await t.call({
      method: 'POST',
      url: '/s/operador/repasse/ajustes',
      ...operator,
      payload: { ieId: mine.ieId, competencia: c.current, valor: -50.1, descricao: 'Estorno de tarifa' },
    });
    assert.equal(adj.statusCode, 201, adj.body);

    const transfer = await t.call({ method: 'GET', url: `/s/v2/repasse/${c.current}`, ies: [mine.ieId] });
    assert.equal(transfer.statusCode, 200, transfer.body);
    const body = transfer.json() as {
      competencia: string;
      fechado: boolean;
      ies: {
        ieId: number;
        pagamentos: { parcela: string; valorPago: number; taxaRetida: number; valorLiquido: number }[];
        ajustes: { valor: number }[];
        totais: Record<string, number>;
      }[];
      totais: Record<string, number>;
    };
    assert.deepEqual([body.competencia, body.fechado], [c.current, false]);
    assert.equal(body.ies.length, 1);
    const ie = body.ies[0]!;
    assert.deepEqual(
      ie.pagamentos.map((p) => [p.parcela, p.valorPago, p.taxaRetida, p.valorLiquido]),
      [
        ['1/6', 1168, 168, 1000],
        ['2/6', 1171.5, 171.5, 1000],
        ['3/6', 1175, 175, 1000],
        ['4/6', 5.01, 5.01, 0],
      ],
    );
    assert.deepEqual(
      ie.ajustes.map((a) => a.valor),
      [-50.1],
    );
    // bruto 1168.00 + 1171.50 + 1175.00 + 5.01 = 3519.51; fee 168.00 + 171.50 + 175.00 + 5.01 = 519.51;
    // net 3000.00; less the 50.10 adjustment: 2949.90.
    assert.deepEqual(ie.totais, {
      quantidade: 4,
      bruto: 3519.51,
      taxa: 519.51,
      liquido: 3000,
      ajustes: -50.1,
      aRepassar: 2949.9,
    });
    assert.deepEqual(body.totais, ie.totais);
  });

  test("another IE sees none of it; another IE's id is 404; bad competencia 400; no token 401", async () => {
    const theirs = (await t.call({ method: 'GET', url: `/s/v2/repasse/${c.current}`, ies: [other.ieId] })).json() as {
      ies: { ieId: number; pagamentos: unknown[] }[];
      totais: { quantidade: number };
    };
    assert.deepEqual(
      theirs.ies.map((i) => [i.ieId, i.pagamentos.length]),
      [[other.ieId, 0]],
    );
    assert.equal(theirs.totais.quantidade, 0);
    assert.equal(
      (await t.call({ method: 'GET', url: `/s/v2/repasse/${c.current}?ieId=${mine.ieId}`, ies: [other.ieId] }))
        .statusCode,
      404,
    );
    for (const bad of ['2027-13', '2027-2', 'fevereiro', '202702', '0000-01']) {
      const response = await t.call({ method: 'GET', url: `/s/v2/repasse/${bad}`, ies: [mine.ieId] });
      assert.equal(response.statusCode, 400, bad);
      assert.equal(problemOf(response).errors?.[0]?.pointer, '/params/competencia');
    }
    assert.equal((await t.call({ method: 'GET', url: `/s/v2/repasse/${c.current}`, token: null })).statusCode, 401);
  });
});
