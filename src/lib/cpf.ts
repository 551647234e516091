/** CPF (Brazilian individual taxpayer number): validated by its two check digits, stored as 11 digits. */

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** The 11 digits of a CPF given with or without mask (123.456.789-09), or null when it is not a valid CPF. */
export function normalizeCpf(input: string): string | null {
  const trimmed = input.trim();
  if (!/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (/^(\d)\1{10}$/.test(digits)) return null;
  if (checkDigit(digits, 9) !== Number(digits[9]) || checkDigit(digits, 10) !== Number(digits[10])) return null;
  return digits;
}

export const isValidCpf = (input: string) => normalizeCpf(input) !== null;

/** A valid CPF built from a 9-digit base (0..999_999_999), for deterministic demo and test data. */
export function cpfFromBase(base: number): string {
  let digits = String(base % 1_000_000_000).padStart(9, '0');
  if (/^(\d)\1{8}$/.test(digits)) digits = `${digits.slice(0, 8)}${(Number(digits[8]) + 1) % 10}`;
  digits += checkDigit(digits, 9);
  digits += checkDigit(digits, 10);
  return digits;
}

export const maskCpf = (digits: string) =>
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
