import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryState } from '../../../components/states.tsx';
import { situacaoText } from '../../../lib/labels.ts';
import { useComplementaryData, useForecast, useInactivate, useLock } from '../api/actions.ts';
import { ActionForm } from './action-form.tsx';

/** Mais ações: only the actions the state machine allows now, each as its own form. */
export function ActionsPanel({ brbId }: { brbId: number }) {
  const data = useComplementaryData(brbId);
  const lock = useLock();
  const inactivate = useInactivate();
  const forecast = useForecast();
  const done = (result: { situacao: string; motivo?: string | null } | undefined) =>
    result ? `Feito. Situação agora: ${situacaoText(result.situacao, result.motivo)}.` : null;

  return (
    <Stack component="section" aria-labelledby="acoes-titulo">
      <Title order={2} size="h4" id="acoes-titulo">
        Ações
      </Title>
      <QueryState query={data}>
        {(d) => {
          const allowed = new Set(d.acoesPermitidas);
          const any = ['TRANCAMENTO', 'INATIVAR', 'PREVISAO_FORMATURA', 'ENVIAR_VALORES', 'REENVIAR_VALORES'].some(
            (a) => allowed.has(a),
          );
          return (
            <Stack>
              {!any && <Text size="sm">Nenhuma ação disponível para esta situação.</Text>}
              {(allowed.has('ENVIAR_VALORES') || allowed.has('REENVIAR_VALORES')) && (
                <Anchor component={Link} to={`/valores?brbId=${brbId}`}>
                  {allowed.has('ENVIAR_VALORES')
                    ? 'Enviar os valores deste estudante'
                    : 'Reenviar os valores deste estudante'}
                </Anchor>
              )}
              {allowed.has('TRANCAMENTO') && (
                <ActionForm
                  title="Trancar matrícula"
                  submitLabel="Trancar"
                  fields={[
                    { name: 'dataOcorrido', label: 'Data do trancamento', kind: 'date', required: true },
                    { name: 'motivo', label: 'Observação', kind: 'text' },
                  ]}
                  pending={lock.isPending}
                  error={lock.error}
                  done={done(lock.data)}
                  onSubmit={(v) => lock.mutate({ brbId, dataOcorrido: v.dataOcorrido!, motivo: v.motivo })}
                />
              )}
              {allowed.has('PREVISAO_FORMATURA') && (
                <ActionForm
                  title="Nova previsão de formatura"
                  submitLabel="Enviar previsão"
                  fields={[
                    { name: 'previsaoFormatura', label: 'Previsão de formatura', kind: 'date', required: true },
                    { name: 'motivo', label: 'Motivo', kind: 'text' },
                  ]}
                  pending={forecast.isPending}
                  error={forecast.error}
                  done={done(forecast.data)}
                  onSubmit={(v) =>
                    forecast.mutate({ brbId, previsaoFormatura: v.previsaoFormatura!, motivo: v.motivo })
                  }
                />
              )}
              {allowed.has('INATIVAR') && (
                <ActionForm
                  title="Inativar estudante"
                  submitLabel="Inativar"
                  fields={[{ name: 'motivo', label: 'Motivo da inativação', kind: 'text' }]}
                  pending={inactivate.isPending}
                  error={inactivate.error}
                  done={done(inactivate.data)}
                  onSubmit={(v) => inactivate.mutate({ brbId, motivo: v.motivo })}
                />
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
