import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import { jsonOnly } from './json.ts';

const KEY = 'repasse';

/** The month's transfer per IE (payments, adjustments, totals); competencia is yyyy-mm. */
export function useMonthlyTransfer(competencia: string | null) {
  return useQuery({
    queryKey: [KEY, competencia],
    queryFn: async () =>
      jsonOnly(
        unwrap(await api.GET('/s/v2/repasse/{competencia}', { params: { path: { competencia: competencia ?? '' } } })),
      ),
    enabled: competencia !== null,
  });
}

export function useCloseMonth() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (competencia: string) =>
      unwrap(await api.POST('/s/operador/repasses/{competencia}/fechar', { params: { path: { competencia } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}
