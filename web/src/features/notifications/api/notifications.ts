import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

const KEY = ['notificacoes'] as const;

/** The caller's current notifications and their unread count. */
export const notificationsQuery = queryOptions({
  queryKey: KEY,
  queryFn: async () => unwrap(await api.GET('/s/v2/ies/notificacoes')),
});

export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQuery, enabled, refetchInterval: 60_000 });
}

/** The header's badge: unread notifications of the caller. */
export function useUnreadCount(enabled: boolean) {
  const query = useNotifications(enabled);
  return { ...query, data: query.data?.naoLidas };
}

export function useMarkViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (idNotificacao: number) =>
      unwrap(
        await api.POST('/s/v2/ies/notificacoes/{idNotificacao}/visualizada', { params: { path: { idNotificacao } } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** "Marcar todas como lidas": every notification of the caller, for the caller only. */
export function useMarkAllViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/s/v2/ies/notificacoes/marcar-todas-visualizadas')),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
