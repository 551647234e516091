import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, Loading } from '../components/states.tsx';
import { useSession } from '../features/session/api/session.ts';

/** Screens behind sign-in: without a session, to /entrar and back here afterwards. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.error) return <ErrorState error={session.error} />;
  if (!session.data) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/entrar?volta=${encodeURIComponent(back)}`} replace />;
  }
  return <Outlet context={session.data} />;
}
