import { ACTIONS } from './state-machine.js';

/**
 * The one vocabulary of timeline action codes (DOMAIN.md, "Timeline vocabulary"): what live
 * actions, jobs and demo data write in `evento_timeline.acao`, served by
 * GET /s/v2/renovacao/referencias/acoes-timeline and documented in docs/state-machine.md. The
 * transitions of the state machine, plus the events that do not change a situation by an action:
 * the journey's opening (every entry's first event), a refresh, an insert by hand and an enrolment
 * number edit.
 */
export const TIMELINE_ACTIONS = [
  'ABERTURA_JORNADA',
  'ATUALIZACAO_JORNADA',
  'INSERCAO_MANUAL',
  ...ACTIONS,
  'EDICAO_MATRICULA',
] as const;
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

/** What each code means, for a person (pt-BR), in the order of TIMELINE_ACTIONS. */
export const TIMELINE_ACTION_DESCRIPTIONS: Record<TimelineAction, string> = {
  ABERTURA_JORNADA: 'Abertura da jornada: a entrada nasce APTO (ou SEM_RENOVACAO/TRANCAMENTO herdado)',
  ATUALIZACAO_JORNADA: 'Atualização da jornada: contrato que se tornou elegível depois da abertura',
  INSERCAO_MANUAL: 'Inserção manual do beneficiário na jornada',
  ENVIAR_VALORES: 'Envio dos valores do semestre',
  REENVIAR_VALORES: 'Reenvio dos valores do semestre (substitui os que estavam em processamento)',
  PROCESSAMENTO_ACEITO: 'Processamento aceito pela fundação; aditivo gerado',
  PROCESSAMENTO_RECUSADO: 'Processamento recusado pela fundação',
  ASSINATURA: 'Aditivo assinado pelo estudante',
  TRANCAMENTO: 'Trancamento de matrícula',
  MANTER_TRANCAMENTO: 'Manutenção do trancamento do semestre anterior',
  AFASTAMENTO: 'Afastamento',
  EVASAO: 'Evasão',
  MANUTENCAO_VINCULO: 'Manutenção de vínculo',
  REVISAO_ANALISE: 'Revisão da análise pela fundação',
  INATIVAR: 'Inativação do estudante',
  PREVISAO_FORMATURA: 'Nova previsão de formatura',
  CANCELAR: 'Cancelamento do contrato',
  EXCLUIR: 'Exclusão do contrato',
  JANELA_ENCERRADA: 'Janela encerrada sem renovação (não renovado)',
  EDICAO_MATRICULA: 'Edição do número de matrícula',
};

/** Demo and early data wrote other spellings; migration 0502 rewrote them to these. */
export const LEGACY_TIMELINE_CODES: Record<string, TimelineAction> = {
  ENVIO_VALORES: 'ENVIAR_VALORES',
  ALTERAR_STATUS_ENVIO_VALORES: 'ENVIAR_VALORES',
  ASSINATURA_ADITIVO: 'ASSINATURA',
  INATIVAR_ESTUDANTE: 'INATIVAR',
  CANCELAR_CONTRATO: 'CANCELAR',
  EXCLUIR_CONTRATO: 'EXCLUIR',
};
