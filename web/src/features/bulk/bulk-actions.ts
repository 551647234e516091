import type { Tab } from '../../lib/labels.ts';

/** The fields a bulk action's form asks for (the single-entry body's fields, without brbId). */
export type BulkField = 'motivoTexto' | 'dataOcorrido' | 'dataOpcional' | 'tipoAfastamento' | 'motivoVinculo';

export interface BulkActionSpec {
  path: string;
  fields: BulkField[];
  /** The effect on each student, for the confirmation ("… de 12 estudantes"). */
  effect: string;
  /** Irreversible: the confirmation says so. */
  irreversible: boolean;
}

export const BULK_SPECS: Record<string, BulkActionSpec> = {
  'inativar-estudante': {
    path: 'inativar-estudante',
    fields: ['motivoTexto'],
    effect: 'sai desta jornada como Sem renovação — Inativo',
    irreversible: true,
  },
  trancamento: {
    path: 'trancamento',
    fields: ['dataOcorrido'],
    effect: 'tem a matrícula trancada neste semestre (usa 1 dos semestres de trancamento do convênio)',
    irreversible: true,
  },
  'afastamento-evasao': {
    path: 'afastamento-evasao',
    fields: ['tipoAfastamento', 'dataOcorrido'],
    effect: 'sai da renovação por afastamento ou evasão (a evasão antecipa a restituição)',
    irreversible: true,
  },
  'manutencao-vinculo': {
    path: 'manutencao-vinculo',
    fields: ['motivoVinculo', 'dataOpcional'],
    effect: 'fica em manutenção de vínculo (matriculado, sem usar crédito neste semestre)',
    irreversible: false,
  },
  'manter-trancamento': {
    path: 'manter-trancamento',
    fields: ['dataOpcional'],
    effect: 'mantém o trancamento do semestre anterior (usa 1 dos semestres de trancamento do convênio)',
    irreversible: true,
  },
  'revisao-analise': {
    path: 'revisao-analise',
    fields: ['motivoTexto'],
    effect: 'volta para a revisão de análise da fundação',
    irreversible: false,
  },
  'cancelar-contrato': {
    path: 'cancelar-contrato',
    fields: ['motivoTexto'],
    effect: 'tem o contrato cancelado (a restituição é antecipada)',
    irreversible: true,
  },
  'excluir-contrato': {
    path: 'excluir-contrato',
    fields: ['motivoTexto'],
    effect: 'tem o contrato excluído (recusado se algum aditivo foi assinado)',
    irreversible: true,
  },
};

/**
 * The actions the API allows from the situations a tab lists (the state machine's transitions
 * through the default door; analysis review only from Sem renovação). An entry whose own state
 * refuses the action is reported as refused with the API's reason, like one done alone.
 */
export const BULK_ACTIONS_BY_TAB: Record<Tab, string[]> = {
  aptos: [
    'trancamento',
    'afastamento-evasao',
    'manutencao-vinculo',
    'inativar-estudante',
    'cancelar-contrato',
    'excluir-contrato',
  ],
  'em-processamento': ['inativar-estudante', 'cancelar-contrato', 'excluir-contrato'],
  finalizados: ['inativar-estudante', 'cancelar-contrato'],
  'sem-renovacao': [
    'revisao-analise',
    'manter-trancamento',
    'afastamento-evasao',
    'manutencao-vinculo',
    'inativar-estudante',
    'cancelar-contrato',
    'excluir-contrato',
  ],
  'manutencao-vinculo': [
    'trancamento',
    'afastamento-evasao',
    'inativar-estudante',
    'cancelar-contrato',
    'excluir-contrato',
  ],
};
