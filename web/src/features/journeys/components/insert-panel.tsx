import { Alert, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PageControls } from '../../../components/page-controls.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatInteger, formatPeriod, maskCPF } from '../../../lib/format.ts';
import { useInsertBeneficiary, useInsertCandidates } from '../api/journeys.ts';
import { ConfirmButton } from './confirm-button.tsx';

/** Insert beneficiaries by hand into the open journey: active contracts not in it yet. */
export function InsertPanel({ journey }: { journey: { id: number; ano: number; semestre: number } }) {
  const [busca, setBusca] = useState('');
  const [debounced] = useDebouncedValue(busca.trim(), 300);
  const [pagina, setPagina] = useState(1);
  const candidates = useInsertCandidates(journey.id, debounced, pagina);
  const insert = useInsertBeneficiary();
  return (
    <Card withBorder component="section" aria-labelledby="inserir-titulo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="inserir-titulo">
          Inserir beneficiários na jornada de {formatPeriod(journey.ano, journey.semestre)}
        </Title>
        <TextInput
          label="Buscar contrato ativo"
          placeholder="Nome, CPF ou matrícula"
          value={busca}
          onChange={(e) => {
            setBusca(e.currentTarget.value);
            setPagina(1);
          }}
        />
        {insert.error && (
          <Alert color="red" role="alert" data-testid="erro-insercao">
            {insert.error.message}
          </Alert>
        )}
        {insert.data && (
          <Alert color="green" role="status">
            Incluído na jornada (brbId {insert.data.brbId}).
          </Alert>
        )}
        <QueryState query={candidates} loading="Carregando contratos…">
          {(page) =>
            page.total === 0 ? (
              <Empty>Nenhum contrato ativo fora da jornada.</Empty>
            ) : (
              <>
                <Table striped withTableBorder aria-label="Contratos que podem ser inseridos">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Estudante</Table.Th>
                      <Table.Th>CPF</Table.Th>
                      <Table.Th>Contrato</Table.Th>
                      <Table.Th>Curso</Table.Th>
                      <Table.Th>Ação</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.itens.map((c) => (
                      <Table.Tr key={c.contratoId}>
                        <Table.Td>{c.nomeEstudante}</Table.Td>
                        <Table.Td>{maskCPF(c.cpf)}</Table.Td>
                        <Table.Td>{c.numeroContrato}</Table.Td>
                        <Table.Td>{c.curso.nome}</Table.Td>
                        <Table.Td>
                          <ConfirmButton
                            size="xs"
                            label="Inserir"
                            aria-label={`Inserir ${c.nomeEstudante}`}
                            title="Inserir na jornada"
                            confirmLabel="Inserir"
                            loading={insert.isPending && insert.variables?.contratoId === c.contratoId}
                            onConfirm={() => insert.mutate({ journeyId: journey.id, contratoId: c.contratoId })}
                          >
                            Inserir {c.nomeEstudante} (contrato {c.numeroContrato}) na jornada de{' '}
                            {formatPeriod(journey.ano, journey.semestre)}?
                          </ConfirmButton>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Group justify="space-between">
                  <Text size="sm">{formatInteger(page.total)} contratos</Text>
                  {page.totalPaginas > 1 && (
                    <PageControls pages={page.totalPaginas} page={page.pagina} onChange={setPagina} />
                  )}
                </Group>
              </>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
