import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { streamQuery } from '../exports/export.cursor.js';
import { exportFormat, listOrFile, sendExport } from '../exports/export.http.js';
import { NOTIFICATION_COLUMNS } from './notifications.export.js';
import * as schemas from './notifications.schemas.js';
import * as service from './notifications.service.js';

const tags = ['Notifications'];
const One = Type.Ref(schemas.NotificationSchema);

async function routes(app: App) {
  app.get(
    '/s/v2/ies/notificacoes',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'Current notifications of the IE user: not yet closed, unread first, with the unread count',
        description:
          "Notifications of the caller's IEs addressed to every user of the IE or to the caller. A notification " +
          'whose modal the caller closed leaves this list and stays in the history. Viewed/closed state is per user.',
        tags,
        querystring: schemas.NoQuery,
        response: responses({ 200: Type.Ref(schemas.CurrentNotificationsSchema) }),
      },
    },
    async (request) => service.current(app.db, request.caller),
  );

  app.get(
    '/s/v2/ies/notificacoes/historico',
    {
      schema: {
        operationId: 'listNotificationHistory',
        summary: 'Notification history of the IE user, newest first, paged; filter by period and kind; CSV/xlsx export',
        description:
          'Every notification the caller can see, viewed and closed ones included, with when the caller viewed ' +
          'and closed each. `de` and `ate` are calendar days in America/Sao_Paulo, both inclusive; `de` after ' +
          '`ate` is 400.',
        tags,
        querystring: schemas.HistoryQuery,
        response: responses({ 200: listOrFile(Type.Ref(schemas.NotificationPageSchema)) }),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (!format) return service.history(app.db, request.caller, request.query);
      const query = service.historyExport(app.db, request.caller, request.query);
      return sendExport(request, reply, {
        format,
        filename: 'notificacoes',
        columns: NOTIFICATION_COLUMNS,
        pump: (sink) => streamQuery(app.db, app.config.database.kind, query, sink),
      });
    },
  );

  app.post(
    '/s/v2/ies/notificacoes/marcar-todas-visualizadas',
    {
      schema: {
        operationId: 'markAllNotificationsViewed',
        summary: 'Mark every notification of the caller viewed ("marcar todas como lidas")',
        description:
          "Marks viewed, for the caller only, every notification the caller sees (of the caller's IEs, to every " +
          "user or to the caller) not yet viewed; modals stay open. Another user's or another IE's notifications " +
          'are never touched. Idempotent: a second call marks 0. No body.',
        tags,
        querystring: schemas.NoQuery,
        response: responses({ 200: Type.Ref(schemas.MarkAllResultSchema) }),
      },
    },
    async (request) => service.markAll(app.db, request.caller),
  );

  const marks = [
    ['visualizada', 'markNotificationViewed', 'Mark a notification viewed by the caller', false],
    ['fechar-modal', 'closeNotificationModal', 'Close the modal of a notification (also marks it viewed)', true],
  ] as const;
  for (const [action, operationId, summary, close] of marks) {
    app.post(
      `/s/v2/ies/notificacoes/:idNotificacao/${action}`,
      {
        schema: {
          operationId,
          summary,
          description:
            'Idempotent: a second call keeps the first timestamp and answers the same. Applies to the caller ' +
            "only. Another user's notification or another IE's answers 404. No body.",
          tags,
          params: schemas.NotificationParams,
          querystring: schemas.NoQuery,
          response: responses({ 200: One }, [404]),
        },
      },
      async (request) => service.mark(app.db, request.caller, request.params.idNotificacao, close),
    );
  }
}

export const notificationsModule: Module = {
  name: 'notifications',
  schemas: schemas.notificationSchemas,
  routes,
};
