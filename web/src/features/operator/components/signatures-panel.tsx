import { Alert, Button, Stack, Table, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { hint } from '../../../components/field-text.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatBRL, formatDate, formatInteger, formatPeriod, maskCPF } from '../../../lib/format.ts';
import { usePendingSignatures, useRecordSignature } from '../api/signatures.ts';
import { Pager } from './pager.tsx';

/**
 * Students whose addendum waits for their signature. The foundation records the signature when
 * the signed addendum arrives; the entry becomes FINALIZADO and leaves this list.
 */
export function SignaturesPanel() {
  const [pagina, setPagina] = useState(1);
  const [busca, setBusca] = useState('');
  const [debounced] = useDebouncedValue(busca.trim(), 300);
  const pending = usePendingSignatures(pagina, debounced);
  const sign = useRecordSignature();
  const [done, setDone] = useState<string | null>(null);

  const onSign = (brbId: number, nome: string) => {
    setDone(null);
    sign.mutate({ brbId }, { onSuccess: () => setDone(`Assinatura de ${nome} registrada: renovação finalizada.`) });
  };

  return (
    <Stack>
      <Title order={2} size="h3">
        Assinaturas pendentes
      </Title>
      <TextInput
        label="Buscar estudante"
        description={hint('Nome, CPF ou matrícula')}
        value={busca}
        onChange={(e) => {
          setBusca(e.currentTarget.value);
          setPagina(1);
        }}
        maw={360}
      />
      {done && (
        <Alert color="green" role="status" data-testid="assinatura-registrada">
          {done}
        </Alert>
      )}
      {sign.error && (
        <Alert color="red" role="alert">
          {sign.error.message}
        </Alert>
      )}
      <QueryState query={pending} loading="Carregando assinaturas pendentes…">
        {(page) =>
          page.total === 0 ? (
            <Empty>Nenhum aditivo aguardando assinatura{debounced ? ' para esta busca' : ''}.</Empty>
          ) : (
            <>
              <Table striped withTableBorder aria-label="Aditivos aguardando assinatura">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Estudante</Table.Th>
                    <Table.Th>CPF</Table.Th>
                    <Table.Th>IE</Table.Th>
                    <Table.Th>Período</Table.Th>
                    <Table.Th ta="right">Valor do aditivo</Table.Th>
                    <Table.Th>Gerado em</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Ações</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.itens.map((e) => (
                    <Table.Tr key={e.brbId} data-testid={`assinatura-${e.brbId}`}>
                      <Table.Td>{e.nomeEstudante}</Table.Td>
                      <Table.Td>{maskCPF(e.cpf)}</Table.Td>
                      <Table.Td>{e.ieId}</Table.Td>
                      <Table.Td>{formatPeriod(e.ano, e.semestre)}</Table.Td>
                      <Table.Td ta="right">{formatBRL(e.aditivo?.valor)}</Table.Td>
                      <Table.Td>{formatDate(e.aditivo?.geradoEm)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={sign.isPending && sign.variables?.brbId === e.brbId}
                          onClick={() => onSign(e.brbId, e.nomeEstudante)}
                          aria-label={`Registrar assinatura de ${e.nomeEstudante}`}
                        >
                          Registrar assinatura
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Pager
                total={formatInteger(page.total)}
                noun={page.total === 1 ? 'aditivo' : 'aditivos'}
                pages={page.totalPaginas}
                page={page.pagina}
                onChange={setPagina}
              />
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
