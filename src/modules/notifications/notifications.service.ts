import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { invalidField, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import * as repo from './notifications.repository.js';
import { CURRENT_LIMIT, type HistoryQuery, type NotificationSchema } from './notifications.schemas.js';
import { notificationTexts } from './texts.js';

type Notification = Static<typeof NotificationSchema>;

/** Titles and messages are Texts: the response hook picks the request's language (texts.ts). */
function toNotification(row: repo.NotificationRow): Notification {
  const { titulo, mensagem } = notificationTexts(row);
  return {
    id: row.id,
    ieId: row.ie_id,
    tipo: row.tipo as Notification['tipo'],
    titulo: titulo as unknown as string,
    mensagem: mensagem as unknown as string,
    dados: (row.dados ?? {}) as Record<string, unknown>,
    paraTodos: row.usuario === null,
    criadaEm: row.created_at.toISOString(),
    visualizada: row.visualizada_em !== null,
    visualizadaEm: row.visualizada_em?.toISOString() ?? null,
    modalFechadaEm: row.modal_fechada_em?.toISOString() ?? null,
  };
}

export async function current(db: Db, caller: Caller) {
  const { itens, total, naoLidas } = await repo.current(db, caller, CURRENT_LIMIT);
  return { naoLidas, total, itens: itens.map(toNotification) };
}

function checkPeriod(de: string | undefined, ate: string | undefined) {
  if (de && ate && de > ate) {
    throw invalidField(
      '/querystring/ate',
      t(
        `deve ser igual ou posterior a de (${de}); inverta as datas ou amplie o período`,
        `must be on or after de (${de}); swap the dates or widen the period`,
      ),
    );
  }
}

/** The history's rows as the query an export streams (same filters, paging ignored). */
export function historyExport(db: Db, caller: Caller, query: Static<typeof HistoryQuery>) {
  checkPeriod(query.de, query.ate);
  return repo.historyQuery(db, caller, { de: query.de, ate: query.ate, tipo: query.tipo });
}

export async function history(db: Db, caller: Caller, query: Static<typeof HistoryQuery>) {
  const { de, ate, tipo, pagina = 1, tamanho = 20 } = query;
  checkPeriod(de, ate);
  const { itens, total } = await repo.history(db, caller, {
    de,
    ate,
    tipo,
    offset: (pagina - 1) * tamanho,
    limit: tamanho,
  });
  return { itens: itens.map(toNotification), pagina, tamanho, total, totalPaginas: Math.ceil(total / tamanho) };
}

/**
 * Marks a notification viewed (or its modal closed) for the caller only. A notification of
 * another IE, or addressed to another user, answers 404 like an unknown id.
 */
export async function mark(db: Db, caller: Caller, id: number, close: boolean) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.findVisible(trx, caller, id)))
      throw notFound(t(`Notificação ${id} não encontrada.`, `Notification ${id} not found.`));
    await repo.mark(trx, id, caller.sub, close);
    return toNotification((await repo.findVisible(trx, caller, id))!);
  });
}

/** "Marcar todas como lidas": every notification the caller sees, for the caller only. */
export async function markAll(db: Db, caller: Caller) {
  const marcadas = await repo.markAllViewed(db, caller);
  const { naoLidas } = await repo.current(db, caller, 0);
  return { marcadas, naoLidas };
}
