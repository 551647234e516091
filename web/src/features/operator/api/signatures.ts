import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

/** Students whose semester addendum waits for their signature (entries AGUARDANDO_ASSINATURA). */
export function usePendingSignatures(pagina: number, busca: string) {
  return useQuery({
    queryKey: ['pendentes-assinatura', pagina, busca],
    queryFn: async () =>
      unwrap(
        await api.GET('/s/v3/estudantes/pendentes-assinatura', {
          params: {
            query: { pagina, tamanho: 20, busca: busca || undefined, ordenarPor: 'atualizadoEm', ordem: 'desc' },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRecordSignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ brbId, assinadoEm }: { brbId: number; assinadoEm?: string }) =>
      unwrap(
        await api.POST('/s/operador/renovacoes/{brbId}/assinatura', {
          params: { path: { brbId } },
          body: assinadoEm ? { assinadoEm } : {},
        }),
      ),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sessao' }),
  });
}
