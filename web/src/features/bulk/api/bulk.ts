import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import type { components, paths } from '../../../lib/api/schema';

export type BulkAction = components['schemas']['BulkAction'];
export type BulkFilters = components['schemas']['BulkFilters'];

export interface BulkRequest {
  acao: string;
  fields: Record<string, unknown>;
  brbIds?: number[];
  filtros?: BulkFilters;
  /** Idempotency-Key: one per confirmation, so a repeated click starts nothing twice. */
  key: string;
}

/** Starts a bulk action; answers the action (202) with every entry pending. */
export function useStartBulk() {
  return useMutation({
    mutationFn: async ({ acao, fields, brbIds, filtros, key }: BulkRequest): Promise<BulkAction> => {
      // The eight bulk paths share one body shape (the action's fields plus the selection).
      const path = `/s/v3/mais-acoes/em-lote/${acao}` as '/s/v3/mais-acoes/em-lote/trancamento';
      const body = { ...fields, ...(brbIds ? { brbIds } : { filtros }) };
      return unwrap(
        await api.POST(path, {
          body: body as never,
          headers: { 'Idempotency-Key': key },
        }),
      ) as BulkAction;
    },
  });
}

type Query = NonNullable<paths['/s/v3/mais-acoes/em-lote/{bulkActionId}']['get']['parameters']['query']>;

const read = async (bulkActionId: number, query: Query) =>
  unwrap(await api.GET('/s/v3/mais-acoes/em-lote/{bulkActionId}', { params: { path: { bulkActionId }, query } }));

/**
 * The bulk action: counts polled every second while it runs (tamanho 0, a few bytes), then every
 * entry's result once it is done (up to 5,000 rows, once).
 */
export function useBulkAction(bulkActionId: number) {
  const progress = useQuery({
    queryKey: ['acao-em-lote', bulkActionId, 'progresso'],
    queryFn: () => read(bulkActionId, { tamanho: 0 }),
    refetchInterval: (q) => (q.state.data?.estado === 'EM_ANDAMENTO' ? 1_000 : false),
  });
  const running = progress.data?.estado === 'EM_ANDAMENTO';
  const items = useQuery({
    queryKey: ['acao-em-lote', bulkActionId, 'itens', progress.data?.estado],
    queryFn: () => read(bulkActionId, { tamanho: 5_000 }),
    enabled: progress.data !== undefined && !running,
  });
  return { progress, items };
}

/** Reasons of an enrolment-situation type (F withdrawal, S bond maintenance), as the API lists them. */
export function useReasons(tipo: 'F' | 'S', enabled: boolean) {
  return useQuery({
    queryKey: ['motivos-situacao-matricula', tipo],
    queryFn: async () =>
      unwrap(await api.GET('/s/v1/contrato/situacao-matricula/motivos', { params: { query: { tipo } } })),
    enabled,
    staleTime: 10 * 60_000,
  });
}
