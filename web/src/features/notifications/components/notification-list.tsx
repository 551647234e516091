import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useMarkAllViewed, useMarkViewed, useNotifications } from '../api/notifications.ts';
import { groupNotifications, subjectOf } from '../group.ts';

/** The current notifications, repeated events grouped, each linking to its subject. */
export function NotificationList() {
  const query = useNotifications();
  const mark = useMarkViewed();
  const markAll = useMarkAllViewed();
  return (
    <QueryState query={query}>
      {(data) =>
        data.itens.length === 0 ? (
          <Empty>Nenhuma notificação.</Empty>
        ) : (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text data-testid="contagem-notificacoes">
                {formatInteger(data.naoLidas)} não {data.naoLidas === 1 ? 'lida' : 'lidas'} de{' '}
                {formatInteger(data.total)}
              </Text>
              {data.naoLidas > 0 && (
                <Button
                  variant="outline"
                  size="compact-sm"
                  loading={markAll.isPending}
                  onClick={() => markAll.mutate()}
                >
                  Marcar todas como lidas
                </Button>
              )}
            </Group>
            {markAll.error && (
              <Alert color="red" role="alert">
                {markAll.error.message}
              </Alert>
            )}
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {groupNotifications(data.itens).map(({ first: n, all, unread }) => {
                const subject = subjectOf(n);
                return (
                  <Card key={n.id} withBorder component="li" padding="sm" data-testid="notificacao">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Group gap="xs">
                          <Text fw={600}>{n.titulo}</Text>
                          {all.length > 1 && (
                            <Badge color="gray.8" data-testid="repeticoes">
                              {formatInteger(all.length)} vezes
                            </Badge>
                          )}
                          {unread.length > 0 && (
                            <Badge color="red.9">{unread.length > 1 ? `${unread.length} novas` : 'Nova'}</Badge>
                          )}
                        </Group>
                        <Text size="sm">{n.mensagem}</Text>
                        <Group gap="sm">
                          <Text size="xs" c="gray.7">
                            {all.length > 1
                              ? `Última em ${formatDateTime(n.criadaEm)}; primeira em ${formatDateTime(all.at(-1)!.criadaEm)}`
                              : formatDateTime(n.criadaEm)}
                          </Text>
                          {subject && (
                            <Anchor component={Link} to={subject.to} size="sm">
                              {subject.label}
                            </Anchor>
                          )}
                        </Group>
                      </div>
                      {unread.length > 0 && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={mark.isPending && unread.some((u) => u.id === mark.variables)}
                          onClick={() => {
                            for (const u of unread) mark.mutate(u.id);
                          }}
                          aria-label={`Marcar como lida: ${n.titulo}`}
                        >
                          Marcar como lida
                        </Button>
                      )}
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          </Stack>
        )
      }
    </QueryState>
  );
}
