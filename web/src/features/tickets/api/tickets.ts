import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

/**
 * Changes a ticket's type; the request's waiting reason and the contract's timeline change with
 * it, so the contract screens are refetched.
 */
export function useChangeTicketType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { idTicket: number; tipo: string }) =>
      unwrap(await api.PUT('/atualizar-tipo-ticket', { body })),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' }),
  });
}
