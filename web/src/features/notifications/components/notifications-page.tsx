import { Stack, Title } from '@mantine/core';
import { NotificationList } from './notification-list.tsx';
import { NotificationsExport } from './notifications-export.tsx';

export function NotificationsPage() {
  return (
    <Stack>
      <Title order={1}>Notificações</Title>
      <NotificationsExport />
      <NotificationList />
    </Stack>
  );
}
