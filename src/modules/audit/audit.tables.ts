import type { Generated } from 'kysely';

/** The audit trail (migration 0540_audit_and_batches): one row per changing request. */
export interface AuditoriaTable {
  id: Generated<number>;
  em: Generated<Date>;
  usuario: string;
  usuario_nome: string | null;
  papel: string;
  /** The operation's operationId. */
  operacao: string;
  metodo: string;
  /** The route pattern, e.g. '/s/operador/lotes/:loteId/aceitar'. */
  rota: string;
  brb_id: number | null;
  lote_id: number | null;
  /** The IEs the row concerns: the target entry's, else the batch's, else the caller's. */
  ie_ids: Generated<number[]>;
  /** Written in the transaction that committed the change; false: recorded after an answer that committed nothing. */
  efetivado: boolean;
  /** The answer's HTTP status, set once it is sent (null: the process stopped before answering). */
  status: number | null;
  request_id: string;
}

export interface AuditTables {
  auditoria: AuditoriaTable;
}
