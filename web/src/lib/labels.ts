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

/* Batches (Meus lotes) and the audit trail. */

export const LOTE_STATUS_LABEL: Record<string, string> = {
  EM_PROCESSAMENTO: 'Em processamento',
  PROCESSADO: 'Processado',
};

export const FONTE_LABEL: Record<string, string> = {
  API: 'Sistema da IE (API)',
  PLANILHA: 'Planilha',
  ENVIO_UNICO: 'Envio pelo portal',
};

export const RESULTADO_LABEL: Record<string, string> = {
  SUCESSO: 'Aceita',
  ERRO: 'Com erro',
  PENDENTE: 'Pendente',
};

/** The foundation's decision on a batch row. */
export const PROCESSAMENTO_LABEL: Record<string, string> = {
  NAO_APLICAVEL: 'Não se aplica',
  AGUARDANDO: 'Aguardando a Fundação',
  ACEITO: 'Aceita pela Fundação',
  RECUSADO: 'Recusada pela Fundação',
  SUBSTITUIDO: 'Substituída por reenvio',
  DESCARTADO: 'Descartada',
};

/** Columns of the values sheet, as the rows' errors name them. */
export const VALUE_FIELD_LABEL: Record<string, string> = {
  brbId: 'brbId',
  nomeEstudante: 'Nome do estudante',
  qtdParcelasCobertura: 'Parcelas de cobertura',
  qtdCreditos: 'Créditos',
  valorContrato: 'Valor do contrato',
  valorCtrPrestServico: 'Valor do contrato de prestação de serviço',
  percentualConcedido: 'Percentual concedido',
  parcMeses: 'Meses das parcelas',
  idCurso: 'Curso',
  regimeContrato: 'Regime do contrato',
  contratoAnual: 'Contrato anual',
  motivoReenvio: 'Motivo do reenvio',
  motivo: 'Motivo',
  serieSemestre: 'Série/semestre',
};

export const PAPEL_LABEL: Record<string, string> = { IE: 'IE', API: 'Sistema da IE', OPERADOR: 'Fundação' };

/**
 * The audit trail's operations (operationIds) by what a person did. The API has several paths
 * (v1/v2/v3, status-change doors) for one action: a pattern names them all.
 */
const OPERACAO_PATTERNS: [RegExp, string][] = [
  [/^keepLock/, 'Manter trancamento'],
  [/^lockEnrolment/, 'Trancamento'],
  [/^withdrawOrDropOut|^updateEnrolmentSituation/, 'Afastamento ou evasão'],
  [/^maintainBond/, 'Manutenção de vínculo'],
  [/^inactivateStudent/, 'Inativação'],
  [/^requestAnalysisReview/, 'Revisão de análise'],
  [/^deleteContract/, 'Exclusão de contrato'],
  [/^cancelContract/, 'Cancelamento de contrato'],
  [/^(sendGraduationForecast|informGraduationDate)/, 'Previsão de formatura'],
  [/^editEnrolmentNumber/, 'Edição da matrícula'],
  [/^changeJourneyStatus/, 'Alteração de status na jornada'],
  [/^importValuesSheet/, 'Importação de planilha de valores'],
  [/^(sendValues|sendContractValues)/, 'Envio de valores'],
  [/^insertBeneficiary/, 'Inclusão na jornada'],
  [/^openJourneys/, 'Abertura de jornada'],
  [/^refreshJourneys/, 'Atualização da jornada'],
  [/^acceptBatchRows/, 'Aceite de linhas do lote (Fundação)'],
  [/^rejectBatchRows/, 'Recusa de linhas do lote (Fundação)'],
  [/^(markNotificationViewed|markAllNotificationsViewed)/, 'Notificação marcada como lida'],
  [/^closeNotificationModal/, 'Aviso fechado'],
  [/^(setEmailPreference|deleteEmailPreference)/, 'Preferência de e-mail'],
  [/^setIeGroupPreference/, 'Grupo de IE padrão'],
  [/^setDefaultAgreement/, 'Convênio padrão'],
  [/^updateTicketType/, 'Tipo de ticket'],
  [/Webhook/, 'Webhooks'],
  [/^(signIn|signOut)/, 'Sessão'],
  [/^bulk|Bulk/, 'Ação em lote'],
];

export const operacaoLabel = (operacao: string): string =>
  OPERACAO_PATTERNS.find(([pattern]) => pattern.test(operacao))?.[1] ?? operacao;
