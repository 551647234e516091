import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import type { components } from '../../../lib/api/schema';

/** What may be done to the entry now (acoesPermitidas) and the data the forms need. */
export function useComplementaryData(brbId: number) {
  return useQuery({
    queryKey: ['dados-complementares', brbId],
    queryFn: async () => unwrap(await api.POST('/s/v1/contrato/mais-acoes/dados-complementares', { body: { brbId } })),
  });
}

/** After an action every list, counter and the contract may have changed: refetch what is shown. */
function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' });
}

export function useLock() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: components['schemas']['ActionLockIn']) =>
      unwrap(await api.POST('/s/v3/mais-acoes/trancamento', { body })),
    onSuccess: invalidate,
  });
}

export function useInactivate() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: components['schemas']['ActionInactivateIn']) =>
      unwrap(await api.POST('/s/v3/mais-acoes/inativar-estudante', { body })),
    onSuccess: invalidate,
  });
}

export function useForecast() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: components['schemas']['ActionForecastIn']) =>
      unwrap(await api.POST('/s/v3/mais-acoes/previsao-formatura', { body })),
    onSuccess: invalidate,
  });
}
