import { Button, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useOpenBatches } from '../api/batches.ts';
import { BatchRows } from './batch-rows.tsx';
import { Pager } from './pager.tsx';

const SOURCE: Record<string, string> = { API: 'Sistema da IE', PLANILHA: 'Planilha', ENVIO_UNICO: 'Portal' };

/** The batches with rows waiting for the foundation; opening one shows its rows to decide. */
export function BatchesPanel() {
  const [pagina, setPagina] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const batches = useOpenBatches(pagina);
  return (
    <Stack>
      <Title order={2} size="h3">
        Lotes a processar
      </Title>
      <QueryState query={batches} loading="Carregando lotes…">
        {(page) =>
          page.total === 0 ? (
            <Empty>Nenhum lote aguardando a fundação.</Empty>
          ) : (
            <>
              <Table striped withTableBorder aria-label="Lotes a processar">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Lote</Table.Th>
                    <Table.Th>Origem</Table.Th>
                    <Table.Th>Enviado por</Table.Th>
                    <Table.Th>Enviado em</Table.Th>
                    <Table.Th>IEs</Table.Th>
                    <Table.Th ta="right">Linhas</Table.Th>
                    <Table.Th ta="right">Aguardando</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Ações</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.itens.map((b) => (
                    <Table.Tr key={b.loteId} data-testid={`lote-${b.loteId}`} aria-selected={open === b.loteId}>
                      <Table.Td>{b.loteId}</Table.Td>
                      <Table.Td>
                        {SOURCE[b.fonte] ?? b.fonte}
                        {b.reenvio ? ' (reenvio)' : ''}
                      </Table.Td>
                      <Table.Td>{b.enviadoPor.nome ?? b.enviadoPor.sub}</Table.Td>
                      <Table.Td>{formatDateTime(b.enviadoEm)}</Table.Td>
                      <Table.Td>{b.ies.join(', ')}</Table.Td>
                      <Table.Td ta="right">{formatInteger(b.contagens.total)}</Table.Td>
                      <Table.Td ta="right">{formatInteger(b.contagens.pendente)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant={open === b.loteId ? 'filled' : 'light'}
                          onClick={() => setOpen(open === b.loteId ? null : b.loteId)}
                          aria-expanded={open === b.loteId}
                          aria-label={`${open === b.loteId ? 'Fechar' : 'Abrir'} lote ${b.loteId}`}
                        >
                          {open === b.loteId ? 'Fechar' : 'Abrir'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Pager
                total={formatInteger(page.total)}
                noun={page.total === 1 ? 'lote' : 'lotes'}
                pages={page.totalPaginas}
                page={page.pagina}
                onChange={setPagina}
              />
            </>
          )
        }
      </QueryState>
      {open !== null && <BatchRows key={open} loteId={open} />}
    </Stack>
  );
}
