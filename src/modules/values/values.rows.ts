import { centsText, type Fixed, fixedUnits, Money, parseFixed } from '../../lib/money.js';
import type { RowErrorParams } from './row-errors.js';
import type { RowError } from './values.tables.js';

/**
 * One values item (FillValuesInDto) read and checked on its own, before the database is asked
 * about its entry. The same reader serves API lists and sheet rows, so a value means the same
 * whichever door it came through. Problems become row errors (field + rule + message), never a
 * failure of the whole batch.
 */

/** FillValuesInDto field names: the API keys and the sheet's column headers. */
export const VALUE_FIELDS = [
  'brbId',
  'nomeEstudante',
  'qtdParcelasCobertura',
  'qtdCreditos',
  'valorContrato',
  'valorCtrPrestServico',
  'percentualConcedido',
  'parcMeses',
  'idCurso',
  'regimeContrato',
  'contratoAnual',
  'motivoReenvio',
  'motivo',
  'serieSemestre',
] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

/** Columns a sheet must have (the rest may be absent or empty). */
export const REQUIRED_FIELDS: ValueField[] = [
  'brbId',
  'qtdParcelasCobertura',
  'valorContrato',
  'valorCtrPrestServico',
  'percentualConcedido',
];

export interface ValuesRow {
  linha: number;
  brbId: number | null;
  nomeEstudante: string | null;
  qtdParcelasCobertura: number | null;
  qtdCreditos: number | null;
  /** Exact decimals as numeric text ("4500.00"). */
  valorContrato: string | null;
  valorCtrPrestServico: string | null;
  percentualConcedido: string | null;
  parcMeses: string | null;
  idCurso: number | null;
  regimeContrato: string | null;
  contratoAnual: boolean | null;
  motivoReenvio: string | null;
  motivo: string | null;
  serieSemestre: string | null;
  erros: RowError[];
}

export const RULES = {
  required: 'OBRIGATORIO',
  format: 'FORMATO',
  range: 'FAIXA',
  contractValue: 'VALOR_CONTRATO',
  months: 'PARC_MESES',
} as const;

const MAX_TEXT = 500;
/** An amount written with thousands dots and no decimal comma ("4.500", "1.250.000"). */
const THOUSANDS_DOT_ONLY = /^\s*(?:R\$\s*)?[+-]?[1-9]\d{0,2}(?:\.\d{3})+\s*$/;
const MAX_CENTS = 99_999_999_999_999n;
/** One cent, in the units of valorCtrPrestServico (cents) × percentualConcedido (1e-4 %) / 100. */
const ONE_CENT = 1_000_000n;
const TRUE = new Set(['s', 'sim', 'true', '1', 'y', 'yes']);
const FALSE = new Set(['n', 'nao', 'não', 'false', '0', 'no']);

/** A refused value kept as it was typed (a text stays a text: the message quotes it). */
const typed = (value: unknown): string | number => (typeof value === 'number' ? value : String(value));
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function readValuesRow(raw: Readonly<Record<string, unknown>>, linha: number): ValuesRow {
  const erros: RowError[] = [];
  const fail = (campo: ValueField, regra: string, params: RowErrorParams = {}) => {
    erros.push({ campo, regra, params });
    return null;
  };

  const integer = (campo: ValueField, min: number, max: number, required: boolean): number | null => {
    const value = raw[campo];
    if (isBlank(value)) return required ? fail(campo, RULES.required) : null;
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
          ? Number(value)
          : NaN;
    if (!Number.isSafeInteger(n)) return fail(campo, RULES.format, { tipo: 'inteiro', valor: typed(value) });
    if (n < min || n > max) return fail(campo, RULES.range, { min, max, valor: n });
    return n;
  };

  const text = (campo: ValueField): string | null => {
    const value = raw[campo];
    if (isBlank(value)) return null;
    const s = String(value).trim();
    return s.length > MAX_TEXT ? fail(campo, RULES.format, { tipo: 'texto', max: MAX_TEXT }) : s;
  };

  const fixedText = (f: Fixed) => {
    const abs = f.units < 0n ? -f.units : f.units;
    const digits = abs.toString().padStart(f.places + 1, '0');
    const text = f.places === 0 ? digits : `${digits.slice(0, -f.places)}.${digits.slice(-f.places)}`;
    return f.units < 0n ? `-${text}` : text;
  };

  /** Amounts are read as exact cents (bigint): no Decimal objects per row on the hot path. */
  const money = (campo: ValueField): bigint | null => {
    const value = raw[campo];
    if (isBlank(value)) return fail(campo, RULES.required);
    // "4.500" is four thousand five hundred to a Brazilian and 4.5 to a parser: refuse, never guess.
    if (typeof value === 'string' && THOUSANDS_DOT_ONLY.test(value))
      return fail(campo, RULES.format, { tipo: 'ambiguo', valor: value.trim() });
    const f = parseFixed(value);
    if (!f) return fail(campo, RULES.format, { tipo: 'valor', valor: typed(value) });
    if (f.places > 2) return fail(campo, RULES.format, { tipo: 'casas', max: 2, valor: fixedText(f) });
    const cents = fixedUnits(f, 2);
    if (cents <= 0n || cents > MAX_CENTS) return fail(campo, RULES.range, { tipo: 'valor', valor: centsText(cents) });
    return cents;
  };

  const brbId = integer('brbId', 1, Number.MAX_SAFE_INTEGER, true);

  let contratoAnual: boolean | null = null;
  const anual = raw.contratoAnual;
  if (typeof anual === 'boolean') contratoAnual = anual;
  else if (!isBlank(anual)) {
    const key = String(anual).trim().toLowerCase();
    if (TRUE.has(key)) contratoAnual = true;
    else if (FALSE.has(key)) contratoAnual = false;
    else fail('contratoAnual', RULES.format, { tipo: 'simnao', valor: typed(anual) });
  }

  const maxInstallments = contratoAnual ? 12 : 6;
  const qtdParcelasCobertura = integer('qtdParcelasCobertura', 1, maxInstallments, true);
  const last = erros.at(-1);
  if (qtdParcelasCobertura === null && last?.campo === 'qtdParcelasCobertura' && last.regra === RULES.range) {
    last.params = { ...last.params, anual: contratoAnual === true };
  }
  const qtdCreditos = integer('qtdCreditos', 0, 1000, false);
  const idCurso = integer('idCurso', 1, Number.MAX_SAFE_INTEGER, false);

  /** percentualConcedido in units of 1e-4 %. */
  let percentual: bigint | null = null;
  const p = raw.percentualConcedido;
  if (isBlank(p)) fail('percentualConcedido', RULES.required);
  else {
    const f = parseFixed(p);
    if (!f) fail('percentualConcedido', RULES.format, { tipo: 'percentual', valor: typed(p) });
    else if (f.places > 4) fail('percentualConcedido', RULES.format, { tipo: 'casas', max: 4, valor: fixedText(f) });
    else {
      const units = fixedUnits(f, 4);
      if (units <= 0n || units > 1_000_000n) {
        fail('percentualConcedido', RULES.range, { tipo: 'percentual', valor: fixedText(f) });
      } else percentual = units;
    }
  }

  const servico = money('valorCtrPrestServico');
  const contrato = money('valorContrato');
  if (servico !== null && contrato !== null && percentual !== null) {
    const gap = contrato * 1_000_000n - servico * percentual;
    if (gap > ONE_CENT || gap < -ONE_CENT) {
      const expected = new Money(String(servico * percentual)).div(1_000_000).div(100);
      fail('valorContrato', RULES.contractValue, { esperado: expected.toFixed(2), valor: centsText(contrato) });
    }
  }

  const parcMeses = text('parcMeses');
  if (parcMeses !== null && qtdParcelasCobertura !== null) {
    const problem = checkMonths(parcMeses, qtdParcelasCobertura);
    if (problem) fail('parcMeses', RULES.months, problem);
  }

  return {
    linha,
    brbId,
    nomeEstudante: text('nomeEstudante'),
    qtdParcelasCobertura,
    qtdCreditos,
    valorContrato: contrato === null ? null : centsText(contrato),
    valorCtrPrestServico: servico === null ? null : centsText(servico),
    percentualConcedido: percentual === null ? null : fixedText({ units: percentual, places: 4 }),
    parcMeses,
    idCurso,
    regimeContrato: text('regimeContrato'),
    contratoAnual,
    motivoReenvio: text('motivoReenvio'),
    motivo: text('motivo'),
    serieSemestre: text('serieSemestre'),
    erros,
  };
}

const MONTH = /^(?:(\d{1,2})(?:\/(\d{4}))?|(\d{4})-(\d{2}))$/;

/** parcMeses: months separated by commas or semicolons ("1,2,3", "07/2026;08/2026", "2026-07"). */
export function parseMonths(value: string): { mes: number; ano: number | null }[] | null {
  const out: { mes: number; ano: number | null }[] = [];
  for (const token of value.split(/[,;\s]+/).filter(Boolean)) {
    const m = MONTH.exec(token);
    if (!m) return null;
    const mes = Number(m[1] ?? m[4]);
    if (mes < 1 || mes > 12) return null;
    out.push({ mes, ano: (m[2] ?? m[3]) ? Number(m[2] ?? m[3]) : null });
  }
  return out.length > 0 ? out : null;
}

function checkMonths(value: string, count: number): RowErrorParams | null {
  const months = parseMonths(value);
  if (!months) return { tipo: 'formato', valor: value };
  const keys = new Set(months.map((m) => `${m.ano ?? ''}-${m.mes}`));
  if (keys.size !== months.length) return { tipo: 'repetido' };
  if (months.length !== count) return { tipo: 'quantidade', meses: months.length, qtd: count };
  return null;
}

export { describeRowErrors } from './row-errors.js';
