import type { MotivoSemRenovacao, Situacao } from '../db/schema.js';
import type { TimelineAction } from '../modules/lifecycle/timeline-actions.js';

/**
 * The mix of situations the demo shows and the actions that lead to them (DOMAIN.md,
 * "Transitions"). Timeline `acao` codes are the 'situacao-acao' list codes where one exists, and
 * the operator's and the system's own actions otherwise.
 */
export type State = readonly [situacao: Situacao, motivo: MotivoSemRenovacao | null];

export const APTO: State = ['APTO', null];
export const EM_PROCESSAMENTO: State = ['EM_PROCESSAMENTO', null];
export const REVISAO_ANALISE: State = ['REVISAO_ANALISE', null];
export const AGUARDANDO_ASSINATURA: State = ['AGUARDANDO_ASSINATURA', null];
export const FINALIZADO: State = ['FINALIZADO', null];
export const TRANCAMENTO: State = ['SEM_RENOVACAO', 'TRANCAMENTO'];
export const AFASTAMENTO: State = ['SEM_RENOVACAO', 'AFASTAMENTO'];
export const EVASAO: State = ['SEM_RENOVACAO', 'EVASAO'];
export const INATIVO: State = ['SEM_RENOVACAO', 'INATIVO'];
export const NAO_RENOVADO: State = ['SEM_RENOVACAO', 'NAO_RENOVADO'];
export const MANUTENCAO_VINCULO: State = ['MANUTENCAO_VINCULO', null];
export const CANCELADO: State = ['CANCELADO', null];
export const EXCLUIDO: State = ['EXCLUIDO', null];

/** Shares (percent) of the current, open journey; APTO first (it takes what the others leave). */
export const CURRENT_MIX: readonly { state: State; share: number }[] = [
  { state: APTO, share: 45 },
  { state: EM_PROCESSAMENTO, share: 10 },
  { state: REVISAO_ANALISE, share: 3 },
  { state: AGUARDANDO_ASSINATURA, share: 8 },
  { state: FINALIZADO, share: 16 },
  { state: TRANCAMENTO, share: 5 },
  { state: AFASTAMENTO, share: 2 },
  { state: EVASAO, share: 2 },
  { state: INATIVO, share: 1.5 },
  { state: MANUTENCAO_VINCULO, share: 5 },
  { state: CANCELADO, share: 1 },
  { state: EXCLUIDO, share: 0.5 },
];

/** Outcomes of the previous, closed journey for contracts not locked then (locks are decided with the current state). */
export const PREVIOUS_MIX: readonly { state: State; share: number }[] = [
  { state: FINALIZADO, share: 89 },
  { state: NAO_RENOVADO, share: 5 },
  { state: AFASTAMENTO, share: 2 },
  { state: MANUTENCAO_VINCULO, share: 4 },
];

/** The demo writes exactly the codes live actions write (lifecycle/timeline-actions.ts). */
export const ACAO = {
  abrirJornada: 'ABERTURA_JORNADA',
  envioValores: 'ENVIAR_VALORES',
  alterarStatusEnvioValores: 'ENVIAR_VALORES',
  processamentoAceito: 'PROCESSAMENTO_ACEITO',
  processamentoRecusado: 'PROCESSAMENTO_RECUSADO',
  assinatura: 'ASSINATURA',
  trancamento: 'TRANCAMENTO',
  manterTrancamento: 'MANTER_TRANCAMENTO',
  afastamento: 'AFASTAMENTO',
  evasao: 'EVASAO',
  manutencaoVinculo: 'MANUTENCAO_VINCULO',
  revisaoAnalise: 'REVISAO_ANALISE',
  inativar: 'INATIVAR',
  cancelar: 'CANCELAR',
  excluir: 'EXCLUIR',
  janelaEncerrada: 'JANELA_ENCERRADA',
} as const satisfies Record<string, TimelineAction>;
export type Acao = (typeof ACAO)[keyof typeof ACAO];

/** Who acted: the IE's staff, the foundation's operator, or the service itself. */
export type Actor = 'IE' | 'OPERADOR' | 'SISTEMA';
export const ACTOR_NAMES: Record<Actor, string> = {
  IE: 'Secretaria acadêmica (demo)',
  OPERADOR: 'Operador da fundação (demo)',
  SISTEMA: 'Sistema',
};
