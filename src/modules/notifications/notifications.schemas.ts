import { Type } from '@sinclair/typebox';
import { Id, Page, Paging } from '../../http/schemas.js';
import { ExportQuery } from '../exports/export.http.js';
import { NOTIFICATION_KINDS } from './notify.js';

export const NotificationKindSchema = Type.Union(
  NOTIFICATION_KINDS.map((k) => Type.Literal(k)),
  {
    $id: 'NotificationKind',
    description:
      'What caused the notification: LOTE_PROCESSADO (a values batch was processed, with counts), ' +
      'LINHAS_REJEITADAS (rows of a batch were rejected), ADITIVO_AGUARDANDO_ASSINATURA (an addendum waits for ' +
      "the student's signature), RENOVACAO_FINALIZADA, JANELA_FECHANDO (the journey window closes in 7 days), " +
      'JANELA_FECHADA, ACAO_RECUSADA (the foundation refused an action)',
  },
);

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const NotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    ieId: Type.Integer({ description: 'IE the notification is about' }),
    tipo: Type.Ref(NotificationKindSchema),
    titulo: Type.String(),
    mensagem: Type.String(),
    dados: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'Data of the cause, by kind (e.g. lote, registrosComSucesso, registrosComErro, brbId)',
      },
    ),
    paraTodos: Type.Boolean({ description: 'true: for every user of the IE; false: addressed to the caller only' }),
    criadaEm: Timestamp('When the cause happened (ISO 8601)'),
    visualizada: Type.Boolean({ description: 'The caller marked it viewed (or closed its modal)' }),
    visualizadaEm: Type.Union([Timestamp('When the caller first marked it viewed'), Type.Null()]),
    modalFechadaEm: Type.Union([
      Timestamp('When the caller closed its modal; a closed notification is only in the history'),
      Type.Null(),
    ]),
  },
  {
    $id: 'Notification',
    description: "A notification as the calling user sees it; viewed/closed state is the caller's own",
  },
);

export const CURRENT_LIMIT = 50;

export const CurrentNotificationsSchema = Type.Object(
  {
    naoLidas: Type.Integer({ description: 'Current notifications the caller has not marked viewed' }),
    total: Type.Integer({ description: 'Current (not closed) notifications of the caller' }),
    itens: Type.Array(Type.Ref(NotificationSchema), {
      description: `Unread first, then newest first; at most ${CURRENT_LIMIT} (older ones are in the history)`,
    }),
  },
  { $id: 'CurrentNotifications' },
);

export const NotificationPageSchema = Page(Type.Ref(NotificationSchema), 'NotificationPage');

const Day = (description: string) => Type.String({ format: 'date', description });

export const NoQuery = Type.Object({}, { additionalProperties: false });

export const HistoryQuery = Type.Object(
  {
    ...Paging,
    de: Type.Optional(Day('From this day (yyyy-mm-dd, inclusive, America/Sao_Paulo calendar day)')),
    ate: Type.Optional(Day('Up to this day (yyyy-mm-dd, inclusive, America/Sao_Paulo calendar day)')),
    tipo: Type.Optional(Type.Ref(NotificationKindSchema)),
    ...ExportQuery,
  },
  { additionalProperties: false },
);

export const NotificationParams = Type.Object({
  idNotificacao: Id('Notification id (the interface names it id-notificacao)'),
});

export const MarkAllResultSchema = Type.Object(
  {
    marcadas: Type.Integer({ description: 'Notifications this call marked viewed (0 when all were already viewed)' }),
    naoLidas: Type.Integer({ description: 'Unread notifications left for the caller (0 unless new ones arrived)' }),
  },
  { $id: 'NotificationsMarkAllResult' },
);

export const notificationSchemas = [
  MarkAllResultSchema,
  NotificationKindSchema,
  NotificationSchema,
  CurrentNotificationsSchema,
  NotificationPageSchema,
];
