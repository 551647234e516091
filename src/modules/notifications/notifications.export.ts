import { say, t } from '../../http/i18n.js';
import type { Column } from '../exports/export.format.js';
import type { NotificationRow } from './notifications.repository.js';
import { notificationTexts } from './texts.js';

/** The notification history as a file: one row per notification, newest first, with the caller's marks. */
export const NOTIFICATION_COLUMNS: Column<NotificationRow>[] = [
  { header: t('Notificação', 'Notification'), type: 'int', value: (r) => r.id, width: 12 },
  { header: 'IE', type: 'int', value: (r) => r.ie_id, width: 8 },
  { header: t('Tipo', 'Kind'), type: 'text', value: (r) => r.tipo, width: 30 },
  // Read as the list reads them: Portuguese by default, English on Accept-Language: en (texts.ts).
  { header: t('Título', 'Title'), type: 'text', value: (r, lang) => say(notificationTexts(r).titulo, lang), width: 40 },
  {
    header: t('Mensagem', 'Message'),
    type: 'text',
    value: (r, lang) => say(notificationTexts(r).mensagem, lang),
    width: 60,
  },
  { header: t('Para todos', 'To everyone'), type: 'text', value: (r) => r.usuario === null, width: 10 },
  { header: t('Criada em', 'Created at'), type: 'datetime', value: (r) => r.created_at, width: 20 },
  { header: t('Visualizada em', 'Viewed at'), type: 'datetime', value: (r) => r.visualizada_em, width: 20 },
  { header: t('Modal fechada em', 'Modal closed at'), type: 'datetime', value: (r) => r.modal_fechada_em, width: 20 },
];
