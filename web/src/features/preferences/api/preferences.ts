import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import type { paths } from '../../../lib/api/schema';

type EmailPreferenceIn = paths['/s/v2/preferencias/email']['put']['requestBody']['content']['application/json'];

const GROUP = ['preferencia-grupo-ie'] as const;
const EMAIL = ['preferencia-email'] as const;

/** The IE groups the caller may pick from (those of the caller's journeys, with their IEs). */
export function useIeGroups() {
  return useQuery({
    queryKey: ['grupos-ie'],
    queryFn: async () => unwrap(await api.GET('/s/v2/renovacao/jornadas/groups')),
  });
}

export function useIeGroupPreference() {
  return useQuery({
    queryKey: GROUP,
    queryFn: async () => unwrap(await api.GET('/s/v1/contrato/mais-acoes/obter-preferencia-grupoie')),
  });
}

/**
 * Sets (or, with null, clears) the default group. It scopes the dashboard and every list when a
 * request names no group, so everything but the session is refetched.
 */
export function useSetIeGroupPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (grupie: number | null) =>
      unwrap(
        grupie === null
          ? await api.POST('/s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/')
          : await api.POST('/s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/{grupie}', {
              params: { path: { grupie } },
            }),
      ),
    onSuccess: (data) => {
      client.setQueryData(GROUP, data);
      return client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' && q.queryKey[0] !== GROUP[0] });
    },
  });
}

export function useEmailPreference() {
  return useQuery({
    queryKey: EMAIL,
    queryFn: async () => unwrap(await api.GET('/s/v2/preferencias/email')),
  });
}

export function useSetEmailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: EmailPreferenceIn) => unwrap(await api.PUT('/s/v2/preferencias/email', { body })),
    onSuccess: (data) => client.setQueryData(EMAIL, data),
  });
}

export function useDeleteEmailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/s/v2/preferencias/email')),
    onSuccess: () => client.invalidateQueries({ queryKey: EMAIL }),
  });
}
