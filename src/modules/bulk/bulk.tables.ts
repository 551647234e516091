import type { ColumnType, Generated } from 'kysely';

/** Bulk actions (migration 0710_bulk_actions). */
export interface AcaoEmLoteTable {
  id: Generated<number>;
  /** The action's path segment, e.g. 'trancamento' (BULK_ACTIONS in bulk.actions.ts). */
  acao: string;
  usuario: string;
  usuario_nome: string | null;
  /** The caller's IEs when it started (empty for the foundation): who may read it. */
  ie_ids: number[];
  /** The action's fields as sent (without the selection). */
  dados: ColumnType<unknown, string, string>;
  total: number;
  /** The request id every audit row of the bulk action carries. */
  correlacao_id: string;
  estado: Generated<'EM_ANDAMENTO' | 'CONCLUIDA' | 'INTERROMPIDA'>;
  criada_em: Generated<Date>;
  atualizada_em: Generated<Date>;
  concluida_em: Date | null;
}

export interface AcaoEmLoteItemTable {
  acao_lote_id: number;
  ordem: number;
  brb_id: number;
  estudante_nome: string | null;
  cpf: string | null;
  resultado: Generated<'PENDENTE' | 'FEITO' | 'RECUSADO'>;
  status: number | null;
  /** The refusal's message as a Text ({ pt, en }); the answer localizes it. */
  mensagem: ColumnType<unknown, string | null, string | null>;
  situacao: string | null;
}

export interface BulkTables {
  acao_em_lote: AcaoEmLoteTable;
  acao_em_lote_item: AcaoEmLoteItemTable;
}
