import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatMoney, Money, moneyJson, parseDecimal, roundCents } from '../../src/lib/money.js';

/** 123456n → "1234.56" (cents are never negative here). */
const centsText = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

import { addMonths, monthsBetween, refundSchedule } from '../../src/modules/refunds/installments.js';

/** Seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CREDIES = new Money('0.0035');

describe('money', () => {
  test('parses JSON numbers, numeric text and pt-BR text exactly', () => {
    assert.equal(parseDecimal(0.1)?.plus(parseDecimal(0.2)!).toString(), '0.3');
    assert.equal(parseDecimal('1.234,56')?.toString(), '1234.56');
    assert.equal(parseDecimal('1234,5')?.toString(), '1234.5');
    assert.equal(parseDecimal('R$ 10')?.toString(), '10');
    assert.equal(parseDecimal('4500.00')?.toFixed(2), '4500.00');
    for (const bad of ['abc', '1,2,3', '', '1.2.3', '12,34,5', Number.NaN, Number.POSITIVE_INFINITY, null, {}]) {
      assert.equal(parseDecimal(bad), null, String(bad));
    }
  });

  test('rounds half-up to the cent and formats with two decimals', () => {
    assert.equal(formatMoney('2.345'), '2.35');
    assert.equal(formatMoney('2.344999'), '2.34');
    assert.equal(formatMoney('-2.345'), '-2.35');
    assert.equal(roundCents('1171.5').toFixed(2), '1171.50');
    assert.equal(moneyJson('1168.00'), 1168);
    assert.equal(moneyJson('0.105'), 0.11);
  });
});

describe('refund installments (DOMAIN.md "Refund installments")', () => {
  test('the published example: v = 1000.00, m = 48 at 0.35% → 1168.00, 1171.50', () => {
    const s = refundSchedule({
      creditados: [new Money('1000.00'), new Money('1000.00'), new Money('1000.00')],
      taxaMensal: CREDIES,
      regime: 'SIMPLES',
      mesesAteRestituicao: 48,
      inicioRestituicao: '2027-01-01',
    });
    assert.deepEqual(
      s.parcelas.map((p) => [
        p.numero,
        p.vencimento,
        p.valorCreditado.toFixed(2),
        p.taxa.toFixed(2),
        p.valor.toFixed(2),
      ]),
      [
        [1, '2027-01-01', '1000.00', '168.00', '1168.00'],
        [2, '2027-02-01', '1000.00', '171.50', '1171.50'],
        [3, '2027-03-01', '1000.00', '175.00', '1175.00'],
      ],
    );
    assert.equal(s.totais.valor.toFixed(2), '3514.50');
  });

  test('compound accrual: v × (1 + r)^(m + k − 1), half-up per installment', () => {
    const s = refundSchedule({
      creditados: [new Money('1000.00'), new Money('1000.00')],
      taxaMensal: CREDIES,
      regime: 'COMPOSTO',
      mesesAteRestituicao: 48,
      inicioRestituicao: '2027-01-31',
    });
    // Worked out apart from the code: 1000 × 1.0035^48 = 1182.5896875… → 1182.59;
    // 1000 × 1.0035^49 = 1186.7287514… → 1186.73.
    assert.deepEqual(
      s.parcelas.map((p) => [p.vencimento, p.valor.toFixed(2)]),
      [
        ['2027-01-31', '1182.59'],
        ['2027-02-28', '1186.73'],
      ],
    );
  });

  test('dates: due dates clamp to the month end; months between periods', () => {
    assert.equal(addMonths('2027-01-31', 1), '2027-02-28');
    assert.equal(addMonths('2028-01-31', 1), '2028-02-29');
    assert.equal(addMonths('2026-11-15', 14), '2028-01-15');
    assert.equal(monthsBetween('2023-02-01', '2027-02-01'), 48);
    assert.equal(monthsBetween('2026-07', '2026-06'), -1);
  });

  describe('properties, over 500 seeded random cases each', () => {
    const rnd = random(20260802);
    const cases = Array.from({ length: 500 }, () => {
      const cents = 1 + Math.floor(rnd() * 1_000_000);
      const meses = 1 + Math.floor(rnd() * 120);
      return {
        valor: new Money(cents).div(100),
        meses,
        m: Math.floor(rnd() * 120),
        taxa: new Money(Math.floor(rnd() * 10_000)).div(1_000_000),
        regime: rnd() < 0.5 ? ('SIMPLES' as const) : ('COMPOSTO' as const),
        varying: Array.from({ length: meses }, () => new Money(1 + Math.floor(rnd() * 500_000)).div(100)),
      };
    });

    test('one installment per credited month, in order, due monthly', () => {
      for (const c of cases) {
        const s = refundSchedule({
          creditados: c.varying,
          taxaMensal: c.taxa,
          regime: c.regime,
          mesesAteRestituicao: c.m,
          inicioRestituicao: '2030-03-31',
        });
        assert.equal(s.parcelas.length, c.meses);
        assert.equal(s.totais.quantidade, c.meses);
        s.parcelas.forEach((p, i) => {
          assert.equal(p.numero, i + 1);
          assert.ok(p.valorCreditado.eq(c.varying[i]!));
          assert.equal(p.vencimento, addMonths('2030-03-31', i));
        });
      }
    });

    test('for a constant credited amount the installments never decrease', () => {
      for (const c of cases) {
        const s = refundSchedule({
          creditados: Array.from({ length: c.meses }, () => c.valor),
          taxaMensal: c.taxa,
          regime: c.regime,
          mesesAteRestituicao: c.m,
          inicioRestituicao: '2030-01-01',
        });
        for (let k = 1; k < s.parcelas.length; k++) {
          assert.ok(s.parcelas[k]!.valor.gte(s.parcelas[k - 1]!.valor), `case ${JSON.stringify(c)} k=${k}`);
        }
      }
    });

    test('simple accrual: each installment to the cent by integer arithmetic (no decimal library); totals add up', () => {
      for (const c of cases.filter((x) => x.regime === 'SIMPLES')) {
        const s = refundSchedule({
          creditados: c.varying,
          taxaMensal: c.taxa,
          regime: c.regime,
          mesesAteRestituicao: c.m,
          inicioRestituicao: '2030-01-01',
        });
        // v in cents × rate in millionths × n, over 10^6, half-up: the fee in cents, exactly, in BigInt.
        const rate = BigInt(c.taxa.times(1_000_000).toFixed(0));
        let credited = 0n;
        let fee = 0n;
        c.varying.forEach((v, i) => {
          const cents = BigInt(v.times(100).toFixed(0));
          const scaled = cents * rate * BigInt(c.m + i);
          const feeCents = (scaled + 500_000n) / 1_000_000n;
          credited += cents;
          fee += feeCents;
          assert.equal(s.parcelas[i]!.valor.toFixed(2), centsText(cents + feeCents));
        });
        assert.equal(s.totais.valorCreditado.toFixed(2), centsText(credited));
        assert.equal(s.totais.taxa.toFixed(2), centsText(fee));
        assert.equal(s.totais.valor.toFixed(2), centsText(credited + fee));
        assert.ok(s.parcelas.every((p) => p.valor.decimalPlaces() <= 2 && p.taxa.gte(0)));
      }
    });
  });
});
