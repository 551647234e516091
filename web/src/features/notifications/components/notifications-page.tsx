import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMarkViewed, useNotifications } from '../api/notifications.ts';
import { NotificationsExport } from './notifications-export.tsx';

export function NotificationsPage() {
  const query = useNotifications();
  const mark = useMarkViewed();
  return (
    <Stack>
      <Title order={1}>Notificações</Title>
      <NotificationsExport />
      <QueryState query={query}>
        {(data) =>
          data.itens.length === 0 ? (
            <Empty>Nenhuma notificação.</Empty>
          ) : (
            <Stack gap="xs">
              <Text>
                {data.naoLidas} não lidas de {data.total}
              </Text>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {data.itens.map((n) => (
                  <Card key={n.id} withBorder component="li" padding="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Group gap="xs">
                          <Text fw={600}>{n.titulo}</Text>
                          {!n.visualizada && <Badge color="red.9">Nova</Badge>}
                        </Group>
                        <Text size="sm">{n.mensagem}</Text>
                        <Text size="xs" c="gray.7">
                          {formatDateTime(n.criadaEm)}
                        </Text>
                      </div>
                      {!n.visualizada && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={mark.isPending && mark.variables === n.id}
                          onClick={() => mark.mutate(n.id)}
                          aria-label={`Marcar como lida: ${n.titulo}`}
                        >
                          Marcar como lida
                        </Button>
                      )}
                    </Group>
                  </Card>
                ))}
              </Stack>
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
