/** pt-BR names of the API's codes, shown in lists and badges. */

export const TABS = ['aptos', 'em-processamento', 'finalizados', 'sem-renovacao', 'manutencao-vinculo'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_LABEL: Record<Tab, string> = {
  aptos: 'Aptos',
  'em-processamento': 'Em processamento',
  finalizados: 'Finalizados',
  'sem-renovacao': 'Sem renovação',
  'manutencao-vinculo': 'Manutenção de vínculo',
};

export const SITUACAO_LABEL: Record<string, string> = {
  APTO: 'Apto',
  EM_PROCESSAMENTO: 'Em processamento',
  REVISAO_ANALISE: 'Revisão de análise',
  AGUARDANDO_ASSINATURA: 'Aguardando assinatura',
  FINALIZADO: 'Finalizado',
  SEM_RENOVACAO: 'Sem renovação',
  MANUTENCAO_VINCULO: 'Manutenção de vínculo',
  CANCELADO: 'Cancelado',
  EXCLUIDO: 'Excluído',
};

export const MOTIVO_LABEL: Record<string, string> = {
  TRANCAMENTO: 'Trancamento',
  AFASTAMENTO: 'Afastamento',
  EVASAO: 'Evasão',
  INATIVO: 'Inativo',
  NAO_RENOVADO: 'Não renovado',
};

export const situacaoText = (situacao: string, motivo?: string | null): string =>
  `${SITUACAO_LABEL[situacao] ?? situacao}${motivo ? ` — ${MOTIVO_LABEL[motivo] ?? motivo}` : ''}`;

/** The situações each tab lists (as the service's counters group them). */
export const TAB_SITUACOES: Record<Tab, string[]> = {
  aptos: ['APTO'],
  'em-processamento': ['EM_PROCESSAMENTO', 'REVISAO_ANALISE', 'AGUARDANDO_ASSINATURA'],
  finalizados: ['FINALIZADO'],
  'sem-renovacao': ['SEM_RENOVACAO'],
  'manutencao-vinculo': ['MANUTENCAO_VINCULO'],
};

/** Bulk actions (issue 21, item 2): the action, each entry's result and the run's state. */
export const BULK_ACTION_LABEL: Record<string, string> = {
  'inativar-estudante': 'Inativar',
  trancamento: 'Trancamento de matrícula',
  'afastamento-evasao': 'Afastamento ou evasão',
  'manutencao-vinculo': 'Manutenção de vínculo',
  'manter-trancamento': 'Manter trancamento',
  'revisao-analise': 'Revisão de análise',
  'cancelar-contrato': 'Cancelar contrato',
  'excluir-contrato': 'Excluir contrato',
};
export const BULK_RESULT_LABEL: Record<string, string> = {
  PENDENTE: 'Pendente',
  FEITO: 'Feito',
  RECUSADO: 'Recusado',
};
export const BULK_STATE_LABEL: Record<string, string> = {
  EM_ANDAMENTO: 'Em andamento',
  CONCLUIDA: 'Concluída',
  INTERROMPIDA: 'Interrompida',
};
