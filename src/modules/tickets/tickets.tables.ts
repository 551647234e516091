import type { Generated } from 'kysely';

export const TICKET_STATUSES = ['ABERTO', 'EM_ATENDIMENTO', 'FECHADO'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A service ticket attached to a request (solicitação); migrations/0401_workspace.ts. */
export interface TicketTable {
  id: Generated<number>;
  solicitacao_id: number;
  ie_id: number;
  /** A code of reference list 'tipo-ticket'. */
  tipo: string;
  assunto: string;
  status: Generated<TicketStatus>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TicketsTables {
  ticket: TicketTable;
}
