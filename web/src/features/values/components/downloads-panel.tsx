import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDownload } from '../api/values.ts';

/** The empty template and the sheet pre-filled with the students waiting for values (APTO). */
export function DownloadsPanel() {
  const download = useDownload();
  return (
    <Card withBorder component="section" aria-labelledby="modelos-titulo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="modelos-titulo">
          Modelos
        </Title>
        <Text size="sm">O modelo vazio, ou a planilha já preenchida com os estudantes aptos a receber valores.</Text>
        <Group>
          <Button variant="default" onClick={() => download.mutate({ kind: 'modelo', formato: 'csv' })}>
            Baixar modelo (CSV)
          </Button>
          <Button variant="default" onClick={() => download.mutate({ kind: 'modelo', formato: 'xlsx' })}>
            Baixar modelo (xlsx)
          </Button>
          <Button variant="default" onClick={() => download.mutate({ kind: 'preenchida', formato: 'csv' })}>
            Baixar planilha preenchida (CSV)
          </Button>
          <Button variant="default" onClick={() => download.mutate({ kind: 'preenchida', formato: 'xlsx' })}>
            Baixar planilha preenchida (xlsx)
          </Button>
        </Group>
        {download.error && (
          <Alert color="red" role="alert">
            {download.error.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
