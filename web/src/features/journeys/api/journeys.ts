import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

export function useJourneys(pagina: number) {
  return useQuery({
    queryKey: ['jornadas', pagina],
    queryFn: async () =>
      unwrap(await api.GET('/s/v2/renovacao/jornadas', { params: { query: { pagina, tamanho: 20 } } })),
    placeholderData: keepPreviousData,
  });
}
