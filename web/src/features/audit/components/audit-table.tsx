import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { label, operacaoLabel, ROLE_LABEL } from '../../../lib/labels.ts';
import type { AuditItem } from '../api/audit.ts';

/** What came of the request, in words: committed, refused by the rules, failed, or cut off. */
function outcome(item: AuditItem): string {
  if (item.efetivado) return 'Efetivada';
  if (item.status === null) return 'Interrompida';
  if (item.status >= 500) return 'Falha no serviço';
  if (item.status >= 400) return 'Recusada';
  return 'Sem alteração';
}

export function AuditTable({ items }: { items: AuditItem[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder data-testid="lista-auditoria">
        <Table.Caption c="gray.7">
          Trilha de auditoria: quem fez o quê e quando, da mais recente à mais antiga
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Quando</Table.Th>
            <Table.Th scope="col">Pessoa</Table.Th>
            <Table.Th scope="col">Ação</Table.Th>
            <Table.Th scope="col">Sobre</Table.Th>
            <Table.Th scope="col">Resultado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Th scope="row" fw={400}>
                {formatDateTime(item.em)}
              </Table.Th>
              <Table.Td>
                {item.usuario.nome ?? item.usuario.sub}
                <Text size="xs" c="gray.7">
                  {label(ROLE_LABEL, item.usuario.papel)}
                </Text>
              </Table.Td>
              <Table.Td>{operacaoLabel(item.operacao)}</Table.Td>
              <Table.Td>
                {item.brbId && (
                  <Anchor component={Link} to={`/contrato/${item.brbId}`} display="block">
                    Estudante (brbId {item.brbId})
                  </Anchor>
                )}
                {item.loteId && (
                  <Anchor component={Link} to={`/lotes/${item.loteId}`} display="block">
                    Lote {item.loteId}
                  </Anchor>
                )}
                {!item.brbId && !item.loteId && '—'}
              </Table.Td>
              <Table.Td>{outcome(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
