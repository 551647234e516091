import { Anchor, Badge, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PageControls } from '../../../components/page-controls.tsx';
import type { components } from '../../../lib/api/schema';
import { formatDateTime, formatInteger, maskCPF } from '../../../lib/format.ts';
import { label, situacaoText, TAG_LABEL } from '../../../lib/labels.ts';
import type { SortColumn } from '../view.ts';
import type { DashboardSelection } from './dashboard-selection.ts';

type Page = components['schemas']['RenewalListPage'];

const COLUMNS: { key: SortColumn; label: string }[] = [
  { key: 'nome', label: 'Estudante' },
  { key: 'cpf', label: 'CPF' },
  { key: 'matricula', label: 'Matrícula' },
  { key: 'curso', label: 'Curso' },
  { key: 'situacao', label: 'Situação' },
  { key: 'atualizadoEm', label: 'Atualizado em' },
];

/** One page of a tab with sortable columns and paging with totals. */
export function RenewalTable({
  page,
  sort,
  order,
  onSort,
  onPage,
  busy,
  selection,
}: {
  page: Page;
  sort: SortColumn;
  order: 'asc' | 'desc';
  onSort: (column: SortColumn) => void;
  onPage: (page: number) => void;
  busy: boolean;
  /** With a selection, each row gets a checkbox (bulk work). */
  selection?: DashboardSelection;
}) {
  const isOn = (brbId: number) => Boolean(selection?.allMatching || selection?.selected.has(brbId));
  const pageOn = page.itens.length > 0 && page.itens.every((i) => isOn(i.brbId));
  const pageSome = page.itens.some((i) => isOn(i.brbId));
  const first = page.total === 0 ? 0 : (page.pagina - 1) * page.tamanho + 1;
  const last = Math.min(page.total, page.pagina * page.tamanho);
  return (
    <div aria-busy={busy}>
      <Table.ScrollContainer minWidth={800}>
        <Table striped highlightOnHover withTableBorder verticalSpacing={6} aria-label="Estudantes da aba">
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th scope="col" w={40}>
                  <Checkbox
                    aria-label="Selecionar todos os estudantes desta página"
                    checked={pageOn}
                    indeterminate={!pageOn && pageSome}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      for (const i of page.itens) selection.toggle(i.brbId, i.nomeEstudante, on);
                    }}
                  />
                </Table.Th>
              )}
              {COLUMNS.map((c) => (
                <Table.Th
                  key={c.key}
                  aria-sort={sort === c.key ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton onClick={() => onSort(c.key)} fw={600} fz="sm">
                    {c.label}
                    {sort === c.key ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                  </UnstyledButton>
                </Table.Th>
              ))}
              <Table.Th>Etiquetas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.itens.map((item) => (
              <Table.Tr key={item.brbId}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Selecionar ${item.nomeEstudante}`}
                      checked={isOn(item.brbId)}
                      onChange={(e) => selection.toggle(item.brbId, item.nomeEstudante, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor component={Link} to={`/contrato/${item.brbId}`} fz="sm">
                    {item.nomeEstudante}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{maskCPF(item.cpf)}</Table.Td>
                <Table.Td>{item.matricula}</Table.Td>
                <Table.Td>{item.curso.nome}</Table.Td>
                <Table.Td>{situacaoText(item.situacao, item.motivo)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.atualizadoEm)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {item.tags.map((tag) => (
                      <Badge key={tag} size="xs" variant="light">
                        {label(TAG_LABEL, tag)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Text size="sm" data-testid="total-lista" aria-live="polite">
          Mostrando {formatInteger(first)}–{formatInteger(last)} de {formatInteger(page.total)}
        </Text>
        <PageControls pages={page.totalPaginas} page={page.pagina} onChange={onPage} />
      </Group>
    </div>
  );
}
