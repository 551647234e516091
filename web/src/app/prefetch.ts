import type { LoaderFunctionArgs } from 'react-router';
import { prefetchDashboard } from '../features/dashboard/view.ts';
import { notificationsQuery } from '../features/notifications/api/notifications.ts';
import { type SessionUser, sessionQuery } from '../features/session/api/session.ts';
import { queryClient } from './query-client.ts';

/*
 * Route loaders that only start reads, never wait for them: the first screen's requests go out
 * while its code is still loading, instead of after it has rendered once. Each read is the same
 * query (same key) the screen asks for, so nothing is fetched twice. The dashboard's reads go out
 * beside the session's: without a session they answer 401, which the app ignores until it knew one,
 * and signing in clears the cache.
 */

const signedIn = (): Promise<SessionUser | null> => queryClient.ensureQueryData(sessionQuery).catch(() => null);

/** Behind sign-in: the session, then the header's unread notifications (IE users only). */
export function sessionLoader(): null {
  void signedIn().then((user) => {
    if (user && user.papel !== 'OPERADOR') void queryClient.prefetchQuery(notificationsQuery);
  });
  return null;
}

/** The dashboard: its counters, filters and the list page its URL names. */
export function dashboardLoader({ request }: LoaderFunctionArgs): null {
  prefetchDashboard(queryClient, new URL(request.url).searchParams);
  return null;
}

/** The loaders start the first visit's reads; later changes of the URL are the screen's own. */
export const onlyOnEntry = () => false;
