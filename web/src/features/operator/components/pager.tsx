import { Group, Text } from '@mantine/core';
import { PageControls } from '../../../components/page-controls.tsx';

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
      {pages > 1 && <PageControls pages={pages} page={page} onChange={onChange} />}
    </Group>
  );
}
