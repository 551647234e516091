import { Alert, Anchor, Card, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { hint } from '../../../components/field-text.tsx';
import { QueryState } from '../../../components/states.tsx';
import { ACAO_LABEL, label } from '../../../lib/labels.ts';
import { type PortalAction, useComplementaryData, useRunAction } from '../api/actions.ts';
import { ActionForm } from './action-form.tsx';
import { actionSpecs } from './action-specs.ts';

/** The order the actions are offered in: the common ones first, the ones that end the contract last. */
const ORDER: PortalAction[] = [
  'TRANCAMENTO',
  'MANTER_TRANCAMENTO',
  'MANUTENCAO_VINCULO',
  'AFASTAMENTO',
  'EVASAO',
  'REVISAO_ANALISE',
  'PREVISAO_FORMATURA',
  'INATIVAR',
  'CANCELAR',
  'EXCLUIR',
];

/**
 * Ações: exactly the actions the API allows for the entry now (acoesPermitidas; a lock from
 * SEM_RENOVACAO through the alterar-status door). The foundation's own steps (accept, reject,
 * signature) are not IE actions and live on the Fundação screens. One form at a time.
 */
export function ActionsPanel({ brbId }: { brbId: number }) {
  const data = useComplementaryData(brbId);
  const run = useRunAction(brbId);
  const [chosen, setChosen] = useState<PortalAction | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <Card withBorder component="section" aria-labelledby="acoes-titulo">
      <Stack>
        <Title order={2} size="h4" id="acoes-titulo">
          Ações
        </Title>
        {done && (
          <Alert color="green" role="status" data-testid="acao-feita">
            {done}
          </Alert>
        )}
        <QueryState query={data}>
          {(d) => {
            const allowed = new Set(d.acoesPermitidas);
            const viaStatusChange = new Set(d.acoesPermitidasAlterarStatus);
            const offered = ORDER.filter((a) => allowed.has(a) || (a === 'TRANCAMENTO' && viaStatusChange.has(a)));
            const values = allowed.has('ENVIAR_VALORES') || allowed.has('REENVIAR_VALORES');
            const specs = actionSpecs({
              nome: d.estudante.nome,
              datas: d.datasOcorrido,
              trancamentos: d.trancamentos,
              motivos: d.referencias.motivos,
            });
            const current = chosen && offered.includes(chosen) ? chosen : null;
            if (offered.length === 0 && !values)
              return (
                <Text size="sm" data-testid="sem-acoes">
                  Nenhuma ação disponível: a entrada está em uma situação que não aceita mais ações da IE.
                </Text>
              );
            return (
              <Stack>
                {values && (
                  <Anchor component={Link} to={`/valores?brbId=${brbId}`}>
                    {allowed.has('ENVIAR_VALORES')
                      ? 'Enviar os valores deste estudante'
                      : 'Reenviar os valores deste estudante'}
                  </Anchor>
                )}
                {offered.length > 0 && (
                  <Radio.Group
                    label="O que deseja registrar?"
                    description={hint('Só aparecem as ações permitidas para a situação atual.')}
                    value={current ?? ''}
                    onChange={(v) => {
                      setChosen(v as PortalAction);
                      setDone(null);
                      run.reset();
                    }}
                  >
                    <Stack gap={6} mt="xs">
                      {offered.map((a) => (
                        <Radio key={a} value={a} label={specs[a].title} />
                      ))}
                    </Stack>
                  </Radio.Group>
                )}
                {current && (
                  <ActionForm
                    key={current}
                    id={`acao-${current.toLowerCase()}`}
                    spec={specs[current]}
                    datas={d.datasOcorrido}
                    pending={run.isPending}
                    error={run.error}
                    onSubmit={(v) =>
                      run.mutate(
                        { action: current, statusChange: !allowed.has(current), values: v },
                        {
                          onSuccess: () => {
                            setDone(`Registrado: ${label(ACAO_LABEL, current).toLowerCase()} de ${d.estudante.nome}.`);
                            setChosen(null);
                          },
                        },
                      )
                    }
                  />
                )}
              </Stack>
            );
          }}
        </QueryState>
      </Stack>
    </Card>
  );
}
