import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import type { components } from '../../../lib/api/schema';
import { saveBlob, uploadForm } from '../../../lib/api/upload.ts';

export type ImportResult = components['schemas']['ImportValuesOutDto'];
export type SendResult = components['schemas']['SendValuesV3OutDto'];
export type FillValues = components['schemas']['FillValuesInDto'];
export type BatchDetail = components['schemas']['IeBatchDetail'];
export type SheetFormat = 'csv' | 'xlsx';

/** A send changes the entries' situação: every list, counter and contract shown may be stale. */
function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' });
}

/** The batch's refused rows with their errors (row, column, rule, message), one page. */
export function useBatchErrors(loteId: number | null, pagina: number) {
  return useQuery({
    queryKey: ['lote', loteId, 'ERRO', pagina],
    enabled: loteId !== null,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      // formato json: the page (the CSV/xlsx variants of the answer are the downloads).
      unwrap(
        await api.GET('/s/lotes/{loteId}', {
          params: {
            path: { loteId: loteId as number },
            query: { resultado: 'ERRO', pagina, tamanho: 20, formato: 'json' },
          },
        }),
      ) as BatchDetail,
  });
}

/** Values for one student; a refused row comes back with its errors by column (from the batch). */
export function useSendValues() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ row, reenvio }: { row: FillValues; reenvio: boolean }) => {
      const result = unwrap(await api.POST('/s/v3/mais-acoes/enviar-valores', { body: { valores: [row], reenvio } }));
      if (result.registrosComErro === 0) return { result, erros: [] };
      const batch = unwrap(
        await api.GET('/s/lotes/{loteId}', {
          params: { path: { loteId: result.lote }, query: { resultado: 'ERRO', tamanho: 1, formato: 'json' } },
        }),
      ) as BatchDetail;
      return { result, erros: batch.linhas.itens[0]?.erros ?? [] };
    },
    onSuccess: invalidate,
  });
}

/** The sheet import, with upload progress (0..1). */
export function useImportSheet(onProgress: (fraction: number) => void) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ file, reenvio }: { file: File; reenvio: boolean }) => {
      const form = new FormData();
      // The service reads reenvio before the file part.
      form.append('reenvio', String(reenvio));
      form.append('arquivo', file, file.name);
      return uploadForm<ImportResult>('/s/v1/contrato/valores/importar-lote', form, onProgress);
    },
    onSuccess: invalidate,
  });
}

export type Download =
  | { kind: 'modelo'; formato: SheetFormat }
  | { kind: 'preenchida'; formato: SheetFormat }
  | { kind: 'erros'; loteId: number; formato: SheetFormat };

/** Downloads: the empty template, the pre-filled sheet, a batch's rows with errors. */
export function useDownload() {
  return useMutation({
    mutationFn: async (what: Download) => {
      if (what.kind === 'modelo') {
        const r = await api.GET('/s/v1/contrato/valores/importar-lote/modelo', {
          params: { query: { formato: what.formato } },
          parseAs: 'blob',
        });
        saveBlob(unwrap(r) as Blob, r.response, `modelo-valores.${what.formato}`);
      } else if (what.kind === 'preenchida') {
        const r = await api.POST('/s/v1/contrato/valores/dados-complementares', {
          body: { formato: what.formato },
          parseAs: 'blob',
        });
        saveBlob(unwrap(r) as Blob, r.response, `valores-preenchidos.${what.formato}`);
      } else {
        const r = await api.GET('/s/lotes/{loteId}/erros', {
          params: { path: { loteId: what.loteId }, query: { formato: what.formato } },
          parseAs: 'blob',
        });
        saveBlob(unwrap(r) as Blob, r.response, `lote-${what.loteId}-erros.${what.formato}`);
      }
    },
  });
}
