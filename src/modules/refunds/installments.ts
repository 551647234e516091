import type { Decimal } from 'decimal.js';
import { Money, roundCents } from '../../lib/money.js';

export const REGIMES = ['SIMPLES', 'COMPOSTO'] as const;
export type Regime = (typeof REGIMES)[number];

export interface ScheduleInput {
  /** Credited amount of each credited month, in the order the months were credited. */
  creditados: Decimal[];
  /** The convênio's monthly fee rate (CredIES: 0.0035). */
  taxaMensal: Decimal;
  regime: Regime;
  /** Months from the first credited month to the restitution start (m). */
  mesesAteRestituicao: number;
  /** First due date, yyyy-mm-dd; installment k is due k − 1 months later. */
  inicioRestituicao: string;
}

export interface Installment {
  numero: number;
  vencimento: string;
  valorCreditado: Decimal;
  /** The administrative fee in this installment (valor − valorCreditado). */
  taxa: Decimal;
  valor: Decimal;
}

export interface Schedule {
  parcelas: Installment[];
  totais: { quantidade: number; valorCreditado: Decimal; taxa: Decimal; valor: Decimal };
}

/**
 * DOMAIN.md "Refund installments": installment k of credited amount v is v × (1 + r × (m + k − 1))
 * (simple accrual, the default) or v × (1 + r)^(m + k − 1) (compound), half-up to the cent per
 * installment. Credited amounts have two decimals, so rounding the whole equals v plus the
 * rounded fee: the totals add up to the cent.
 */
export function refundSchedule(input: ScheduleInput): Schedule {
  const r = new Money(input.taxaMensal);
  const parcelas = input.creditados.map((credited, index): Installment => {
    const k = index + 1;
    const n = input.mesesAteRestituicao + k - 1;
    const v = roundCents(credited);
    const factor = input.regime === 'COMPOSTO' ? r.plus(1).pow(n) : r.times(n).plus(1);
    const valor = roundCents(v.times(factor));
    return {
      numero: k,
      vencimento: addMonths(input.inicioRestituicao, k - 1),
      valorCreditado: v,
      taxa: valor.minus(v),
      valor,
    };
  });
  const total = (pick: (p: Installment) => Decimal) =>
    parcelas.reduce<Decimal>((acc, p) => acc.plus(pick(p)), new Money(0));
  return {
    parcelas,
    totais: {
      quantidade: parcelas.length,
      valorCreditado: total((p) => p.valorCreditado),
      taxa: total((p) => p.taxa),
      valor: total((p) => p.valor),
    },
  };
}

/** yyyy-mm-dd plus `months`, the day clamped to the target month's last day. */
export function addMonths(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whole months from the month of `from` to the month of `to` (both yyyy-mm-dd or yyyy-mm). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}
