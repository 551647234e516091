import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABEL = {
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
};

/** The total and the page controls under a list, with accessible names on every control. */
export function Pager({
  total,
  pages,
  page,
  onChange,
  noun,
}: {
  total: string;
  pages: number;
  page: number;
  onChange: (page: number) => void;
  noun: string;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm">
        {total} {noun}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABEL[control] })}
        />
      )}
    </Group>
  );
}
