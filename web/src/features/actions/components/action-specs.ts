import { daysBetween, formatDate, toApiDate } from '../../../lib/format.ts';
import type { PortalAction } from '../api/actions.ts';

/** What the forms need from dados-complementares. */
export interface EntryContext {
  nome: string;
  /** The occurrence dates the API accepts now (yyyy-mm-dd): its rule, its clock. */
  datas: DateRange;
  trancamentos: {
    semestresTrancados: number;
    maxSemestresTrancamento: number;
    trancamentosConsecutivos: number;
    maxTrancamentosConsecutivos: number;
  };
  motivos: { codigo: string; descricao: string; tipo: string }[];
}

export interface DateRange {
  minima: string;
  maxima: string;
}

export interface FieldSpec {
  name: string;
  label: string;
  hint?: string;
  kind: 'date' | 'text' | 'textarea' | 'select';
  required?: boolean;
  /** Reasons the API requires: 3 to 500 characters after trimming. */
  reason?: boolean;
  /** An occurrence date: from the first day of the semester before the journey's to today. */
  occurrence?: boolean;
  maxLength?: number;
  options?: { value: string; label: string }[];
}

export interface ActionSpec {
  title: string;
  hint: string;
  submitLabel: string;
  fields: FieldSpec[];
  /** For irreversible actions: the confirmation naming the student and the effect. */
  confirm?: (values: Record<string, string>) => string;
}

export const REASON_MIN = 3;
export const REASON_MAX = 500;

const apiToIso = (api: string) => api.split('-').reverse().join('-');
const shown = (api: string | undefined) => (api ? formatDate(apiToIso(api)) : '');

/** The forms of the actions the contract page offers, built for one entry. */
export function actionSpecs(ctx: EntryContext): Record<PortalAction, ActionSpec> {
  const from = formatDate(ctx.datas.minima);
  const today = formatDate(ctx.datas.maxima);
  const occurrence = (label: string, required = true): FieldSpec => ({
    name: 'dataOcorrido',
    label,
    hint: `dd/mm/aaaa, de ${from} até hoje (${today}).`,
    kind: 'date',
    required,
    occurrence: true,
  });
  const reason = (label: string, hint: string): FieldSpec => ({
    name: 'motivo',
    label,
    hint: `${hint} De ${REASON_MIN} a ${REASON_MAX} caracteres.`,
    kind: 'textarea',
    required: true,
    reason: true,
    maxLength: REASON_MAX,
  });
  const codes = (tipo: string) =>
    ctx.motivos.filter((m) => m.tipo === tipo).map((m) => ({ value: m.codigo, label: m.descricao }));
  const t = ctx.trancamentos;
  const lockEffect = `Usa 1 dos ${t.maxSemestresTrancamento} semestres de trancamento do contrato (${t.semestresTrancados} já usados) e conta como o ${t.trancamentosConsecutivos + 1}º semestre trancado seguido (máximo ${t.maxTrancamentosConsecutivos}).`;
  const name = ctx.nome;
  return {
    TRANCAMENTO: {
      title: 'Trancar matrícula',
      hint: 'O estudante trancou a matrícula neste semestre: não renova e a fundação analisa o trancamento.',
      submitLabel: 'Trancar matrícula',
      fields: [
        occurrence('Data do trancamento'),
        {
          name: 'motivo',
          label: 'Observação (opcional)',
          hint: 'Até 500 caracteres.',
          kind: 'textarea',
          maxLength: 500,
        },
      ],
      confirm: (v) => `Trancar a matrícula de ${name} a partir de ${shown(v.dataOcorrido)}? ${lockEffect}`,
    },
    MANTER_TRANCAMENTO: {
      title: 'Manter o trancamento',
      hint: 'O trancamento do semestre anterior continua neste semestre.',
      submitLabel: 'Manter o trancamento',
      fields: [occurrence('Data da solicitação (opcional)', false)],
      confirm: () => `Manter o trancamento de ${name} neste semestre? ${lockEffect}`,
    },
    AFASTAMENTO: {
      title: 'Registrar afastamento',
      hint: 'O estudante se afastou do curso por um dos motivos da lista.',
      submitLabel: 'Registrar afastamento',
      fields: [
        occurrence('Data do afastamento'),
        { name: 'motivo', label: 'Motivo do afastamento', kind: 'select', required: true, options: codes('F') },
      ],
      confirm: () =>
        `Registrar o afastamento de ${name}? A matrícula deixa de ser renovada neste semestre e a fundação analisa o afastamento.`,
    },
    EVASAO: {
      title: 'Registrar evasão',
      hint: 'O estudante abandonou o curso.',
      submitLabel: 'Registrar evasão',
      fields: [occurrence('Data da evasão'), reason('Motivo da evasão', 'Descreva o que aconteceu.')],
      confirm: () =>
        `Registrar a evasão de ${name}? O contrato deixa de ser renovado e a restituição do crédito é antecipada para o mês que vem.`,
    },
    MANUTENCAO_VINCULO: {
      title: 'Manter o vínculo',
      hint: 'O estudante continua matriculado, sem usar crédito neste semestre.',
      submitLabel: 'Manter o vínculo',
      fields: [
        { name: 'motivo', label: 'Motivo', kind: 'select', required: true, options: codes('S') },
        {
          name: 'motivoComplementar',
          label: 'Complemento (opcional)',
          hint: 'Até 2.000 caracteres.',
          kind: 'textarea',
          maxLength: 2000,
        },
        occurrence('Data da solicitação (opcional)', false),
      ],
    },
    REVISAO_ANALISE: {
      title: 'Pedir revisão da análise',
      hint: 'A fundação revê a análise desta renovação.',
      submitLabel: 'Pedir revisão',
      fields: [
        {
          name: 'motivo',
          label: 'O que a fundação deve rever',
          hint: 'Até 2.000 caracteres.',
          kind: 'textarea',
          required: true,
          maxLength: 2000,
        },
      ],
    },
    INATIVAR: {
      title: 'Inativar estudante',
      hint: 'O estudante sai desta jornada e não entra nas próximas.',
      submitLabel: 'Inativar estudante',
      fields: [reason('Motivo da inativação', 'Por que o estudante sai da renovação.')],
      confirm: () =>
        `Inativar ${name}? A renovação deste semestre termina como inativo e o estudante não entra nas próximas jornadas.`,
    },
    PREVISAO_FORMATURA: {
      title: 'Nova previsão de formatura',
      hint: 'A restituição passa a começar no mês seguinte à nova previsão.',
      submitLabel: 'Enviar previsão',
      fields: [
        {
          name: 'previsaoFormatura',
          label: 'Previsão de formatura',
          hint: 'dd/mm/aaaa.',
          kind: 'date',
          required: true,
        },
        { name: 'motivo', label: 'Motivo (opcional)', hint: 'Até 500 caracteres.', kind: 'textarea', maxLength: 500 },
      ],
    },
    CANCELAR: {
      title: 'Cancelar contrato',
      hint: 'Encerra o contrato; a restituição do crédito é antecipada.',
      submitLabel: 'Cancelar contrato',
      fields: [reason('Motivo do cancelamento', 'Por que o contrato termina.')],
      confirm: () =>
        `Cancelar o contrato de ${name}? O contrato termina, a restituição do crédito é antecipada para o mês que vem, e isso não pode ser desfeito.`,
    },
    EXCLUIR: {
      title: 'Excluir contrato',
      hint: 'Só para um contrato sem nenhum aditivo assinado.',
      submitLabel: 'Excluir contrato',
      fields: [reason('Motivo da exclusão', 'Por que o contrato é excluído.')],
      confirm: () =>
        `Excluir o contrato de ${name}? O contrato deixa de existir para a renovação, e isso não pode ser desfeito.`,
    },
  };
}

/**
 * Checks a form as the API does (required fields, real dates dd/mm/aaaa, occurrence dates in
 * range, reasons of 3 to 500 characters): errors by field, and the values to send.
 */
export function checkForm(
  fields: FieldSpec[],
  raw: Record<string, string>,
  datas: DateRange,
): { errors: Record<string, string>; values: Record<string, string> } {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = (raw[field.name] ?? '').trim();
    if (!value) {
      if (field.required)
        errors[field.name] =
          field.kind === 'select'
            ? `Escolha: ${field.label.toLowerCase()}.`
            : `Informe: ${field.label.toLowerCase().replace(/ \(opcional\)$/, '')}.`;
      continue;
    }
    if (field.kind === 'date') {
      const api = toApiDate(value);
      if (!api) {
        errors[field.name] = 'Informe uma data real no formato dd/mm/aaaa, por exemplo 20/11/2026.';
        continue;
      }
      if (field.occurrence) {
        const iso = apiToIso(api);
        if (daysBetween(iso, datas.maxima) < 0 || daysBetween(datas.minima, iso) < 0) {
          errors[field.name] =
            `Informe uma data de ${formatDate(datas.minima)} até hoje (${formatDate(datas.maxima)}).`;
          continue;
        }
      }
      values[field.name] = api;
      continue;
    }
    if (field.reason && (value.length < REASON_MIN || value.length > REASON_MAX)) {
      errors[field.name] = `O motivo deve ter de ${REASON_MIN} a ${REASON_MAX} caracteres (tem ${value.length}).`;
      continue;
    }
    if (field.maxLength && value.length > field.maxLength) {
      errors[field.name] = `Use no máximo ${field.maxLength} caracteres (tem ${value.length}).`;
      continue;
    }
    values[field.name] = value;
  }
  return { errors, values };
}
