import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, json, unwrap } from '../../../lib/api/client.ts';
import type { FileFormat } from '../../../lib/api/download.ts';
import type { components, paths } from '../../../lib/api/schema';

export type AuditItem = components['schemas']['AuditItem'];
export type AuditFilters = Pick<
  NonNullable<paths['/s/auditoria']['get']['parameters']['query']>,
  'usuario' | 'operacao' | 'brbId' | 'de' | 'ate'
>;

export function useAudit(filters: AuditFilters, pagina: number) {
  return useQuery({
    queryKey: ['auditoria', filters, pagina],
    queryFn: async () =>
      json(
        unwrap(
          await api.GET('/s/auditoria', { params: { query: { ...filters, pagina, tamanho: 20, formato: 'json' } } }),
        ),
      ),
    placeholderData: keepPreviousData,
    // The trail grows with every action anywhere (other screens, the IE's system): always fresh.
    staleTime: 0,
  });
}

/** The people and operations in the caller's trail, for the pickers. */
export function useAuditFilterValues() {
  return useQuery({
    queryKey: ['auditoria-filtros'],
    queryFn: async () => unwrap(await api.GET('/s/auditoria/filtros')),
    staleTime: 30_000,
  });
}

/** Students by name, CPF or matrícula (the dashboard's suggestions, over every tab of the current journey). */
export function useStudentSuggestions(termo: string) {
  return useQuery({
    queryKey: ['auditoria-estudantes', termo],
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/s/v2/renovacao/autocomplete', { params: { query: { termo, limite: 8 } }, signal })),
    enabled: termo.trim().length >= 3,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export const auditFile = (filters: AuditFilters) => (formato: FileFormat) =>
  api.GET('/s/auditoria', { params: { query: { ...filters, formato } }, parseAs: 'blob' });
