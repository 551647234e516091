/** pt-BR formatting and the masks of the portal's forms, in one place (tested in format.test.ts). */

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const INTEGER = new Intl.NumberFormat('pt-BR');

/** R$ 1.234,56 (the space Intl puts after R$ is a no-break space). */
export const formatBRL = (value: number | string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : BRL.format(Number(value));

export const formatInteger = (value: number): string => INTEGER.format(value);

/**
 * A typed amount ("1.234,56", "R$ 1234,5", "1234.56") as a number with two decimals, or null
 * when it is not an amount. A comma is the decimal separator; dots before it group thousands.
 */
export function parseBRL(text: string): number | null {
  let s = text.replace(/R\$|\s|\u00a0/g, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100) / 100;
}

/** yyyy-mm-dd or an ISO timestamp → dd/mm/aaaa (dates stay the calendar day they name). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

/** ISO timestamp → dd/mm/aaaa hh:mm (São Paulo time). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
}

/** Masks what is typed in a date field as dd/mm/aaaa. */
export function maskDate(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
}

/**
 * dd/mm/aaaa → the API's dd-mm-yyyy, or null when it is not a real calendar date
 * (31/02/2025 is not). The API checks the same and more (not in the future).
 */
export function toApiDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (
    date.getUTCFullYear() !== Number(yyyy) ||
    date.getUTCMonth() !== Number(mm) - 1 ||
    date.getUTCDate() !== Number(dd)
  )
    return null;
  return `${dd}-${mm}-${yyyy}`;
}

/** 11 digits (or a partial CPF as typed) → 123.456.789-09, masking as far as the digits go. */
export function maskCPF(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** A CPF's check digits are right (the API refuses the same ones). */
export function isValidCPF(text: string): boolean {
  const d = text.replace(/\D/g, '');
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * (n + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (yyyy-mm-dd) an instant falls on in São Paulo: business dates are São Paulo's. */
export const saoPauloDay = (instant: Date = new Date()): string => SAO_PAULO_DAY.format(instant);

const dayNumber = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** Days between two yyyy-mm-dd days (to − from). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/**
 * Days from today (yyyy-mm-dd; the service's business date when known, else São Paulo's) until
 * the window's last day: 30 when it closes 30 days from now, 0 on the last day, negative after.
 */
export const daysLeft = (windowEnd: string, today: string = saoPauloDay()): number => daysBetween(today, windowEnd);

/** "30 dias restantes", "1 dia restante", "encerra hoje", "janela encerrada". */
export function daysLeftText(windowEnd: string, today: string = saoPauloDay()): string {
  const days = daysLeft(windowEnd, today);
  if (days < 0) return 'janela encerrada';
  if (days === 0) return 'encerra hoje';
  return days === 1 ? '1 dia restante' : `${days} dias restantes`;
}

/** "2025/1" → "1º semestre de 2025". */
export const formatPeriod = (ano: number, semestre: number): string => `${semestre}º semestre de ${ano}`;

/** "1 linha", "2 linhas", "1.234 linhas". */
export const formatCount = (n: number, one: string, many: string): string =>
  `${formatInteger(n)} ${n === 1 ? one : many}`;
