import type { ColumnType, Generated } from 'kysely';
import type { StoredRowError } from './row-errors.js';

/** Tables of migrations 0301_values and 0302_restitution (and 0405's columns of lote_linha). */

export const ORIGENS = [
  'V3_ENVIAR_VALORES',
  'V3_ALTERAR_STATUS',
  'V2_ENVIAR',
  'V2_ALTERAR',
  'PREVISAO_FORMATURA',
  'PLANILHA',
] as const;
export type Origem = (typeof ORIGENS)[number];

/** A batch's source: an IE system (role API), a sheet import, or a send from the portal. */
export const FONTES = ['API', 'PLANILHA', 'ENVIO_UNICO'] as const;
export type Fonte = (typeof FONTES)[number];

export const RESULTADOS = ['SUCESSO', 'ERRO', 'PENDENTE'] as const;
export type Resultado = (typeof RESULTADOS)[number];

export const PROCESSAMENTOS = [
  'NAO_APLICAVEL',
  'AGUARDANDO',
  'ACEITO',
  'RECUSADO',
  'SUBSTITUIDO',
  'DESCARTADO',
] as const;
export type Processamento = (typeof PROCESSAMENTOS)[number];

type Json<T> = ColumnType<T, string | undefined, string>;

/** A row error as stored: field, rule code and params; the message is built when read (row-errors.ts). */
export type RowError = StoredRowError;

export interface LoteTable {
  id: Generated<number>;
  origem: Origem;
  porta: 'padrao' | 'alterar-status';
  reenvio: Generated<boolean>;
  criado_por: string;
  criado_por_nome: string | null;
  arquivo_nome: string | null;
  arquivo_formato: 'csv' | 'xlsx' | null;
  arquivo_sha256: string | null;
  /** CSV uploads: the encoding the file was read in ('utf-8' or 'windows-1252'). */
  arquivo_codificacao: string | null;
  total: Generated<number>;
  sucesso: Generated<number>;
  erro: Generated<number>;
  pendente: Generated<number>;
  aceitas: Generated<number>;
  recusadas: Generated<number>;
  status: Generated<'EM_PROCESSAMENTO' | 'PROCESSADO'>;
  created_at: Generated<Date>;
  processado_em: Date | null;
  /** Where the batch came from (migration 0540). */
  fonte: Generated<Fonte>;
  /** The IEs the batch belongs to: the sender's; for the foundation's sends, its rows' (migration 0540). */
  ie_ids: Generated<number[]>;
}

export interface LoteLinhaTable {
  lote_id: number;
  linha: number;
  brb_id: number | null;
  entrada_id: number | null;
  ie_id: number | null;
  processo_id: number | null;
  aditivo_id: number | null;
  situacao_anterior: string | null;
  motivo_anterior: string | null;
  resultado: Resultado | null;
  erros: Json<RowError[]>;
  processamento: Generated<Processamento>;
  motivo_recusa: string | null;
  processado_em: Date | null;
  processado_por: string | null;
  nome_estudante: string | null;
  qtd_parcelas_cobertura: number | null;
  qtd_creditos: number | null;
  valor_contrato: string | null;
  valor_ctr_prest_servico: string | null;
  percentual_concedido: string | null;
  parc_meses: string | null;
  id_curso: number | null;
  regime_contrato: string | null;
  contrato_anual: boolean | null;
  motivo_reenvio: string | null;
  motivo: string | null;
  serie_semestre: string | null;
  /** The request and timeline event the row stands for (SUCESSO and PENDENTE rows, migration 0405). */
  solicitacao_id: number | null;
  evento_id: number | null;
  /** The lock end sent with the values (dadosTrancamento), shown on the row's event. */
  fim_trancamento: Json<unknown> | null;
}

export interface PagamentoRestituicaoTable {
  id: Generated<number>;
  contrato_id: number;
  ie_id: number;
  parcela: number;
  total_parcelas: number;
  valor_parcela: string;
  valor_pago: string;
  taxa_retida: string;
  valor_liquido: string;
  data_pagamento: string;
  competencia: string;
  registrado_por: string;
  created_at: Generated<Date>;
}

export interface AjusteRepasseTable {
  id: Generated<number>;
  ie_id: number;
  competencia: string;
  valor: string;
  descricao: string;
  pagamento_id: number | null;
  registrado_por: string;
  created_at: Generated<Date>;
  /** The month the adjustment refers to when that month was closed (migration 0520). */
  competencia_referencia: string | null;
}

/** A month closed by the foundation (migration 0520); months also close on the 5th of the next. */
export interface RepasseFechamentoTable {
  competencia: string;
  fechado_em: Generated<Date>;
  fechado_por: string;
}

export interface ValuesTables {
  lote: LoteTable;
  lote_linha: LoteLinhaTable;
  pagamento_restituicao: PagamentoRestituicaoTable;
  ajuste_repasse: AjusteRepasseTable;
  repasse_fechamento: RepasseFechamentoTable;
}
