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

/** The foundation's screens (Fundação): batch and row states, checks, payment-file and signature results. */
export const LOTE_STATUS_LABEL: Record<string, string> = {
  EM_PROCESSAMENTO: 'Em processamento',
  PROCESSADO: 'Processado',
};

export const FONTE_LABEL: Record<string, string> = {
  API: 'Sistema da IE',
  PLANILHA: 'Planilha',
  ENVIO_UNICO: 'Portal',
};

export const PROCESSAMENTO_LABEL: Record<string, string> = {
  NAO_APLICAVEL: 'Não se aplica',
  AGUARDANDO: 'Aguardando decisão',
  ACEITO: 'Aceita',
  RECUSADO: 'Recusada',
  SUBSTITUIDO: 'Substituída por reenvio',
  DESCARTADO: 'Descartada',
};

export const VERIFICACAO_LABEL: Record<string, string> = {
  ESTUDANTE_DA_IE: 'Estudante da IE',
  JORNADA_ABERTA: 'Jornada aberta',
  SEM_DUPLICIDADE: 'Sem linha repetida',
  SITUACAO_PERMITIDA: 'Situação permite o envio',
  JA_AGUARDAVA_FUNDACAO: 'Já aguardava a fundação',
  CURSO_CONFERE: 'Curso confere',
  MESES_DO_SEMESTRE: 'Meses do semestre',
  REENVIO: 'Reenvio',
};

export const RESULTADO_ARQUIVO_LABEL: Record<string, string> = {
  REGISTRADO: 'Registrado',
  RECUSADO: 'Recusado',
  JA_REGISTRADO: 'Já registrado antes',
};

export const PARCELA_STATUS_LABEL: Record<string, string> = {
  ABERTA: 'Em aberto',
  PARCIAL: 'Paga em parte',
  PAGA: 'Paga',
};

/** A code through its catalogue; an unknown code reads as itself rather than disappearing. */
export const labelOf = (catalogue: Record<string, string>, code: string | null | undefined): string =>
  code ? (catalogue[code] ?? code) : '—';

/** Why a request waits (reference list motivo-espera; the same descriptions). */
export const MOTIVO_ESPERA_LABEL: Record<string, string> = {
  AGUARDANDO_DOCUMENTO_IE: 'Aguardando documento da IE',
  AGUARDANDO_ESTUDANTE: 'Aguardando ação do estudante',
  EM_ANALISE_FUNDACAO: 'Em análise pela fundação',
  AGUARDANDO_ASSINATURA: 'Aguardando assinatura do aditivo',
  AGUARDANDO_SUPORTE: 'Aguardando atendimento do suporte',
};
