import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import { jsonOnly } from './json.ts';

/** Batches whose rows wait for the foundation (every IE's: the operator sees all), newest first. */
export function useOpenBatches(pagina: number) {
  return useQuery({
    queryKey: ['lotes', 'EM_PROCESSAMENTO', pagina],
    queryFn: async () =>
      jsonOnly(
        unwrap(await api.GET('/s/lotes', { params: { query: { status: 'EM_PROCESSAMENTO', pagina, tamanho: 20 } } })),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One batch with its rows still waiting for a decision. */
export function useBatch(loteId: number | null) {
  return useQuery({
    queryKey: ['lote-operador', loteId],
    queryFn: async () =>
      unwrap(
        await api.GET('/s/operador/lotes/{loteId}', {
          params: { path: { loteId: loteId ?? 0 }, query: { processamento: 'AGUARDANDO', tamanhoPagina: 500 } },
        }),
      ),
    enabled: loteId !== null,
  });
}

/**
 * A decision changes the batch, the list of open batches, the signatures pending (accepted rows
 * wait for the student's signature) and every IE list: refetch all but the session.
 */
function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' });
}

export function useAcceptRows() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ loteId, linhas }: { loteId: number; linhas?: number[] }) =>
      unwrap(await api.POST('/s/operador/lotes/{loteId}/aceitar', { params: { path: { loteId } }, body: { linhas } })),
    onSuccess: invalidate,
  });
}

export function useRejectRows() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ loteId, linhas, motivo }: { loteId: number; linhas?: number[]; motivo: string }) =>
      unwrap(
        await api.POST('/s/operador/lotes/{loteId}/recusar', {
          params: { path: { loteId } },
          body: { linhas, motivo },
        }),
      ),
    onSuccess: invalidate,
  });
}
