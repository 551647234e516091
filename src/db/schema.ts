import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuditTables } from '../modules/audit/audit.tables.js';
import type { BulkTables } from '../modules/bulk/bulk.tables.js';
import type { IntegrationsTables } from '../modules/integrations/integrations.tables.js';
import type { JourneyLifecycleTables } from '../modules/journey-lifecycle/journey-lifecycle.tables.js';
import type { PaymentFilesTables } from '../modules/refunds/payment-files.tables.js';
import type { TicketsTables } from '../modules/tickets/tickets.tables.js';
import type { ValuesTables } from '../modules/values/values.tables.js';
import type { Aba, MotivoSemRenovacao, Situacao } from './entry-states.js';

export * from './entry-states.js';

/**
 * Table types of the core schema (migrations/0001_core.ts). int8 columns come back as number and
 * numeric as string from both drivers (see database.ts); date columns as 'yyyy-mm-dd' strings.
 * Each domain area that adds tables declares them in its own `<area>.tables.ts` and adds the
 * interface to `Database` below.
 */
type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface ListaReferenciaTable {
  lista: string;
  codigo: string;
  descricao: string;
  ordem: Generated<number>;
  dados: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface GrupoIeTable {
  id: Id;
  nome: string;
  cnpj: string;
}

export interface IeTable {
  id: Id;
  grupo_ie_id: number;
  nome: string;
  sigla: string;
  cnpj: string;
  cidade: string;
  uf: string;
}

export interface CampusTable {
  id: Id;
  ie_id: number;
  nome: string;
  cidade: string;
  uf: string;
}

export interface TurnoTable {
  id: Id;
  codigo: string;
  nome: string;
}

export interface CursoTable {
  id: Id;
  ie_id: number;
  campus_id: number;
  turno_id: number;
  nome: string;
  grau: string;
  duracao_semestres: number;
}

export interface ConvenioTable {
  id: Id;
  ie_id: number;
  nome: string;
  produto: string;
  taxa_mensal: string;
  regime_acumulo: Generated<'SIMPLES' | 'COMPOSTO'>;
  max_semestres_trancamento: Generated<number>;
  max_trancamentos_consecutivos: Generated<number>;
  janela_dias: Generated<number>;
  ativo: Generated<boolean>;
}

export interface EstudanteTable {
  id: Id;
  cpf: string;
  nome: string;
  nome_busca: string;
  email: string | null;
  data_nascimento: string | null;
}

export interface BolsaTable {
  id: Id;
  ie_id: number;
  convenio_id: number;
  estudante_id: number;
  curso_id: number;
  campus_id: number;
  turno_id: number;
  cod_bolsa: string;
  matricula: string;
  situacao_matricula: Generated<string>;
  status: Generated<'ATIVA' | 'CANCELADA' | 'EXCLUIDA' | 'ENCERRADA'>;
  created_at: Timestamp & Generated<Date>;
}

export interface ContratoTable {
  id: Id;
  bolsa_id: number;
  ie_id: number;
  numero: string;
  status: Generated<'ATIVO' | 'CANCELADO' | 'EXCLUIDO' | 'QUITADO'>;
  primeiro_mes_credito: string;
  previsao_formatura: string;
  inicio_restituicao: string;
  semestres_trancados: Generated<number>;
  trancamentos_consecutivos: Generated<number>;
  created_at: Generated<Date>;
}

export interface JornadaTable {
  id: Id;
  ie_id: number;
  tipo: string;
  ano: number;
  semestre: number;
  status: Generated<'ABERTA' | 'ENCERRADA'>;
  janela_inicio: string;
  janela_fim: string;
  aberta_por: string;
  aberta_em: Generated<Date>;
  encerrada_em: Date | null;
}

/** An entry's search keys (name, CPF, matrícula), kept from entrada_jornada by triggers (migrations 0610, 0750). */
export interface EntradaNomeTable {
  entrada_id: number;
  jornada_id: number;
  nome_busca: string;
  /** The entry's CPF and matrícula, searched here (migration 0750): no import update re-indexes them. */
  cpf: string;
  matricula: string;
}

/** A bulk's names written beside its entries, until the entries commit (migration 0790): ids primeiro..ultimo. */
export interface EntradaNomePendenteTable {
  jornada_id: number;
  primeiro: number;
  ultimo: number;
  criado_em: Generated<Date>;
}

/** How often each trigram occurs in a sample of the names (migration 0620). */
export interface TrigramaFrequenciaTable {
  trigrama: string;
  total: number;
}

export interface EntradaJornadaTable {
  id: Id;
  jornada_id: number;
  ie_id: number;
  contrato_id: number;
  bolsa_id: number;
  estudante_id: number;
  curso_id: number;
  campus_id: number;
  turno_id: number;
  nome_busca: string;
  cpf: string;
  matricula: string;
  situacao: Situacao;
  motivo: MotivoSemRenovacao | null;
  /** Generated from situacao by the database; never written. */
  aba: ColumnType<Aba | null, never, never>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  versao: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp & Generated<Date>;
}

export interface ContadorJornadaTable {
  jornada_id: number;
  situacao: Situacao;
  motivo: string;
  total: number;
}

export interface ProcessoTable {
  id: Id;
  entrada_id: number;
  contrato_id: number;
  ie_id: number;
  ano: number;
  semestre: number;
  matricula: string;
  created_at: Generated<Date>;
}

export const TIPOS_SOLICITACAO = [
  'ENVIO_VALORES',
  'TRANCAMENTO',
  'AFASTAMENTO_EVASAO',
  'PREVISAO_FORMATURA',
  'MANUTENCAO_VINCULO',
  'ASSINATURA_CONTRATO_ANTERIOR',
  'REVISAO_ANALISE',
] as const;
export type TipoSolicitacao = (typeof TIPOS_SOLICITACAO)[number];

export interface SolicitacaoTable {
  id: Id;
  processo_id: number;
  entrada_id: number;
  ie_id: number;
  tipo: TipoSolicitacao;
  status: Generated<'EM_ANDAMENTO' | 'CONCLUIDA' | 'CANCELADA' | 'RECUSADA'>;
  motivo_espera: string | null;
  dados: Json;
  criada_por: string;
  created_at: Generated<Date>;
  concluida_em: Date | null;
}

export interface TarefaTable {
  id: Id;
  solicitacao_id: number;
  processo_id: number;
  ie_id: number;
  tipo: 'TRANCAMENTO' | 'AFASTAMENTO';
  status: Generated<'PENDENTE' | 'EM_ANALISE' | 'CONCLUIDA' | 'CANCELADA'>;
  descricao: string;
  dados: Json;
  created_at: Generated<Date>;
  concluida_em: Date | null;
}

export interface AditivoTable {
  id: Id;
  contrato_id: number;
  entrada_id: number;
  ie_id: number;
  ano: number;
  semestre: number;
  status: Generated<'GERADO' | 'ASSINADO' | 'CANCELADO'>;
  valor: string;
  gerado_em: Generated<Date>;
  assinado_em: Date | null;
}

export interface EventoTimelineTable {
  id: Id;
  processo_id: number;
  entrada_id: number;
  ie_id: number;
  acao: string;
  situacao_anterior: string | null;
  motivo_anterior: string | null;
  situacao_nova: string | null;
  motivo_novo: string | null;
  usuario: string;
  usuario_nome: string | null;
  detalhes: Json;
  created_at: Timestamp & Generated<Date>;
}

/**
 * Views (migration 0405): requests and timeline events whole, the tables' rows and those a values
 * batch row stands for. Read-only; their columns are the tables' columns.
 */
export type TodasSolicitacoesView = Selectable<SolicitacaoTable>;
export type TodosEventosView = Selectable<EventoTimelineTable>;

export interface NotificacaoTable {
  id: Id;
  ie_id: number;
  usuario: string | null;
  tipo: string;
  titulo: string;
  mensagem: string;
  dados: Json;
  created_at: Generated<Date>;
}

export interface NotificacaoEstadoTable {
  notificacao_id: number;
  usuario: string;
  visualizada_em: Date | null;
  modal_fechada_em: Date | null;
}

export interface PreferenciaUsuarioTable {
  usuario: string;
  grupo_ie_id: number | null;
  convenio_id: number | null;
  updated_at: Generated<Date>;
}

export interface CoreTables {
  lista_referencia: ListaReferenciaTable;
  grupo_ie: GrupoIeTable;
  ie: IeTable;
  campus: CampusTable;
  turno: TurnoTable;
  curso: CursoTable;
  convenio: ConvenioTable;
  estudante: EstudanteTable;
  bolsa: BolsaTable;
  contrato: ContratoTable;
  jornada: JornadaTable;
  entrada_jornada: EntradaJornadaTable;
  entrada_nome: EntradaNomeTable;
  entrada_nome_pendente: EntradaNomePendenteTable;
  trigrama_frequencia: TrigramaFrequenciaTable;
  contador_jornada: ContadorJornadaTable;
  processo: ProcessoTable;
  solicitacao: SolicitacaoTable;
  tarefa: TarefaTable;
  aditivo: AditivoTable;
  evento_timeline: EventoTimelineTable;
  todas_solicitacoes: TodasSolicitacoesView;
  todos_eventos: TodosEventosView;
  notificacao: NotificacaoTable;
  notificacao_estado: NotificacaoEstadoTable;
  preferencia_usuario: PreferenciaUsuarioTable;
}

// Areas add their tables here (e.g. `interface Database extends CoreTables, ValuesTables {}`).
export interface Database extends CoreTables, TicketsTables, JourneyLifecycleTables, ValuesTables {}

/** E-mail and webhook tables (modules/integrations), merged into Database. */
export interface Database extends IntegrationsTables {}

/** The audit trail's table (modules/audit), merged into Database. */
export interface Database extends AuditTables {}

/** Bulk actions (modules/bulk), merged into Database. */
export interface Database extends BulkTables {}

/** The payments files' tables (modules/refunds), merged into Database. */
export interface Database extends PaymentFilesTables {}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
