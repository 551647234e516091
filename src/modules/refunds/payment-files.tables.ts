import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0722_payment_files. */
export interface ArquivoPagamentoTable {
  id: Generated<number>;
  nome: string;
  sha256: string;
  formato: 'csv' | 'xlsx';
  enviado_por: string;
  total: Generated<number>;
  registradas: Generated<number>;
  recusadas: Generated<number>;
  ja_registradas: Generated<number>;
  created_at: Generated<Date>;
}

export type RowOutcome = 'REGISTRADO' | 'RECUSADO' | 'JA_REGISTRADO';

export interface ArquivoPagamentoLinhaTable {
  arquivo_id: number;
  linha: number;
  contrato: string | null;
  cpf: string | null;
  data_pagamento: string | null;
  valor: string | null;
  contrato_id: number | null;
  resultado: RowOutcome;
  mensagem: ColumnType<unknown, string | null, string | null> | null;
  pagamento: ColumnType<unknown, string | null, string | null> | null;
}

export interface PagamentoChaveTable {
  chave: string;
  arquivo_id: number;
  linha: number;
  created_at: Generated<Date>;
}

/** The payments files' tables, merged into Database (src/db/schema.ts) like every module's. */
export interface PaymentFilesTables {
  arquivo_pagamento: ArquivoPagamentoTable;
  arquivo_pagamento_linha: ArquivoPagamentoLinhaTable;
  pagamento_chave: PagamentoChaveTable;
}
