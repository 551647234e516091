import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

export interface BatchFilters {
  ieId?: number;
  status?: 'EM_PROCESSAMENTO' | 'PROCESSADO';
  de?: string;
  ate?: string;
}

/**
 * Every IE's batches (the operator sees all), newest first, with the rows awaiting a decision
 * counted by the service (`aguardando`; the IE list's `pendente` is another count).
 */
export function useOperatorBatches(filters: BatchFilters, pagina: number) {
  return useQuery({
    queryKey: ['lotes-operador', filters, pagina],
    queryFn: async () =>
      unwrap(await api.GET('/s/operador/lotes', { params: { query: { ...filters, pagina, tamanho: 20 } } })),
    placeholderData: keepPreviousData,
  });
}

/** Every IE, for the filters. */
export function useIes() {
  return useQuery({
    queryKey: ['ies-operador'],
    queryFn: async () => unwrap(await api.GET('/s/operador/ies')).itens,
    staleTime: 5 * 60_000,
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
