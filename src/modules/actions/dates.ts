import { invalidField } from '../../http/errors.js';
import { type Text, t } from '../../http/i18n.js';
import { businessDay } from '../../lib/business-date.js';

/**
 * Calendar days as 'yyyy-mm-dd' strings (what both drivers return for `date` columns). The
 * interface sends dd-mm-yyyy in some bodies and ISO 8601 in others; each parser checks the day
 * really exists (31-02-2026 is refused) and names the field's JSON pointer when it does not.
 */
const BR = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ].*)?$/;

function realDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 1900 || year > 2200) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parse(
  value: string,
  pattern: RegExp,
  order: 'dmy' | 'ymd',
  pointer: string,
  format: Text,
  shown = value,
): string {
  const m = pattern.exec(value);
  const day = m
    ? order === 'dmy'
      ? realDay(Number(m[3]), Number(m[2]), Number(m[1]))
      : realDay(Number(m[1]), Number(m[2]), Number(m[3]))
    : null;
  if (!day)
    throw invalidField(
      pointer,
      t(
        `"${shown}" não é uma data real no formato ${format.pt}`,
        `"${shown}" is not a real date in the format ${format.en}`,
      ),
    );
  return day;
}

/** dd-mm-yyyy → yyyy-mm-dd. */
export const parseBrDate = (value: string, pointer: string) =>
  parse(value, BR, 'dmy', pointer, t('dd-mm-aaaa, por exemplo 20-11-2026', 'dd-mm-yyyy, for example 20-11-2026'));

/** yyyy-mm-dd → yyyy-mm-dd (checked). */
export const parseIsoDate = (value: string, pointer: string) =>
  parse(value, ISO, 'ymd', pointer, t('aaaa-mm-dd, por exemplo 2026-11-20', 'yyyy-mm-dd, for example 2026-11-20'));

const ZONED = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;

/**
 * ISO 8601 date or date-time → its business day (DOMAIN.md, "Time"): an instant with a zone
 * (`Z`, `-03:00`) is the day it falls on in São Paulo (01:30Z on 1 December is 30 November
 * there); a date, or a date-time without a zone, is the day as written.
 */
export function parseIsoDay(value: string, pointer: string): string {
  const day = parse(value, ISO_PREFIX, 'ymd', pointer, ISO_DAY_FORMAT);
  if (!ZONED.test(value)) return day;
  const instant = new Date(value);
  // 25:00 or an offset of +99:00 is no instant at all.
  if (Number.isNaN(instant.getTime())) return parse('', ISO_PREFIX, 'ymd', pointer, ISO_DAY_FORMAT, value);
  return businessDay(instant);
}

const ISO_DAY_FORMAT = t(
  'ISO 8601 (aaaa-mm-dd ou aaaa-mm-ddThh:mm:ssZ, por exemplo 2026-11-20T14:30:00Z)',
  'ISO 8601 (yyyy-mm-dd or yyyy-mm-ddThh:mm:ssZ, for example 2026-11-20T14:30:00Z)',
);

// Today and month boundaries are business dates: one clock and calendar for the whole service.
export { firstDayOfNextMonth, today } from '../../lib/business-date.js';

/** dd-mm-yyyy for a yyyy-mm-dd day. */
export function brDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}
