import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json, unwrap } from '../../../lib/api/client.ts';

export function useJourneys(pagina: number) {
  return useQuery({
    queryKey: ['jornadas', pagina],
    queryFn: async () =>
      json(unwrap(await api.GET('/s/v2/renovacao/jornadas', { params: { query: { pagina, tamanho: 20 } } }))),
    placeholderData: keepPreviousData,
  });
}

/**
 * A journey action changes the journeys and what the dashboard counts: refetch the journeys,
 * the counters, the tabs and the candidates to insert.
 */
function useInvalidateJourneys() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => ['jornadas', 'contadores', 'aba', 'filtros', 'candidatos'].includes(String(q.queryKey[0])),
    });
}

/** Opens the period after the latest one (the API refuses, with its reason, what the rules do not allow). */
export function useOpenJourney() {
  const invalidate = useInvalidateJourneys();
  return useMutation({
    mutationFn: async (body: { ano: number; semestre: number }) =>
      unwrap(await api.POST('/s/v2/renovacao/jornadas/abrir', { body })),
    onSuccess: invalidate,
  });
}

/** Adds the contracts that became eligible after the journey opened. */
export function useRefreshJourneys() {
  const invalidate = useInvalidateJourneys();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/s/v2/renovacao/jornadas/atualizar', { body: {} })),
    onSuccess: invalidate,
  });
}

/** Active contracts not yet in an open journey, searchable. */
export function useInsertCandidates(journeyId: number | null, busca: string, pagina: number) {
  return useQuery({
    queryKey: ['candidatos', journeyId, busca, pagina],
    enabled: journeyId !== null,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/s/v1/insere-jornada', {
          params: { query: { journeyId: journeyId as number, busca: busca || undefined, pagina, tamanho: 10 } },
        }),
      ),
  });
}

export function useInsertBeneficiary() {
  const invalidate = useInvalidateJourneys();
  return useMutation({
    mutationFn: async (body: { journeyId: number; contratoId: number }) =>
      unwrap(await api.POST('/s/v1/insere-jornada', { body })),
    onSuccess: invalidate,
  });
}
