import { Anchor, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { PageControls } from '../../../components/page-controls.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatCount, formatDateTime, formatInteger } from '../../../lib/format.ts';
import { BATCH_SOURCE_LABEL, BATCH_STATUS_LABEL, label } from '../../../lib/labels.ts';
import { type Batch, type BatchListQuery, batchesFile, useBatches } from '../api/batches.ts';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export const batchStatusColor = (status: string) => (status === 'PROCESSADO' ? 'teal.9' : 'blue.9');

/** Meus lotes: the IE's values batches, newest first, filtered by status and source (state in the URL). */
export function BatchesPage() {
  const [params, setParams] = useSearchParams();
  const filters = {
    status: (params.get('status') ?? undefined) as BatchListQuery['status'],
    fonte: (params.get('fonte') ?? undefined) as BatchListQuery['fonte'],
  };
  const pagina = Number(params.get('pagina') ?? 1);
  const batches = useBatches(filters, pagina);
  const update = (key: string, value: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'pagina') next.delete('pagina');
      return next;
    });

  return (
    <Stack>
      <Title order={1}>Meus lotes</Title>
      <Text>Cada envio de valores (planilha, portal ou sistema da IE) é um lote. Abra um lote para ver as linhas.</Text>
      <Group align="flex-end" gap="sm">
        <Select
          label="Status"
          clearable
          w={{ base: '100%', sm: 200 }}
          data={options(BATCH_STATUS_LABEL)}
          value={params.get('status')}
          onChange={(v) => update('status', v)}
        />
        <Select
          label="Fonte"
          clearable
          w={{ base: '100%', sm: 220 }}
          data={options(BATCH_SOURCE_LABEL)}
          value={params.get('fonte')}
          onChange={(v) => update('fonte', v)}
        />
        <ExportMenu name="lotes" what="os lotes" request={batchesFile(filters)} />
      </Group>
      <QueryState query={batches} loading="Carregando os lotes…">
        {(page) =>
          page.total === 0 ? (
            <Empty>Nenhum lote{filters.status || filters.fonte ? ' com estes filtros' : ''}.</Empty>
          ) : (
            <div aria-busy={batches.isFetching}>
              <Table.ScrollContainer minWidth={860}>
                <Table striped withTableBorder data-testid="lista-lotes">
                  <Table.Caption c="gray.7">
                    Lotes de valores enviados pela sua IE, do mais recente ao mais antigo
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Lote</Table.Th>
                      <Table.Th scope="col">Enviado em</Table.Th>
                      <Table.Th scope="col">Enviado por</Table.Th>
                      <Table.Th scope="col">Fonte</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                      <Table.Th scope="col">Linhas</Table.Th>
                      <Table.Th scope="col">Aceitas</Table.Th>
                      <Table.Th scope="col">Com erro</Table.Th>
                      <Table.Th scope="col">Recusadas pela Fundação</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.itens.map((b) => (
                      <BatchLine key={b.loteId} batch={b} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between" mt="sm">
                <Text size="sm">{formatCount(page.total, 'lote', 'lotes')}</Text>
                {page.totalPaginas > 1 && (
                  <PageControls
                    pages={page.totalPaginas}
                    page={page.pagina}
                    onChange={(p) => update('pagina', String(p))}
                  />
                )}
              </Group>
            </div>
          )
        }
      </QueryState>
    </Stack>
  );
}

function BatchLine({ batch: b }: { batch: Batch }) {
  const c = b.contagens;
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Anchor component={Link} to={`/lotes/${b.loteId}`}>
          Lote {b.loteId}
        </Anchor>
        {b.arquivo && (
          <Text size="xs" c="gray.7">
            {b.arquivo.nome}
          </Text>
        )}
      </Table.Th>
      <Table.Td>{formatDateTime(b.enviadoEm)}</Table.Td>
      <Table.Td>{b.enviadoPor.nome ?? b.enviadoPor.sub}</Table.Td>
      <Table.Td>
        {label(BATCH_SOURCE_LABEL, b.fonte)}
        {b.reenvio ? ' (reenvio)' : ''}
      </Table.Td>
      <Table.Td>
        <Badge color={batchStatusColor(b.status)}>{label(BATCH_STATUS_LABEL, b.status)}</Badge>
      </Table.Td>
      <Table.Td>{formatInteger(c.total)}</Table.Td>
      <Table.Td>{formatInteger(c.sucesso)}</Table.Td>
      <Table.Td>{formatInteger(c.erro)}</Table.Td>
      <Table.Td>{formatInteger(c.recusadas)}</Table.Td>
    </Table.Tr>
  );
}
