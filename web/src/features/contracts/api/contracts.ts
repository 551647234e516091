import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client.ts';

export function useContractStatus(brbId: number) {
  return useQuery({
    queryKey: ['contrato', brbId],
    queryFn: async () => unwrap(await api.GET('/s/v2/status-contrato/{brbId}/brb-id', { params: { path: { brbId } } })),
  });
}

export function useTimeline(processId: number | null | undefined) {
  return useQuery({
    queryKey: ['timeline', processId],
    enabled: Boolean(processId),
    queryFn: async () =>
      unwrap(await api.GET('/s/v2/processos/{processId}/timeline', { params: { path: { processId: processId! } } })),
  });
}

export function useOpenTasks(processId: number | null | undefined) {
  return useQuery({
    queryKey: ['tarefas', processId],
    enabled: Boolean(processId),
    queryFn: async () =>
      unwrap(await api.GET('/s/v1/tarefas/situacao/{processId}', { params: { path: { processId: processId! } } })),
  });
}

export function useInProgress(brbId: number) {
  return useQuery({
    queryKey: ['andamento', brbId],
    queryFn: async () =>
      unwrap(await api.GET('/s/v2/renovacao/{brbId}/existe-andamento', { params: { path: { brbId } } })),
  });
}

/** Reason codes of enrolment situations (withdrawal F, bond maintenance S): the timeline shows their names. */
export function useEnrolmentReasons() {
  return useQuery({
    queryKey: ['referencia', 'motivos-situacao-matricula'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => unwrap(await api.GET('/s/v1/contrato/situacao-matricula/motivos')),
  });
}
