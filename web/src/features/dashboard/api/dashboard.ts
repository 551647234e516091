import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import { configurationQuery } from '../../../lib/api/configuration.ts';
import type { components, paths } from '../../../lib/api/schema';
import type { Tab } from '../../../lib/labels.ts';

export type ListQuery = NonNullable<paths['/s/v2/renovacao/{renewalTabEnum}']['get']['parameters']['query']>;
export type Scope = Pick<ListQuery, 'journeyId'>;

/**
 * The dashboard's reads as query options: the hooks below use them, and the app's route prefetches
 * the same ones (same keys) while the dashboard's code is still loading.
 */
export const dashboardQueries = {
  /** Values the lists can be filtered on, and the journeys to switch between. */
  filters: (scope: Scope) =>
    queryOptions({
      queryKey: ['filtros', scope],
      queryFn: async () => unwrap(await api.GET('/s/v2/renovacao/filtros', { params: { query: scope } })),
      staleTime: 60_000,
    }),
  counters: (scope: Scope) =>
    queryOptions({
      queryKey: ['contadores', scope],
      queryFn: async () => unwrap(await api.GET('/s/v2/renovacao/dashboard/contadores', { params: { query: scope } })),
    }),
  /** Per journey, the days left in its window, counted by the service from its São Paulo business date. */
  carousel: (scope: Scope) =>
    queryOptions({
      queryKey: ['carrossel', scope],
      queryFn: async () => unwrap(await api.GET('/s/v3/renovacao/carousel', { params: { query: scope } })),
    }),
  /** One page of a tab; the bond-maintenance tab is listed at its own path (the tab path is its existence check). */
  tabList: (tab: Tab, query: ListQuery) =>
    queryOptions({
      queryKey: ['aba', tab, query],
      // The lists also answer CSV (Accept: text/csv); the portal asks JSON, so the body is the page.
      queryFn: async (): Promise<components['schemas']['RenewalListPage']> =>
        unwrap<unknown>(
          tab === 'manutencao-vinculo'
            ? await api.GET('/s/v2/renovacao/manutencao-vinculo/estudantes', { params: { query } })
            : await api.GET('/s/v2/renovacao/{renewalTabEnum}', { params: { path: { renewalTabEnum: tab }, query } }),
        ) as components['schemas']['RenewalListPage'],
    }),
};

export const useFilterValues = (scope: Scope) => useQuery(dashboardQueries.filters(scope));
export const useCounters = (scope: Scope) => useQuery(dashboardQueries.counters(scope));
export const useCarousel = (scope: Scope) => useQuery(dashboardQueries.carousel(scope));

export function useTabList(tab: Tab, query: ListQuery) {
  return useQuery({
    ...dashboardQueries.tabList(tab, query),
    // Keep the rows on screen while another page or filter of the SAME tab loads; a new tab shows
    // its loading state, never the previous tab's rows under its header.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === tab ? previous : undefined),
  });
}

/** The service's business date (yyyy-mm-dd): days left count from it, not from the browser's clock. */
export const useBusinessToday = (): string | undefined => useQuery(configurationQuery).data?.hoje;

export function useAutocomplete(scope: Scope, termo: string) {
  return useQuery({
    queryKey: ['autocomplete', scope, termo],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/s/v2/renovacao/autocomplete', { params: { query: { ...scope, termo, limite: 8 } }, signal }),
      ),
    enabled: termo.trim().length >= 3,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
