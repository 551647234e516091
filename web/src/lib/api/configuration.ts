import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';

/**
 * The portal's configuration (`/s/sessao/configuracao`): how to sign in, and the service's
 * business date (yyyy-mm-dd), from which days left are counted, not from the browser's clock.
 * One definition for every screen that reads it, so they share one cache entry.
 */
export const configurationQuery = queryOptions({
  queryKey: ['sessao', 'configuracao'],
  queryFn: async () => unwrap(await api.GET('/s/sessao/configuracao')),
  staleTime: 60 * 60_000,
});
