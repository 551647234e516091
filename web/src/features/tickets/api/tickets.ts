import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type paths, unwrap } from '../../../lib/api/client.ts';

export type TicketQuery = NonNullable<paths['/s/v2/tickets']['get']['parameters']['query']>;

const KEY = 'tickets';

/** A page of the caller's tickets; the previous page stays on screen while the next loads. */
export function useTickets(query: TicketQuery) {
  return useQuery({
    queryKey: [KEY, query],
    queryFn: async () => unwrap(await api.GET('/s/v2/tickets', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * Changes a ticket's type; the request's waiting reason and the contract's timeline change with
 * it, so the ticket list and the contract screens are refetched.
 */
export function useChangeTicketType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { idTicket: number; tipo: string }) =>
      unwrap(await api.PUT('/atualizar-tipo-ticket', { body })),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' }),
  });
}
