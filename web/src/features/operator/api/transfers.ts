import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import { saveBlob } from '../../../lib/api/upload.ts';
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

/** An adjustment with its reason; the service refuses one that would make the month's net negative (422). */
export function useRecordAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { ieId: number; competencia: string; valor: number; descricao: string }) =>
      unwrap(await api.POST('/s/operador/repasse/ajustes', { body })),
    onSuccess: () =>
      client.invalidateQueries({ predicate: (q) => [KEY, 'repasse-historico'].includes(String(q.queryKey[0])) }),
  });
}

/** One IE's last months (gross, fee, net, adjustments), oldest first. */
export function useTransferHistory(ieId: number | null, meses = 12) {
  return useQuery({
    queryKey: ['repasse-historico', ieId, meses],
    queryFn: async () =>
      jsonOnly(
        unwrap(
          await api.GET('/s/v2/repasse-historico', {
            params: { query: { ieId: ieId ?? 0, meses, formato: 'json' } },
          }),
        ),
      ),
    enabled: ieId !== null,
  });
}

/** The history as a CSV or xlsx file. */
export function useHistoryDownload() {
  return useMutation({
    mutationFn: async ({ ieId, formato }: { ieId: number; formato: 'csv' | 'xlsx' }) => {
      const r = await api.GET('/s/v2/repasse-historico', {
        params: { query: { ieId, meses: 12, formato } },
        parseAs: 'blob',
      });
      saveBlob(unwrap(r) as Blob, r.response, `repasse-historico-ie-${ieId}.${formato}`);
    },
  });
}
