import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatPeriod } from '../../../lib/format.ts';
import { useOpenJourney, useRefreshJourneys } from '../api/journeys.ts';
import { ConfirmButton } from './confirm-button.tsx';

/** The period after a semester: 2026/1 → 2026/2, 2026/2 → 2027/1. */
export const nextPeriod = (ano: number, semestre: number) =>
  semestre === 1 ? { ano, semestre: 2 } : { ano: ano + 1, semestre: 1 };

type Period = { ano: number; semestre: number };

/**
 * Open the next period, or refresh the open journey, each after a confirmation. The next period
 * is offered only when the rules allow it (DOMAIN.md, "Journey periods": none of the type open,
 * the period right after the latest); the opening window is the API's to check, and its message
 * is shown as it comes.
 */
export function JourneyActions({ latest, current }: { latest: Period | null; current: Period | null }) {
  const open = useOpenJourney();
  const refresh = useRefreshJourneys();
  const next = latest && !current ? nextPeriod(latest.ano, latest.semestre) : null;
  return (
    <Card withBorder component="section" aria-labelledby="acoes-jornadas">
      <Stack gap="sm">
        <Title order={2} size="h4" id="acoes-jornadas">
          Ações
        </Title>
        {current && (
          <Text size="sm" data-testid="jornada-aberta-aviso">
            A jornada do {formatPeriod(current.ano, current.semestre)} está aberta. O próximo período pode ser aberto
            depois que ela encerrar.
          </Text>
        )}
        <Group>
          {next && (
            <ConfirmButton
              label={`Abrir ${formatPeriod(next.ano, next.semestre)}`}
              title="Abrir o próximo período"
              confirmLabel="Abrir"
              loading={open.isPending}
              onConfirm={() => {
                refresh.reset();
                open.mutate(next);
              }}
            >
              Abrir a jornada de renovação do {formatPeriod(next.ano, next.semestre)} com todos os contratos ativos?
            </ConfirmButton>
          )}
          {current && (
            <ConfirmButton
              label="Atualizar estudantes"
              variant="light"
              title="Atualizar a jornada aberta"
              confirmLabel="Atualizar"
              loading={refresh.isPending}
              onConfirm={() => {
                open.reset();
                refresh.mutate();
              }}
            >
              Incluir na jornada do {formatPeriod(current.ano, current.semestre)} os contratos que se tornaram elegíveis
              depois da abertura?
            </ConfirmButton>
          )}
        </Group>
        {open.error && (
          <Alert color="red" role="alert" data-testid="erro-jornada">
            {open.error.message}
          </Alert>
        )}
        {refresh.error && (
          <Alert color="red" role="alert" data-testid="erro-jornada">
            {refresh.error.message}
          </Alert>
        )}
        {open.data && (
          <Alert color="green" role="status">
            {open.data.jornadas
              .map((j) => `Jornada do ${formatPeriod(j.ano, j.semestre)} aberta com ${j.totalEntradas} estudantes.`)
              .join(' ')}
          </Alert>
        )}
        {refresh.data && (
          <Alert color="green" role="status" data-testid="resultado-atualizacao">
            {refresh.data.adicionados === 0
              ? 'Nenhum estudante novo.'
              : `${refresh.data.adicionados} estudante(s) incluído(s).`}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
