import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import type { components } from '../../../lib/api/schema';
import { uploadForm } from '../../../lib/api/upload.ts';

export type Contract = components['schemas']['RestitutionContractSearch']['itens'][number];
export type PaymentIn = components['schemas']['RestitutionPaymentInDto'];
export type FileResult = components['schemas']['RestitutionPaymentFileOut'];

/** Contracts by the number as shown (2025.000001445), the CPF or the student's name. */
export function useContractSearch(busca: string) {
  return useQuery({
    queryKey: ['contratos-operador', busca],
    queryFn: async () => unwrap(await api.GET('/s/operador/contratos', { params: { query: { busca } } })).itens,
    enabled: busca.length > 0,
  });
}

/** What the payment would do (installments, balance after), recording nothing. */
export function usePreviewPayment() {
  return useMutation({
    mutationFn: async (body: PaymentIn) => unwrap(await api.POST('/s/operador/pagamentos/simulacao', { body })),
  });
}

/** Payments change the contracts' balances and the month's transfer. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => ['repasse', 'repasse-historico', 'contratos-operador'].includes(String(q.queryKey[0])),
    });
}

export function useRecordPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: PaymentIn) => unwrap(await api.POST('/s/operador/pagamentos', { body })),
    onSuccess: invalidate,
  });
}

/** The bank's payments file, imported as one batch with a result per row. */
export function useImportPaymentsFile(onProgress: (fraction: number) => void) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('arquivo', file, file.name);
      return uploadForm<FileResult>('/s/operador/pagamentos/arquivo', form, onProgress);
    },
    onSuccess: invalidate,
  });
}
