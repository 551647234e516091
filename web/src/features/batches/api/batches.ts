import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, json, unwrap } from '../../../lib/api/client.ts';
import type { FileFormat } from '../../../lib/api/download.ts';
import type { components, paths } from '../../../lib/api/schema';
import { uploadForm } from '../../../lib/api/upload.ts';

export type Batch = components['schemas']['IeBatch'];
export type BatchRow = components['schemas']['IeBatchRow'];
export type BatchDetail = components['schemas']['IeBatchDetail'];
export type ImportResult = components['schemas']['ImportValuesOutDto'];
export type BatchListQuery = NonNullable<paths['/s/lotes']['get']['parameters']['query']>;
export type Resultado = NonNullable<NonNullable<paths['/s/lotes/{loteId}']['get']['parameters']['query']>['resultado']>;

const PAGE = 20;

/** The caller's batches, newest first. */
export function useBatches(filters: Pick<BatchListQuery, 'status' | 'fonte'>, pagina: number) {
  return useQuery({
    queryKey: ['meus-lotes', filters, pagina],
    // Batches arrive from the IE's system and the foundation decides rows: always fresh.
    staleTime: 0,
    queryFn: async () =>
      json(
        unwrap(
          await api.GET('/s/lotes', { params: { query: { ...filters, pagina, tamanho: PAGE, formato: 'json' } } }),
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One batch (404 for another IE's) and a page of its rows. */
export function useBatchDetail(loteId: number, resultado: Resultado | undefined, pagina: number) {
  return useQuery({
    queryKey: ['meu-lote', loteId, resultado, pagina],
    queryFn: async () =>
      json(
        unwrap(
          await api.GET('/s/lotes/{loteId}', {
            params: { path: { loteId }, query: { resultado, pagina, tamanho: PAGE, formato: 'json' } },
          }),
        ),
      ) as BatchDetail,
    placeholderData: keepPreviousData,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export const batchesFile = (filters: Pick<BatchListQuery, 'status' | 'fonte'>) => (formato: FileFormat) =>
  api.GET('/s/lotes', { params: { query: { ...filters, formato } }, parseAs: 'blob' });

export const batchRowsFile = (loteId: number, resultado: Resultado | undefined) => (formato: FileFormat) =>
  api.GET('/s/lotes/{loteId}', { params: { path: { loteId }, query: { resultado, formato } }, parseAs: 'blob' });

/** The refused rows as the values sheet, pre-filled with what was sent, to correct and upload again. */
export const errorSheetFile = (loteId: number) => (formato: FileFormat) =>
  api.GET('/s/lotes/{loteId}/erros', { params: { path: { loteId }, query: { formato } }, parseAs: 'blob' });

/** The corrected sheet as a new batch (the sheet import), with upload progress (0..1). */
export function useResend(onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, reenvio }: { file: File; reenvio: boolean }) => {
      const form = new FormData();
      // The service reads reenvio before the file part.
      form.append('reenvio', String(reenvio));
      form.append('arquivo', file, file.name);
      return uploadForm<ImportResult>('/s/v1/contrato/valores/importar-lote', form, onProgress);
    },
    // A new batch changes the entries' situação: lists, counters and batches may all be stale.
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' }),
  });
}
