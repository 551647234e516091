import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { rememberDashboard } from '../dashboard-return.ts';

/** Painel, remembering its URL so a contract's "Voltar ao painel" returns to the same view. */
export default function DashboardRoute() {
  const { search } = useLocation();
  useEffect(() => rememberDashboard(search), [search]);
  return <DashboardPage />;
}
