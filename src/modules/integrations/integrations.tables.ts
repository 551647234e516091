import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0550_integrations (e-mail preference and outbox, webhooks). */

type Id = Generated<number>;

export interface PreferenciaEmailTable {
  usuario: string;
  email: string;
  nome: string | null;
  ies: number[];
  /** Notification kinds wanted; null means every kind. */
  tipos: string[] | null;
  updated_at: Generated<Date>;
}

export type EmailStatus = 'PENDENTE' | 'ENVIADO' | 'FALHOU' | 'DESCARTADO';

export interface EmailSaidaTable {
  id: Id;
  notificacao_id: number;
  usuario: string;
  email: string;
  status: Generated<EmailStatus>;
  tentativas: Generated<number>;
  proxima_em: Generated<Date>;
  ultimo_erro: string | null;
  enviado_em: Date | null;
  created_at: Generated<Date>;
}

export interface WebhookEndpointTable {
  id: Id;
  ie_id: number;
  url: string;
  descricao: string | null;
  eventos: string[];
  segredo: string;
  ativo: Generated<boolean>;
  desativado_em: Date | null;
  desativado_motivo: string | null;
  criado_por: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookMensagemTable {
  id: Generated<string>;
  ie_id: number;
  tipo: string;
  dados: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

export type DeliveryStatus = 'PENDENTE' | 'ENTREGUE' | 'FALHOU';

export interface WebhookEntregaTable {
  id: Id;
  mensagem_id: string;
  endpoint_id: number;
  status: Generated<DeliveryStatus>;
  tentativas: Generated<number>;
  janela_inicio: Generated<Date>;
  proxima_em: Generated<Date>;
  ultimo_status: number | null;
  ultimo_erro: string | null;
  entregue_em: Date | null;
  created_at: Generated<Date>;
}

export interface WebhookTentativaTable {
  id: Id;
  entrega_id: number;
  tentativa: number;
  status_http: number | null;
  erro: string | null;
  latencia_ms: number;
  created_at: Generated<Date>;
}

export interface IntegrationsTables {
  preferencia_email: PreferenciaEmailTable;
  email_saida: EmailSaidaTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_mensagem: WebhookMensagemTable;
  webhook_entrega: WebhookEntregaTable;
  webhook_tentativa: WebhookTentativaTable;
}
