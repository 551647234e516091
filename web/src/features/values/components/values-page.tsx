import { Stack, Title } from '@mantine/core';
import { DownloadsPanel } from './downloads-panel.tsx';
import { ImportPanel } from './import-panel.tsx';
import { SendPanel } from './send-panel.tsx';

/** Valores: values for one student, a sheet import with its per-row result, and the sheets to fill. */
export function ValuesPage() {
  return (
    <Stack>
      <Title order={1}>Valores</Title>
      <SendPanel />
      <ImportPanel />
      <DownloadsPanel />
    </Stack>
  );
}
