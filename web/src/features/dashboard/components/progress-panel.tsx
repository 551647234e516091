import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { components } from '../../../lib/api/schema';
import { formatDate, formatInteger } from '../../../lib/format.ts';

type Counters = components['schemas']['DashboardCounters'];
type Journey = components['schemas']['JourneySummary'];

/** From this many days before the window closes, the entries still Apto are "em risco". */
export const RISK_DAYS = 7;

/** Days left as a person reads them; the count comes from the service's São Paulo business date. */
export function closeText(days: number): string {
  if (days === 0) return 'Encerra hoje';
  return days === 1 ? 'Encerra amanhã (1 dia)' : `${formatInteger(days)} dias até o encerramento`;
}

/**
 * The journey's progress (DOMAIN.md, "Progress and deadlines"): finalized ÷ (aptos + em
 * processamento + finalizados), with the counts; the days left; and, from 7 days before the close,
 * the entries still Apto as "em risco", one click from their list.
 */
export function ProgressPanel({
  counters,
  journey,
  daysLeft,
  onRisk,
}: {
  counters: Counters | undefined;
  journey: Journey | undefined;
  /** Days until the window's last day (0 on it), as the service counts them (GET /s/v3/renovacao/carousel). */
  daysLeft: number | null;
  onRisk: () => void;
}) {
  const count = (aba: string) => counters?.abas.find((a) => a.aba === aba)?.total ?? 0;
  const aptos = count('aptos');
  const processing = count('em-processamento');
  const done = count('finalizados');
  const base = aptos + processing + done;
  const percent = base === 0 ? 0 : Math.round((done / base) * 1000) / 10;
  const open = journey?.status === 'ABERTA';
  const days = open ? daysLeft : null;
  const risk = days !== null && days <= RISK_DAYS && aptos > 0;
  return (
    <Card withBorder component="section" aria-labelledby="progresso-titulo" data-testid="painel-progresso">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="progresso-titulo">
            Progresso da renovação
          </Title>
          {journey && (
            <Text fw={600} data-testid="prazo">
              {open ? (days === null ? '' : `${closeText(days)} · `) : 'Janela encerrada · '}
              {open ? 'fecha em' : 'fechou em'} {formatDate(journey.janelaFim)}
            </Text>
          )}
        </Group>
        {counters === undefined ? (
          <Text role="status">Carregando o progresso…</Text>
        ) : (
          <>
            <Progress
              value={percent}
              size="lg"
              color="teal.9"
              aria-label={`Renovados ${percent.toLocaleString('pt-BR')}%`}
            />
            <Text data-testid="progresso-texto">
              {formatInteger(done)} de {formatInteger(base)} renovados ({percent.toLocaleString('pt-BR')}%):{' '}
              {formatInteger(aptos)} aptos, {formatInteger(processing)} em processamento, {formatInteger(done)}{' '}
              finalizados.
            </Text>
          </>
        )}
        {risk && (
          <Card
            bg="orange.0"
            withBorder
            style={{ borderColor: 'var(--mantine-color-orange-7)' }}
            data-testid="em-risco"
          >
            <Text fw={700}>Estudantes em risco</Text>
            <Group justify="space-between">
              <Text size="sm">
                {formatInteger(aptos)} {aptos === 1 ? 'estudante ainda está apto' : 'estudantes ainda estão aptos'} sem
                nenhuma ação, e a janela{' '}
                {days === 0 ? 'encerra hoje' : `encerra em ${days} ${days === 1 ? 'dia' : 'dias'}`}.
              </Text>
              <Button size="compact-sm" onClick={onRisk}>
                Ver os {formatInteger(aptos)} em risco
              </Button>
            </Group>
          </Card>
        )}
      </Stack>
    </Card>
  );
}
