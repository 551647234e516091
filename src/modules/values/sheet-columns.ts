// Types only: values.rows re-exports row-errors, which reads these labels (a value import would be a cycle).
import type { ValueField } from './values.rows.js';

/**
 * The values sheet's columns in Portuguese (DOMAIN.md, "Files that people open in Excel"): the
 * template and the pre-filled sheet are written with these headers, row errors name these
 * labels, and the importer reads either these or the interface's field names (FillValuesInDto),
 * in any case, with or without accents, spaces or punctuation.
 */
export const VALUE_LABELS: Record<ValueField, string> = {
  brbId: 'Contrato (brbId)',
  nomeEstudante: 'Nome do estudante',
  qtdParcelasCobertura: 'Parcelas cobertas',
  qtdCreditos: 'Créditos no semestre',
  valorContrato: 'Valor financiado',
  valorCtrPrestServico: 'Valor do contrato de prestação de serviços',
  percentualConcedido: 'Percentual concedido (%)',
  parcMeses: 'Meses cobertos',
  idCurso: 'Código do curso',
  regimeContrato: 'Regime do contrato',
  contratoAnual: 'Contrato anual (S/N)',
  motivoReenvio: 'Motivo do reenvio',
  motivo: 'Motivo',
  serieSemestre: 'Série ou semestre',
};

/** The label of a field; a name that is not a sheet column (an API pointer...) as it is. */
export const labelOf = (field: string): string => VALUE_LABELS[field as ValueField] ?? field;

/** "Valor do contrato (R$)" → "valordocontratour": lower case, no accents, letters and digits only. */
export function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Every accepted header spelling, by key: the field name and the label ("Contrato anual" too). */
const BY_KEY = new Map<string, ValueField>();
for (const field of Object.keys(VALUE_LABELS) as ValueField[]) {
  BY_KEY.set(headerKey(field), field);
  BY_KEY.set(headerKey(VALUE_LABELS[field]), field);
  // The label without its parenthesis: "Percentual concedido", "Contrato anual".
  BY_KEY.set(headerKey(VALUE_LABELS[field].replace(/\s*\(.*\)$/, '')), field);
}
BY_KEY.delete('contrato');

/** The field a header cell names, or null. */
export const fieldOfHeader = (header: string): ValueField | null => BY_KEY.get(headerKey(header)) ?? null;
