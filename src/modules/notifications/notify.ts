import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Kinds of notification the service's own events create (DOMAIN.md; issue "IE workspace"). */
export const NOTIFICATION_KINDS = [
  'LOTE_PROCESSADO',
  'LINHAS_REJEITADAS',
  'ADITIVO_AGUARDANDO_ASSINATURA',
  'RENOVACAO_FINALIZADA',
  'JANELA_FECHANDO',
  'JANELA_FECHADA',
  'ACAO_RECUSADA',
  'WEBHOOK_DESATIVADO',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NewNotification {
  ieId: number;
  /** One user (sub); omitted, every user of the IE sees it. */
  usuario?: string;
  tipo: NotificationKind;
  titulo: string;
  mensagem: string;
  dados?: Record<string, unknown>;
}

/**
 * Records notifications. Call it with the transaction of the change that causes them, so a
 * notification exists exactly when its cause does.
 */
export async function notify(trx: Transaction<Database> | Db, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  await trx
    .insertInto('notificacao')
    .values(
      notifications.map((n) => ({
        ie_id: n.ieId,
        usuario: n.usuario ?? null,
        tipo: n.tipo,
        titulo: n.titulo,
        mensagem: n.mensagem,
        dados: JSON.stringify(n.dados ?? {}),
      })),
    )
    .execute();
}
