import type { ColumnType, Generated } from 'kysely';

/** Stored answer of a request sent with an Idempotency-Key (migrations/0250_journey_lifecycle.ts). */
export interface ChaveIdempotenciaTable {
  /** The caller's sub. */
  usuario: string;
  /** Method and route pattern, e.g. 'POST /s/v1/insere-jornada'. */
  operacao: string;
  chave: string;
  /** sha256 (hex) of the canonical request: params, query and body. */
  hash_requisicao: string;
  /** The claim's owner: a token each claim attempt draws, so only that attempt releases it. */
  dono: string | null;
  estado: Generated<'EM_ANDAMENTO' | 'CONCLUIDA'>;
  status_resposta: number | null;
  content_type: string | null;
  corpo: ColumnType<Uint8Array | null, Uint8Array | Buffer | null | undefined, Uint8Array | Buffer | null>;
  created_at: Generated<Date>;
  concluida_em: Date | null;
}

/** A warning sent once per journey, e.g. JANELA_FECHANDO. */
export interface JornadaAvisoTable {
  jornada_id: number;
  tipo: string;
  created_at: Generated<Date>;
}

/** The days a journey of the period may be opened, per convênio (migrations/0501_convenio_calendar.ts). */
export interface CalendarioConvenioTable {
  id: Generated<number>;
  convenio_id: number;
  ano: number;
  semestre: number;
  abertura_inicio: string;
  abertura_fim: string;
}

export interface JourneyLifecycleTables {
  chave_idempotencia: ChaveIdempotenciaTable;
  jornada_aviso: JornadaAvisoTable;
  calendario_convenio: CalendarioConvenioTable;
}
