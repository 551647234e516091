/**
 * What a journey entry can be: its situação, why it is not renewed, and the dashboard tab each
 * situação shows in (the same mapping as the generated column entrada_jornada.aba). Re-exported by
 * schema.ts, whose table types use them.
 */
export const SITUACOES = [
  'APTO',
  'EM_PROCESSAMENTO',
  'REVISAO_ANALISE',
  'AGUARDANDO_ASSINATURA',
  'FINALIZADO',
  'SEM_RENOVACAO',
  'MANUTENCAO_VINCULO',
  'CANCELADO',
  'EXCLUIDO',
] as const;
export type Situacao = (typeof SITUACOES)[number];

export const MOTIVOS_SEM_RENOVACAO = ['TRANCAMENTO', 'AFASTAMENTO', 'EVASAO', 'INATIVO', 'NAO_RENOVADO'] as const;
export type MotivoSemRenovacao = (typeof MOTIVOS_SEM_RENOVACAO)[number];

export const ABAS = ['aptos', 'em-processamento', 'finalizados', 'sem-renovacao', 'manutencao-vinculo'] as const;
export type Aba = (typeof ABAS)[number];

/** The tab of each situação, as the generated column entrada_jornada.aba computes it (DOMAIN.md); the terminal ones belong to none. */
export const TAB_OF: Record<Situacao, Aba | null> = {
  APTO: 'aptos',
  EM_PROCESSAMENTO: 'em-processamento',
  REVISAO_ANALISE: 'em-processamento',
  AGUARDANDO_ASSINATURA: 'em-processamento',
  FINALIZADO: 'finalizados',
  SEM_RENOVACAO: 'sem-renovacao',
  MANUTENCAO_VINCULO: 'manutencao-vinculo',
  CANCELADO: null,
  EXCLUIDO: null,
};
