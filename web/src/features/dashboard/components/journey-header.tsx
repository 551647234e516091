import { Badge, Group, Select, Text, Title } from '@mantine/core';
import type { components } from '../../../lib/api/schema';
import { daysLeftText, formatDate, formatPeriod } from '../../../lib/format.ts';
import { JOURNEY_TYPE_LABEL, label } from '../../../lib/labels.ts';
import { useBusinessToday } from '../api/dashboard.ts';

type Journey = components['schemas']['JourneySummary'];

/** The journey read (period, window, days left) and the switcher between the caller's journeys. */
export function JourneyHeader({
  journeys,
  current,
  onChange,
}: {
  journeys: Journey[];
  current: Journey | undefined;
  onChange: (journeyId: number | undefined) => void;
}) {
  const open = current?.status === 'ABERTA';
  const today = useBusinessToday();
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1}>Painel de renovação</Title>
        {current ? (
          <Group gap="xs" data-testid="jornada-atual">
            <Text fw={600}>{formatPeriod(current.ano, current.semestre)}</Text>
            <Badge color={open ? 'teal.9' : 'gray.8'}>{open ? 'Aberta' : 'Encerrada'}</Badge>
            <Text size="sm">
              Janela de {formatDate(current.janelaInicio)} a {formatDate(current.janelaFim)}
            </Text>
            {open && today && (
              <Text size="sm" fw={600}>
                {daysLeftText(current.janelaFim, today)}
              </Text>
            )}
          </Group>
        ) : (
          <Text c="gray.7">Nenhuma jornada.</Text>
        )}
      </div>
      <Select
        label="Jornada"
        w={260}
        data={journeys.map((j) => ({
          value: String(j.id),
          label: `${formatPeriod(j.ano, j.semestre)} · ${label(JOURNEY_TYPE_LABEL, j.tipo)} · IE ${j.ieId}${j.status === 'ABERTA' ? ' (aberta)' : ''}`,
        }))}
        value={current ? String(current.id) : null}
        onChange={(v) => onChange(v ? Number(v) : undefined)}
        allowDeselect={false}
      />
    </Group>
  );
}
