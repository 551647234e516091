import { Decimal } from 'decimal.js';

/**
 * Exact money. Amounts are numeric in SQL, Decimal here, and JSON numbers with at most two
 * decimals on the wire (read through their shortest decimal spelling, never through float
 * arithmetic). Rounding is half-up to the cent.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 30 });
export type Money = Decimal;

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Decimal text in plain form ("1234.56") from a sheet's or a person's spelling; null when not a decimal. */
function plainDecimalText(value: string): string | null {
  let text = value.trim().replace(/^R\$\s*/, '');
  if (text.includes(',')) {
    // Brazilian spelling: dots group thousands, the comma separates the decimals.
    if (!/^[+-]?\d{1,3}(\.\d{3})*(,\d*)?$|^[+-]?\d+(,\d*)?$/.test(text)) return null;
    text = text.replace(/\./g, '').replace(',', '.');
  }
  return DECIMAL_TEXT.test(text) ? text : null;
}

function decimalText(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    return /e/i.test(text) ? new Money(text).toFixed() : text;
  }
  return typeof value === 'string' ? plainDecimalText(value) : null;
}

/**
 * Reads a decimal from a JSON number (through its shortest decimal spelling), a numeric string
 * from the database, or text from a sheet ("1234.56", "1234,56", "1.234,56"). Null when it is not
 * a finite decimal.
 */
export function parseDecimal(value: unknown): Decimal | null {
  if (value instanceof Decimal) return new Money(value);
  const text = decimalText(value);
  return text === null ? null : new Money(text);
}

/** A decimal as an exact integer of units of 10^-places; trailing zeros do not count as places. */
export interface Fixed {
  units: bigint;
  places: number;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** parseDecimal without Decimal objects, for hot paths (sheet rows): exact integer arithmetic. */
export function parseFixed(value: unknown): Fixed | null {
  const text = decimalText(value);
  const m = text === null ? null : PLAIN.exec(text);
  if (!m) return null;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const units = BigInt(`${m[2] || '0'}${frac}`);
  return { units: m[1] === '-' ? -units : units, places: frac.length };
}

/** The value in units of 10^-places (places must be ≥ the value's own). */
export function fixedUnits(value: Fixed, places: number): bigint {
  return value.units * 10n ** BigInt(places - value.places);
}

/** "4500.00" from 450000 cents. */
export function centsText(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Number of decimal places a decimal is written with (1234.5 → 1). */
export function decimalPlaces(value: Decimal): number {
  return value.decimalPlaces();
}

/** Half-up to the cent. */
export function roundCents(value: Decimal.Value): Decimal {
  return new Money(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** "1168.00": the text form numeric columns take. */
export function formatMoney(value: Decimal.Value): string {
  return roundCents(value).toFixed(2);
}

/** A JSON number with at most two decimals, from a numeric column's text or a Decimal. */
export function moneyJson(value: Decimal.Value): number {
  return Number(roundCents(value).toFixed(2));
}

/** Same, for nullable columns. */
export function moneyJsonOrNull(value: Decimal.Value | null | undefined): number | null {
  return value === null || value === undefined ? null : moneyJson(value);
}

/** Exact sum. */
export function sum(values: Decimal.Value[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), new Money(0));
}

export { Decimal };
