import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

const KEY = ['convenios'] as const;

/** The agreements of the caller's IEs, each saying whether it is the caller's default. */
export function useAgreements() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => unwrap(await api.GET('/s/v1/beta/convenios')),
  });
}

/** Sets (or, with null, clears) the caller's default agreement; the list's padrao flags change. */
export function useSetDefaultAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | null) =>
      unwrap(
        id === null
          ? await api.POST('/s/v1/beta/convenios/cadastrar-preferencia/')
          : await api.POST('/s/v1/beta/convenios/cadastrar-preferencia/{id}', { params: { path: { id } } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
