import { Anchor, List, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatBRL, formatDateTime } from '../../../lib/format.ts';
import { columnLabel, label, PROCESSAMENTO_LABEL, ROW_STATUS_LABEL } from '../../../lib/labels.ts';
import type { BatchRow } from '../api/batches.ts';

/** What went wrong with a row: its errors by column, or the foundation's reason for refusing it. */
function Problems({ row }: { row: BatchRow }) {
  if (row.erros.length === 0 && !row.motivoRecusa) return <>—</>;
  return (
    <List size="sm" spacing={2}>
      {row.erros.map((e) => (
        <List.Item key={`${e.campo}-${e.regra}`}>
          <strong>{columnLabel(e.campo)}:</strong> {e.mensagem}
        </List.Item>
      ))}
      {row.motivoRecusa && (
        <List.Item>
          <strong>Motivo da recusa:</strong> {row.motivoRecusa}
        </List.Item>
      )}
    </List>
  );
}

/** A page of a batch's rows with their outcome. */
export function BatchRowsTable({ loteId, rows, caption }: { loteId: number; rows: BatchRow[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped withTableBorder data-testid="linhas-lote">
        <Table.Caption c="gray.7">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Linha</Table.Th>
            <Table.Th scope="col">Estudante</Table.Th>
            <Table.Th scope="col">Resultado</Table.Th>
            <Table.Th scope="col">Fundação</Table.Th>
            <Table.Th scope="col">Problemas</Table.Th>
            <Table.Th scope="col">Valor do contrato</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${loteId}-${row.linha}`}>
              <Table.Th scope="row">{row.linha}</Table.Th>
              <Table.Td>
                {row.brbId ? (
                  <Anchor component={Link} to={`/contrato/${row.brbId}`}>
                    {row.nomeEstudante ?? `Estudante ${row.brbId}`}
                  </Anchor>
                ) : (
                  (row.nomeEstudante ?? '—')
                )}
                {row.brbId && (
                  <Text size="xs" c="gray.7">
                    brbId {row.brbId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{label(ROW_STATUS_LABEL, row.resultado)}</Table.Td>
              <Table.Td>
                {label(PROCESSAMENTO_LABEL, row.processamento)}
                {row.processadoEm && (
                  <Text size="xs" c="gray.7">
                    {formatDateTime(row.processadoEm)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Problems row={row} />
              </Table.Td>
              <Table.Td>{formatBRL(row.valorContrato)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
