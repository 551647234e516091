import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';

export default NotificationsPage;
