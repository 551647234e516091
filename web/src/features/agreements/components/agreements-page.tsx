import { Alert, Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Empty, QueryState } from '../../../components/states.tsx';
import { useAgreements, useSetDefaultAgreement } from '../api/agreements.ts';

const PERCENT = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const REGIME: Record<string, string> = { SIMPLES: 'Simples', COMPOSTO: 'Composto' };

/** Convênios: the agreements of the caller's IEs (rate, regime, lock limits, window) and the default. */
export function AgreementsPage() {
  const agreements = useAgreements();
  const setDefault = useSetDefaultAgreement();
  const [done, setDone] = useState<string | null>(null);
  const choose = (id: number | null, nome?: string) => {
    setDone(null);
    setDefault.mutate(id, {
      onSuccess: () => setDone(id === null ? 'Sem convênio padrão.' : `Convênio padrão: ${nome}.`),
    });
  };
  return (
    <Stack>
      <Title order={1}>Convênios</Title>
      {setDefault.error && (
        <Alert color="red" role="alert">
          {setDefault.error.message}
        </Alert>
      )}
      {done && !setDefault.error && (
        <Alert color="green" role="status" data-testid="convenio-padrao">
          {done}
        </Alert>
      )}
      <QueryState query={agreements} loading="Carregando convênios…">
        {(list) =>
          list.length === 0 ? (
            <Empty>Nenhum convênio para as suas IEs.</Empty>
          ) : (
            <>
              <Table striped withTableBorder aria-label="Convênios">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Convênio</Table.Th>
                    <Table.Th>IE</Table.Th>
                    <Table.Th>Produto</Table.Th>
                    <Table.Th ta="right">Taxa mensal</Table.Th>
                    <Table.Th>Regime</Table.Th>
                    <Table.Th>Trancamentos (total / seguidos)</Table.Th>
                    <Table.Th ta="right">Janela</Table.Th>
                    <Table.Th>Situação</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Padrão</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((c) => (
                    <Table.Tr key={c.id} data-testid={`convenio-${c.id}`}>
                      <Table.Td>{c.nome}</Table.Td>
                      <Table.Td>{c.ieId}</Table.Td>
                      <Table.Td>{c.produto}</Table.Td>
                      <Table.Td ta="right">{PERCENT.format(Number(c.taxaMensal))}</Table.Td>
                      <Table.Td>{c.regimeAcumulo ? REGIME[c.regimeAcumulo] : '—'}</Table.Td>
                      <Table.Td>
                        {c.limites.maxSemestresTrancamento} / {c.limites.maxTrancamentosConsecutivos}
                      </Table.Td>
                      <Table.Td ta="right">{c.janelaDias} dias</Table.Td>
                      <Table.Td>
                        <Badge color={c.ativo ? 'teal.9' : 'gray.8'}>{c.ativo ? 'Ativo' : 'Inativo'}</Badge>
                      </Table.Td>
                      <Table.Td>
                        {c.padrao ? (
                          <Badge color="blue.9">Padrão</Badge>
                        ) : (
                          <Button
                            size="compact-sm"
                            variant="light"
                            disabled={!c.ativo}
                            loading={setDefault.isPending && setDefault.variables === c.id}
                            onClick={() => choose(c.id, c.nome)}
                            aria-label={`Tornar padrão: ${c.nome}`}
                          >
                            Tornar padrão
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group justify="space-between">
                <Text size="sm">
                  {list.length} {list.length === 1 ? 'convênio' : 'convênios'}
                </Text>
                {list.some((c) => c.padrao) && (
                  <Button
                    variant="default"
                    size="compact-sm"
                    onClick={() => choose(null)}
                    loading={setDefault.isPending && setDefault.variables === null}
                  >
                    Remover convênio padrão
                  </Button>
                )}
              </Group>
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
