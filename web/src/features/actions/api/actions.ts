import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';
import type { components } from '../../../lib/api/schema';

/** What may be done to the entry now (acoesPermitidas) and the data the forms need. */
export function useComplementaryData(brbId: number) {
  return useQuery({
    queryKey: ['dados-complementares', brbId],
    queryFn: async () => unwrap(await api.POST('/s/v1/contrato/mais-acoes/dados-complementares', { body: { brbId } })),
  });
}

/** The actions the contract page sends, by their state-machine code. */
export type PortalAction =
  | 'TRANCAMENTO'
  | 'MANTER_TRANCAMENTO'
  | 'AFASTAMENTO'
  | 'EVASAO'
  | 'MANUTENCAO_VINCULO'
  | 'REVISAO_ANALISE'
  | 'INATIVAR'
  | 'PREVISAO_FORMATURA'
  | 'CANCELAR'
  | 'EXCLUIR';

export interface ActionRequest {
  action: PortalAction;
  /** The alterar-status door: an action the state machine allows only from SEM_RENOVACAO through it. */
  statusChange: boolean;
  /** Form values, dates already dd-mm-yyyy, texts trimmed; empty ones left out. */
  values: Record<string, string>;
}

const opt = (v: string | undefined) => (v ? v : undefined);

/** One request per action, at the operation the interface gives it. */
async function send(brbId: number, { action, statusChange, values: v }: ActionRequest): Promise<unknown> {
  switch (action) {
    case 'TRANCAMENTO': {
      const body = { brbId, dataOcorrido: v.dataOcorrido!, motivo: opt(v.motivo) };
      return statusChange
        ? unwrap(await api.POST('/s/v3/mais-acoes/alterar-status/trancamento', { body }))
        : unwrap(await api.POST('/s/v3/mais-acoes/trancamento', { body }));
    }
    case 'MANTER_TRANCAMENTO':
      return unwrap(
        await api.POST('/s/v3/mais-acoes/manter-trancamento', {
          body: { brbId, dataOcorrido: opt(v.dataOcorrido) },
        }),
      );
    case 'AFASTAMENTO':
    case 'EVASAO':
      return unwrap(
        await api.POST('/s/v3/mais-acoes/afastamento-evasao', {
          body: { brbId, tipo: action === 'AFASTAMENTO' ? 'F' : 'E', dataOcorrido: v.dataOcorrido!, motivo: v.motivo! },
        }),
      );
    case 'MANUTENCAO_VINCULO':
      return unwrap(
        await api.POST('/s/v3/mais-acoes/manutencao-vinculo', {
          body: {
            brbId,
            motivo: v.motivo!,
            motivoComplementar: opt(v.motivoComplementar),
            dataOcorrido: opt(v.dataOcorrido),
          },
        }),
      );
    case 'REVISAO_ANALISE':
      return unwrap(
        await api.POST('/s/v2/status-contrato/{brbId}/brb-id/alterar', {
          params: { path: { brbId } },
          // The interface's 2.1 body is a union the generator leaves open; this is its review variant.
          body: { situacao: 'REVISAO_ANALISE', motivo: v.motivo! } as components['schemas']['StatusChangeIn'],
        }),
      );
    case 'INATIVAR':
      return unwrap(await api.POST('/s/v3/mais-acoes/inativar-estudante', { body: { brbId, motivo: v.motivo } }));
    case 'PREVISAO_FORMATURA':
      return unwrap(
        await api.POST('/s/v3/mais-acoes/previsao-formatura', {
          body: { brbId, previsaoFormatura: v.previsaoFormatura!, motivo: opt(v.motivo) },
        }),
      );
    case 'CANCELAR':
    case 'EXCLUIR': {
      const body = { brbId, motivo: v.motivo!, motivoComplementar: opt(v.motivoComplementar) };
      return action === 'CANCELAR'
        ? unwrap(await api.POST('/s/v3/mais-acoes/cancelar-contrato', { body }))
        : unwrap(await api.POST('/s/v3/mais-acoes/excluir-contrato', { body }));
    }
  }
}

/**
 * Sends one action. An action changes the entry (contract, allowed actions, timeline, tasks,
 * requests) and what the dashboard counts and lists: those queries are refetched, nothing else.
 */
export function useRunAction(brbId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ActionRequest) => send(brbId, request),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => {
          const [key, id] = q.queryKey;
          if (['contrato', 'dados-complementares', 'andamento'].includes(String(key))) return id === brbId;
          return ['timeline', 'tarefas', 'contadores', 'aba', 'filtros', 'autocomplete', 'notificacoes'].includes(
            String(key),
          );
        },
      }),
  });
}
