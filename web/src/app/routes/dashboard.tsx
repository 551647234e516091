import { BulkBar } from '../../features/bulk/components/bulk-bar.tsx';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

/** The dashboard with the bulk actions composed in (features never import each other). */
export default function DashboardRoute() {
  return <DashboardPage renderBulk={(selection) => <BulkBar selection={selection} />} />;
}
