import { parseBRL } from './format.ts';

/**
 * The checks the API makes on one student's values (src/modules/values/values.rows.ts), made
 * before sending so a person fixes a typo without a round trip. The API stays the judge: what it
 * alone can know (the entry's situação, months of the journey's semester) comes back from it.
 */

export const VALUE_FORM_FIELDS = [
  'brbId',
  'qtdParcelasCobertura',
  'qtdCreditos',
  'valorCtrPrestServico',
  'percentualConcedido',
  'valorContrato',
  'parcMeses',
  'motivoReenvio',
] as const;
export type ValueFormField = (typeof VALUE_FORM_FIELDS)[number];
export type ValueForm = Record<ValueFormField, string> & { contratoAnual: boolean };

export interface ValuesRowIn {
  brbId: number;
  qtdParcelasCobertura: number;
  qtdCreditos?: number;
  valorCtrPrestServico: number;
  percentualConcedido: number;
  valorContrato: number;
  parcMeses?: string;
  contratoAnual: 'S' | 'N';
  motivoReenvio?: string;
}

const REQUIRED = 'Campo obrigatório.';

const integer = (text: string, min: number, max: number): number | string => {
  if (!/^\d+$/.test(text)) return 'Informe um número inteiro.';
  const n = Number(text);
  return n < min || n > max ? `Informe um número de ${min} a ${max}.` : n;
};

/** "50", "50,5", "33,3333" → ten-thousandths of a percent, or null (at most 4 decimals). */
export function parsePercent(text: string): bigint | null {
  const m = /^(\d{1,3})(?:[,.](\d{1,4}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!m) return null;
  return BigInt(m[1] as string) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** valorCtrPrestServico × percentual / 100 in cents, rounded half up (what the API expects within a cent). */
export function expectedContractCents(serviceCents: bigint, percentUnits: bigint): bigint {
  return (serviceCents * percentUnits + 500_000n) / 1_000_000n;
}

const MONTH = /^(?:(\d{1,2})(?:\/(\d{4}))?|(\d{4})-(\d{2}))$/;

/** parcMeses as the API reads it: months (MM, MM/AAAA) separated by commas, none repeated, one per installment. */
export function checkMonths(text: string, installments: number | null): string | null {
  const tokens = text.split(/[,;\s]+/).filter(Boolean);
  const seen = new Set<string>();
  for (const token of tokens) {
    const m = MONTH.exec(token);
    const mes = Number(m?.[1] ?? m?.[4]);
    if (!m || mes < 1 || mes > 12) return 'Informe os meses como MM ou MM/AAAA, separados por vírgula.';
    const key = `${m[2] ?? m[3] ?? ''}-${mes}`;
    if (seen.has(key)) return 'Há um mês repetido.';
    seen.add(key);
  }
  if (installments !== null && tokens.length !== installments)
    return `Informe ${installments} ${installments === 1 ? 'mês' : 'meses'}, um por parcela (há ${tokens.length}).`;
  return null;
}

const cents = (value: number) => BigInt(Math.round(value * 100));

/** The form's errors by field, or the row to send when there are none. */
export function checkValues(form: ValueForm): { errors: Partial<Record<ValueFormField, string>>; row?: ValuesRowIn } {
  const errors: Partial<Record<ValueFormField, string>> = {};
  const v = Object.fromEntries(VALUE_FORM_FIELDS.map((f) => [f, form[f].trim()])) as Record<ValueFormField, string>;
  const need = (field: ValueFormField) => {
    if (!v[field]) errors[field] = REQUIRED;
    return Boolean(v[field]);
  };
  const int = (field: ValueFormField, min: number, max: number) => {
    const n = integer(v[field], min, max);
    if (typeof n === 'string') errors[field] = n;
    return typeof n === 'number' ? n : null;
  };
  const money = (field: ValueFormField) => {
    const n = parseBRL(v[field]);
    if (n === null) errors[field] = 'Informe um valor como 1.234,56.';
    else if (n <= 0) errors[field] = 'O valor deve ser maior que zero.';
    return n !== null && n > 0 ? n : null;
  };

  const brbId = need('brbId') ? int('brbId', 1, Number.MAX_SAFE_INTEGER) : null;
  const max = form.contratoAnual ? 12 : 6;
  const parcelas = need('qtdParcelasCobertura') ? int('qtdParcelasCobertura', 1, max) : null;
  const creditos = v.qtdCreditos ? int('qtdCreditos', 0, 1000) : undefined;
  const servico = need('valorCtrPrestServico') ? money('valorCtrPrestServico') : null;
  let percent: bigint | null = null;
  if (need('percentualConcedido')) {
    percent = parsePercent(v.percentualConcedido);
    if (percent === null) errors.percentualConcedido = 'Informe o percentual com até 4 casas, como 50 ou 33,3333.';
    else if (percent <= 0n || percent > 1_000_000n) {
      errors.percentualConcedido = 'O percentual deve ser maior que 0 e até 100.';
      percent = null;
    }
  }
  const contrato = need('valorContrato') ? money('valorContrato') : null;
  if (servico !== null && percent !== null && contrato !== null) {
    const gap = cents(contrato) * 1_000_000n - cents(servico) * percent;
    if (gap > 1_000_000n || gap < -1_000_000n) {
      const expected = Number(expectedContractCents(cents(servico), percent)) / 100;
      errors.valorContrato = `Deve ser o valor do contrato × percentual ÷ 100: ${expected.toLocaleString('pt-BR', {
        style: 'currency',
        currency: 'BRL',
      })}.`;
    }
  }
  if (v.parcMeses) {
    const problem = checkMonths(v.parcMeses, parcelas);
    if (problem) errors.parcMeses = problem;
  }
  if (v.motivoReenvio.length > 500) errors.motivoReenvio = 'No máximo 500 caracteres.';
  if (Object.keys(errors).length > 0 || brbId === null || parcelas === null) return { errors };
  return {
    errors,
    row: {
      brbId,
      qtdParcelasCobertura: parcelas,
      ...(creditos !== undefined && creditos !== null ? { qtdCreditos: creditos } : {}),
      valorCtrPrestServico: servico as number,
      percentualConcedido: Number(percent) / 10_000,
      valorContrato: contrato as number,
      ...(v.parcMeses ? { parcMeses: v.parcMeses } : {}),
      contratoAnual: form.contratoAnual ? 'S' : 'N',
      ...(v.motivoReenvio ? { motivoReenvio: v.motivoReenvio } : {}),
    },
  };
}
