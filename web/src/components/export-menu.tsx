import { Alert, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, type FileAnswer, type FileFormat } from '../lib/api/download.ts';

const FORMATS: { formato: FileFormat; label: string; hint: string }[] = [
  { formato: 'csv', label: 'CSV', hint: 'separado por ponto e vírgula, abre no Excel' },
  { formato: 'xlsx', label: 'Excel (.xlsx)', hint: 'planilha do Excel' },
];

/**
 * "Exportar" → CSV / Excel for a list: every row the list's current filters and order select
 * (the API's streaming export ignores paging). `request` makes the file call through the API
 * client, so the download travels in the portal's own session.
 */
export function ExportMenu({
  request,
  name,
  what,
  label = 'Exportar',
}: {
  /** The list's own request with `formato` set and `parseAs: 'blob'`. */
  request: (formato: FileFormat) => Promise<FileAnswer>;
  /** File name used when the service names none, without extension. */
  name: string;
  /** What is exported, for screen readers: "Exportar aptos". */
  what: string;
  label?: string;
}) {
  const download = useMutation({
    mutationFn: (formato: FileFormat) => downloadFile(() => request(formato), `${name}.${formato}`),
  });
  return (
    <Stack gap={4} data-testid="exportar">
      <Group gap="xs">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" loading={download.isPending} aria-label={`${label} ${what}`}>
              {label}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Baixar {what} como</Menu.Label>
            {FORMATS.map((f) => (
              <Menu.Item key={f.formato} onClick={() => download.mutate(f.formato)} disabled={download.isPending}>
                <Text size="sm">{f.label}</Text>
                <Text size="xs" c="gray.7">
                  {f.hint}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {download.isPending && (
          <Text size="sm" role="status">
            Gerando o arquivo…
          </Text>
        )}
      </Group>
      {download.error && (
        <Alert color="red" role="alert" title="Não foi possível exportar" withCloseButton onClose={download.reset}>
          {download.error.message}
        </Alert>
      )}
    </Stack>
  );
}
