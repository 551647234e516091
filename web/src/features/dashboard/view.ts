import type { QueryClient } from '@tanstack/react-query';
import { configurationQuery } from '../../lib/api/configuration.ts';
import { TABS, type Tab } from '../../lib/labels.ts';
import { dashboardQueries, type ListQuery, type Scope } from './api/dashboard.ts';

/** The list's filters, each a URL parameter of the dashboard. */
export const FILTERS = ['cursoId', 'campusId', 'turnoId', 'tag', 'situacao', 'motivo', 'busca'] as const;
export const PAGE_SIZE = 20;

export type SortColumn = 'nome' | 'cpf' | 'matricula' | 'curso' | 'situacao' | 'atualizadoEm';

/** What the dashboard shows for its URL's parameters (all its state is in the URL). */
export function dashboardView(params: URLSearchParams) {
  const journeyId = params.get('jornada') ? Number(params.get('jornada')) : undefined;
  const scope: Scope = journeyId ? { journeyId } : {};
  const tab = (TABS as readonly string[]).includes(params.get('aba') ?? '') ? (params.get('aba') as Tab) : 'aptos';
  const sort = (params.get('ordenarPor') ?? 'nome') as SortColumn;
  const order: 'asc' | 'desc' = params.get('ordem') === 'desc' ? 'desc' : 'asc';
  const pagina = Number(params.get('pagina') ?? 1);
  const query: ListQuery = { ...scope, ordenarPor: sort, ordem: order, pagina, tamanho: PAGE_SIZE };
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) (query as Record<string, unknown>)[name] = name.endsWith('Id') ? Number(value) : value;
  }
  return { journeyId, scope, tab, sort, order, pagina, query };
}

/**
 * Starts the reads the dashboard makes for these parameters, without waiting for them: the route
 * calls it while the dashboard's code loads, so the page finds its data in the cache.
 */
export function prefetchDashboard(client: QueryClient, params: URLSearchParams): void {
  const { scope, tab, query } = dashboardView(params);
  void client.prefetchQuery(configurationQuery);
  void client.prefetchQuery(dashboardQueries.filters(scope));
  void client.prefetchQuery(dashboardQueries.counters(scope));
  void client.prefetchQuery(dashboardQueries.carousel(scope));
  void client.prefetchQuery(dashboardQueries.tabList(tab, query));
}
