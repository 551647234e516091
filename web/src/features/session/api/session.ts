import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import { configurationQuery } from '../../../lib/api/configuration.ts';
import { ApiError } from '../../../lib/api/problem.ts';

export const SESSION_KEY = ['sessao'] as const;

/** Who is signed in; null when nobody (401). */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async () => {
    try {
      return unwrap(await api.GET('/s/sessao'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export const useSession = () => useQuery(sessionQuery);

export type SessionUser = NonNullable<ReturnType<typeof useSession>['data']>;

/** How to sign in; the sign-in options do not change while the page is open. */
export const usePortalConfig = () => useQuery({ ...configurationQuery, staleTime: Number.POSITIVE_INFINITY });

export function useDemoUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['sessao', 'usuarios-demo'],
    queryFn: async () => unwrap(await api.GET('/s/sessao/usuarios-demo')),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDemoSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (usuario: string) => unwrap(await api.POST('/s/sessao/demo', { body: { usuario } })),
    onSuccess: (user) => {
      client.clear();
      client.setQueryData(SESSION_KEY, user);
    },
  });
}

export function useTokenSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (accessToken: string) => unwrap(await api.POST('/s/sessao/token', { body: { accessToken } })),
    onSuccess: (user) => {
      client.clear();
      client.setQueryData(SESSION_KEY, user);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.POST('/s/sessao/sair');
    },
    onSettled: () => {
      client.clear();
      client.setQueryData(SESSION_KEY, null);
    },
  });
}
