import { ExportMenu } from '../../../components/export-menu.tsx';
import { api } from '../../../lib/api/client.ts';

/** The notification history (newest first, with the caller's read marks) as a file. */
export function NotificationsExport() {
  return (
    <ExportMenu
      name="notificacoes"
      what="as notificações"
      request={(formato) =>
        api.GET('/s/v2/ies/notificacoes/historico', { params: { query: { formato } }, parseAs: 'blob' })
      }
    />
  );
}
