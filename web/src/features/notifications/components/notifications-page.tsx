import { Stack, Title } from '@mantine/core';
import { NotificationList } from './notification-list.tsx';

export function NotificationsPage() {
  return (
    <Stack>
      <Title order={1}>Notificações</Title>
      <NotificationList />
    </Stack>
  );
}
