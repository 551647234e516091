import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { PageControls } from '../../../components/page-controls.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { api } from '../../../lib/api/client.ts';
import { formatDate, formatInteger, formatPeriod } from '../../../lib/format.ts';
import { JOURNEY_STATUS_LABEL, JOURNEY_TYPE_LABEL, label } from '../../../lib/labels.ts';
import { useJourneys } from '../api/journeys.ts';
import { InsertPanel } from './insert-panel.tsx';
import { JourneyActions } from './journey-actions.tsx';

/** Jornadas: every journey of the caller's IEs, latest first; open the next period, refresh, insert. */
export function JourneysPage() {
  const [pagina, setPagina] = useState(1);
  const journeys = useJourneys(pagina);
  // Newest first: the open journey, when there is one, is on the first page.
  const open = journeys.data?.itens.find((j) => j.status === 'ABERTA') ?? null;
  // The next period follows the latest semester renewal journey (a regularization opens beside it).
  const renewals = journeys.data?.itens.filter((j) => j.tipo === 'RENOVACAO') ?? [];
  const openRenewal = renewals.find((j) => j.status === 'ABERTA') ?? null;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>Jornadas</Title>
        <ExportMenu
          name="jornadas"
          what="as jornadas"
          request={(formato) =>
            api.GET('/s/v2/renovacao/jornadas', { params: { query: { formato } }, parseAs: 'blob' })
          }
        />
      </Group>
      {journeys.data && pagina === 1 && (
        <JourneyActions latest={renewals[0] ?? journeys.data.itens[0] ?? null} current={openRenewal} />
      )}
      <QueryState query={journeys}>
        {(page) =>
          page.total === 0 ? (
            <Empty>Nenhuma jornada.</Empty>
          ) : (
            <>
              <Table striped withTableBorder aria-label="Jornadas">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>IE</Table.Th>
                    <Table.Th>Período</Table.Th>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Janela</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.itens.map((j) => (
                    <Table.Tr key={j.id}>
                      <Table.Td>{j.ieSigla}</Table.Td>
                      <Table.Td>{formatPeriod(j.ano, j.semestre)}</Table.Td>
                      <Table.Td>{label(JOURNEY_TYPE_LABEL, j.tipo)}</Table.Td>
                      <Table.Td>
                        {formatDate(j.janelaInicio)} a {formatDate(j.janelaFim)}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={j.status === 'ABERTA' ? 'teal.9' : 'gray.8'}>
                          {label(JOURNEY_STATUS_LABEL, j.status)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group justify="space-between">
                <Text size="sm">{formatInteger(page.total)} jornadas</Text>
                <PageControls pages={page.totalPaginas} page={page.pagina} onChange={setPagina} />
              </Group>
            </>
          )
        }
      </QueryState>
      {open && <InsertPanel journey={open} />}
    </Stack>
  );
}
