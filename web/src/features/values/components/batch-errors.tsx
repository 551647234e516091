import { Group, List, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PageControls } from '../../../components/page-controls.tsx';
import { Empty, ErrorState, Loading } from '../../../components/states.tsx';
import { columnLabel, label, ROW_ERROR_LABEL } from '../../../lib/labels.ts';
import { useBatchErrors } from '../api/values.ts';

/**
 * A batch's refused rows: one table row per error (sheet row, column, rule code, message).
 * Should the batch not load, the import's own one-line summaries (`linhasComErro`) still say
 * which rows to fix.
 */
export function BatchErrors({ loteId, summaries }: { loteId: number; summaries: readonly string[] }) {
  const [pagina, setPagina] = useState(1);
  const batch = useBatchErrors(loteId, pagina);
  if (batch.isPending) return <Loading label="Carregando as linhas com erro…" />;
  if (batch.error)
    return (
      <Stack gap="xs">
        <ErrorState error={batch.error} title="Não foi possível carregar o detalhe das linhas com erro" />
        <List aria-label="Linhas com erro (resumo)">
          {summaries.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
    );
  const detail = batch.data;
  return detail.linhas.total === 0 ? (
    <Empty>Nenhuma linha com erro.</Empty>
  ) : (
    <>
      <Table striped withTableBorder data-testid="linhas-com-erro">
        <Table.Caption c="gray.7">Linhas com erro</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Linha</Table.Th>
            <Table.Th scope="col">brbId</Table.Th>
            <Table.Th scope="col">Coluna</Table.Th>
            <Table.Th scope="col">Problema</Table.Th>
            <Table.Th scope="col">Mensagem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.linhas.itens.flatMap((row) =>
            row.erros.map((erro) => (
              <Table.Tr key={`${row.linha}-${erro.campo}-${erro.regra}`}>
                <Table.Td>{row.linha}</Table.Td>
                <Table.Td>{row.brbId ?? '—'}</Table.Td>
                <Table.Td>{columnLabel(erro.campo)}</Table.Td>
                <Table.Td>{label(ROW_ERROR_LABEL, erro.regra)}</Table.Td>
                <Table.Td>{erro.mensagem}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm">{detail.linhas.total} linhas com erro</Text>
        {detail.linhas.totalPaginas > 1 && (
          <PageControls pages={detail.linhas.totalPaginas} page={detail.linhas.pagina} onChange={setPagina} />
        )}
      </Group>
    </>
  );
}
