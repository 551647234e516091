/**
 * THE label catalogue: the pt-BR name of every code the API returns that a person reads. Codes
 * stay in the API's JSON and in exports' code columns; screens show `label(CATALOGUE, code)`.
 * A code missing here still never reaches the screen raw: `humanize` turns it into words, and the
 * e2e scan for UPPER_SNAKE text catches the gap.
 */

/** "ALGO_NOVO" → "Algo novo", "valorContrato" → "Valor contrato": the last resort for an unknown code. */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** The label of `code` in `catalogue`; '—' for no code; words for an unknown one. */
export function label(catalogue: Readonly<Record<string, string>>, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  return catalogue[code] ?? humanize(code);
}

export const TABS = ['aptos', 'em-processamento', 'finalizados', 'sem-renovacao', 'manutencao-vinculo'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_LABEL: Record<Tab, string> = {
  aptos: 'Aptos',
  'em-processamento': 'Em processamento',
  finalizados: 'Finalizados',
  'sem-renovacao': 'Sem renovação',
  'manutencao-vinculo': 'Manutenção de vínculo',
};

/** Journey entry situação. */
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

/** Why an entry is SEM_RENOVACAO. */
export const MOTIVO_LABEL: Record<string, string> = {
  TRANCAMENTO: 'Trancamento',
  AFASTAMENTO: 'Afastamento',
  EVASAO: 'Evasão',
  INATIVO: 'Inativo',
  NAO_RENOVADO: 'Não renovado',
};

export const situacaoText = (situacao: string, motivo?: string | null): string =>
  `${label(SITUACAO_LABEL, situacao)}${motivo ? ` — ${label(MOTIVO_LABEL, motivo)}` : ''}`;

/** The situações each tab lists (as the service's counters group them). */
export const TAB_SITUACOES: Record<Tab, string[]> = {
  aptos: ['APTO'],
  'em-processamento': ['EM_PROCESSAMENTO', 'REVISAO_ANALISE', 'AGUARDANDO_ASSINATURA'],
  finalizados: ['FINALIZADO'],
  'sem-renovacao': ['SEM_RENOVACAO'],
  'manutencao-vinculo': ['MANUTENCAO_VINCULO'],
};

/** Tags of a journey entry. */
export const TAG_LABEL: Record<string, string> = {
  PRIMEIRA_RENOVACAO: 'Primeira renovação',
  FORMANDO: 'Formando',
  PENDENCIA_DOCUMENTO: 'Pendência de documento',
};

/**
 * Actions of the state machine (acoesPermitidas, 409 bodies) and timeline action codes
 * (GET /s/v2/renovacao/referencias/acoes-timeline), legacy spellings included.
 */
export const ACAO_LABEL: Record<string, string> = {
  ABERTURA_JORNADA: 'Abertura da jornada',
  ATUALIZACAO_JORNADA: 'Atualização da jornada',
  INSERCAO_MANUAL: 'Inserção manual na jornada',
  ENVIAR_VALORES: 'Envio de valores',
  REENVIAR_VALORES: 'Reenvio de valores',
  PROCESSAMENTO_ACEITO: 'Processamento aceito pela fundação',
  PROCESSAMENTO_RECUSADO: 'Processamento recusado pela fundação',
  ASSINATURA: 'Aditivo assinado',
  TRANCAMENTO: 'Trancamento de matrícula',
  MANTER_TRANCAMENTO: 'Manutenção do trancamento',
  AFASTAMENTO: 'Afastamento',
  EVASAO: 'Evasão',
  MANUTENCAO_VINCULO: 'Manutenção de vínculo',
  REVISAO_ANALISE: 'Revisão da análise',
  INATIVAR: 'Inativação do estudante',
  PREVISAO_FORMATURA: 'Nova previsão de formatura',
  CANCELAR: 'Cancelamento do contrato',
  EXCLUIR: 'Exclusão do contrato',
  JANELA_ENCERRADA: 'Janela encerrada sem renovação',
  EDICAO_MATRICULA: 'Edição da matrícula',
  // Spellings of early data (migration 0502 rewrote them, exports may still carry them).
  ENVIO_VALORES: 'Envio de valores',
  ALTERAR_STATUS_ENVIO_VALORES: 'Envio de valores',
  ASSINATURA_ADITIVO: 'Aditivo assinado',
  INATIVAR_ESTUDANTE: 'Inativação do estudante',
  CANCELAR_CONTRATO: 'Cancelamento do contrato',
  EXCLUIR_CONTRATO: 'Exclusão do contrato',
};
export const TIMELINE_ACTION_LABEL = ACAO_LABEL;

/** Journey types (reference list tipo-jornada) and statuses. */
export const JOURNEY_TYPE_LABEL: Record<string, string> = {
  RENOVACAO: 'Renovação semestral',
  REGULARIZACAO: 'Regularização',
};
export const JOURNEY_STATUS_LABEL: Record<string, string> = { ABERTA: 'Aberta', ENCERRADA: 'Encerrada' };

/** Tickets. */
export const TICKET_STATUS_LABEL: Record<string, string> = {
  ABERTO: 'Aberto',
  EM_ATENDIMENTO: 'Em atendimento',
  FECHADO: 'Fechado',
};
export const TICKET_TYPE_LABEL: Record<string, string> = {
  DUVIDA: 'Dúvida',
  DOCUMENTACAO: 'Documentação',
  CORRECAO_VALORES: 'Correção de valores',
  SUPORTE_TECNICO: 'Suporte técnico',
};

/** Requests (solicitações): kinds and statuses; the "Mais ações" situations (reference list situacao-acao). */
export const REQUEST_TYPE_LABEL: Record<string, string> = {
  ENVIO_VALORES: 'Envio de valores',
  TRANCAMENTO: 'Trancamento',
  AFASTAMENTO_EVASAO: 'Afastamento ou evasão',
  PREVISAO_FORMATURA: 'Previsão de formatura',
  MANUTENCAO_VINCULO: 'Manutenção de vínculo',
  ASSINATURA_CONTRATO_ANTERIOR: 'Assinatura do contrato anterior',
  REVISAO_ANALISE: 'Revisão da análise',
  INATIVAR_ESTUDANTE: 'Inativar estudante',
  CANCELAR_CONTRATO: 'Cancelamento de contrato',
  EXCLUIR_CONTRATO: 'Exclusão de contrato',
};
export const REQUEST_STATUS_LABEL: Record<string, string> = {
  EM_ANDAMENTO: 'Em andamento',
  CONCLUIDA: 'Concluída',
  CANCELADA: 'Cancelada',
  RECUSADA: 'Recusada',
};

/** The foundation's tasks and why a request waits (reference list motivo-espera). */
export const TASK_STATUS_LABEL: Record<string, string> = {
  PENDENTE: 'Pendente',
  EM_ANALISE: 'Em análise',
  CONCLUIDA: 'Concluída',
  CANCELADA: 'Cancelada',
};
export const TASK_TYPE_LABEL: Record<string, string> = { TRANCAMENTO: 'Trancamento', AFASTAMENTO: 'Afastamento' };
export const WAIT_REASON_LABEL: Record<string, string> = {
  AGUARDANDO_DOCUMENTO_IE: 'Aguardando documento da IE',
  AGUARDANDO_ESTUDANTE: 'Aguardando ação do estudante',
  EM_ANALISE_FUNDACAO: 'Em análise pela fundação',
  AGUARDANDO_ASSINATURA: 'Aguardando assinatura do aditivo',
  AGUARDANDO_SUPORTE: 'Aguardando atendimento do suporte',
};

/** Values batches (lotes): status, where they came from, how they were sent. */
export const BATCH_STATUS_LABEL: Record<string, string> = {
  EM_PROCESSAMENTO: 'Em processamento',
  PROCESSADO: 'Processado',
};
export const BATCH_ORIGIN_LABEL: Record<string, string> = {
  V3_ENVIAR_VALORES: 'Envio de valores (API)',
  V3_ALTERAR_STATUS: 'Alteração de status (API)',
  V2_ENVIAR: 'Envio de valores (API v2)',
  V2_ALTERAR: 'Alteração de status (API v2)',
  PREVISAO_FORMATURA: 'Previsão de formatura',
  PLANILHA: 'Planilha',
};
export const BATCH_SOURCE_LABEL: Record<string, string> = {
  API: 'Sistema da IE (API)',
  PLANILHA: 'Planilha',
  ENVIO_UNICO: 'Envio pelo portal',
};
/** Row outcome in a batch. */
export const ROW_STATUS_LABEL: Record<string, string> = {
  SUCESSO: 'Aceita',
  ERRO: 'Com erro',
  PENDENTE: 'Pendente na fundação',
  PENDENTE_FUNDACAO: 'Pendente na fundação',
};

/** Row-error rules of a values batch (`regra`). */
export const ROW_ERROR_LABEL: Record<string, string> = {
  OBRIGATORIO: 'Campo obrigatório',
  FORMATO: 'Formato inválido',
  FAIXA: 'Fora da faixa aceita',
  VALOR_CONTRATO: 'Valor do contrato não confere',
  PARC_MESES: 'Meses inválidos',
  NAO_ENCONTRADO: 'Estudante não encontrado',
  JORNADA_ENCERRADA: 'Jornada encerrada',
  DUPLICADO: 'Linha repetida',
  SITUACAO: 'Situação não aceita valores',
  EM_ANDAMENTO: 'Valores já em processamento',
  CURSO: 'Curso diferente',
  CONCORRENCIA: 'Alterado por outra operação',
};

/** Columns of the values sheet (FillValuesInDto) and of the lists, as a person reads them. */
export const COLUMN_LABEL: Record<string, string> = {
  brbId: 'Código da entrada (brbId)',
  nomeEstudante: 'Nome do estudante',
  qtdParcelasCobertura: 'Parcelas cobertas',
  qtdCreditos: 'Créditos',
  valorContrato: 'Valor do contrato (crédito)',
  valorCtrPrestServico: 'Valor do contrato de prestação de serviço',
  percentualConcedido: 'Percentual concedido',
  parcMeses: 'Meses cobertos',
  idCurso: 'Código do curso',
  regimeContrato: 'Regime do contrato',
  contratoAnual: 'Contrato anual',
  motivoReenvio: 'Motivo do reenvio',
  motivo: 'Motivo',
  serieSemestre: 'Série ou semestre',
  cpf: 'CPF',
  matricula: 'Matrícula',
  curso: 'Curso',
  situacao: 'Situação',
  dataOcorrido: 'Data do ocorrido',
  'data-ocorrido': 'Data do ocorrido',
  previsaoFormatura: 'Previsão de formatura',
  linha: 'Linha',
  erros: 'Erros',
};
/** The label of a column, or of the last part of a JSON pointer ("/body/valorContrato"). */
export const columnLabel = (field: string) => label(COLUMN_LABEL, field.split('/').pop() ?? field);

/** Users' roles (papel). */
export const ROLE_LABEL: Record<string, string> = {
  IE: 'Equipe da IE',
  API: 'Sistema da IE (API)',
  OPERADOR: 'Fundação (operador)',
};

/** Contract, bolsa, addendum and refund installment statuses. */
export const CONTRACT_STATUS_LABEL: Record<string, string> = {
  ATIVO: 'Ativo',
  CANCELADO: 'Cancelado',
  EXCLUIDO: 'Excluído',
  QUITADO: 'Quitado',
};
export const BOLSA_STATUS_LABEL: Record<string, string> = {
  ATIVA: 'Ativa',
  CANCELADA: 'Cancelada',
  EXCLUIDA: 'Excluída',
  ENCERRADA: 'Encerrada',
};
export const ADDENDUM_STATUS_LABEL: Record<string, string> = {
  GERADO: 'Gerado, aguardando assinatura',
  ASSINADO: 'Assinado',
  CANCELADO: 'Cancelado',
};
export const INSTALLMENT_STATUS_LABEL: Record<string, string> = {
  ABERTA: 'Em aberto',
  PARCIAL: 'Paga em parte',
  PAGA: 'Paga',
};
export const ACCRUAL_LABEL: Record<string, string> = { SIMPLES: 'Simples', COMPOSTO: 'Composta' };

/** Notification kinds. */
export const NOTIFICATION_KIND_LABEL: Record<string, string> = {
  LOTE_PROCESSADO: 'Lote processado',
  LINHAS_REJEITADAS: 'Linhas rejeitadas',
  ADITIVO_AGUARDANDO_ASSINATURA: 'Aditivo aguardando assinatura',
  RENOVACAO_FINALIZADA: 'Renovação finalizada',
  JANELA_FECHANDO: 'Janela de renovação fechando',
  JANELA_FECHADA: 'Janela de renovação encerrada',
  ACAO_RECUSADA: 'Ação recusada',
  WEBHOOK_DESATIVADO: 'Webhook desativado',
};

/** Enrolment-situation codes (reference lists tipo-situacao-matricula, situacao-matricula, situacao-restituicao). */
export const ENROLMENT_KIND_LABEL: Record<string, string> = {
  D: 'Trancamento de matrícula',
  F: 'Afastamento',
  E: 'Evasão',
  S: 'Manutenção de vínculo',
};
export const ENROLMENT_SITUATION_LABEL: Record<string, string> = {
  A: 'Ativa',
  T: 'Trancada',
  F: 'Afastada',
  E: 'Evadida',
  C: 'Concluída',
  I: 'Inativa',
};
export const RESTITUTION_SITUATION_LABEL: Record<string, string> = {
  N: 'Não iniciada',
  A: 'Antecipada',
  P: 'Após a formatura',
};

/* Batches (Meus lotes) and the audit trail. */

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
  OPERACAO_PATTERNS.find(([pattern]) => pattern.test(operacao))?.[1] ?? humanize(operacao);

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

/** The foundation's screens (Fundação, issue 22): the same catalogue under the names they use. */
export const LOTE_STATUS_LABEL = BATCH_STATUS_LABEL;
export const FONTE_LABEL = BATCH_SOURCE_LABEL;
export const MOTIVO_ESPERA_LABEL = WAIT_REASON_LABEL;
export const PARCELA_STATUS_LABEL = INSTALLMENT_STATUS_LABEL;

/** What the send already checked on a row waiting for the foundation (operator batch rows, `verificacoes`). */
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

/** A payments file's row outcome. */
export const RESULTADO_ARQUIVO_LABEL: Record<string, string> = {
  REGISTRADO: 'Registrado',
  RECUSADO: 'Recusado',
  JA_REGISTRADO: 'Já registrado antes',
};

/** The Fundação screens' name for `label`. */
export const labelOf = label;
