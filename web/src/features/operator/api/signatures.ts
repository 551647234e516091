import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

/** Addenda waiting for the student's signature, every IE's, oldest first, with their age in days. */
export function usePendingSignatures(ieId: number | undefined, pagina: number) {
  return useQuery({
    queryKey: ['assinaturas-operador', ieId, pagina],
    queryFn: async () =>
      unwrap(await api.GET('/s/operador/assinaturas', { params: { query: { ieId, pagina, tamanho: 50 } } })),
    placeholderData: keepPreviousData,
  });
}

/** Several students signed: each entry FINALIZADO on its own, with a result per student. */
export function useSignMany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (brbIds: number[]) => unwrap(await api.POST('/s/operador/assinaturas', { body: { brbIds } })),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' }),
  });
}
