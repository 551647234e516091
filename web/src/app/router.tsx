import { createBrowserRouter } from 'react-router';
import { BASE } from '../lib/api/client.ts';
import { Layout } from './layout.tsx';
import { dashboardLoader, onlyOnEntry, sessionLoader } from './prefetch.ts';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every screen's route. Pages load lazily (each is its own chunk), so the dashboard does not
 * carry the other screens' code. Features are composed here; they never import each other.
 */
export const router = createBrowserRouter(
  [
    {
      path: '/entrar',
      errorElement: <RouteError />,
      lazy: async () => ({ Component: (await import('../features/session/components/sign-in-page.tsx')).SignInPage }),
    },
    {
      path: '/entrar/retorno',
      errorElement: <RouteError />,
      lazy: async () => ({
        Component: (await import('../features/session/components/oidc-callback.tsx')).OidcCallback,
      }),
    },
    {
      element: <RequireSession />,
      errorElement: <RouteError />,
      loader: sessionLoader,
      shouldRevalidate: onlyOnEntry,
      children: [
        {
          element: <Layout />,
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              errorElement: <RouteError />,
              loader: dashboardLoader,
              shouldRevalidate: onlyOnEntry,
              lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).default }),
            },
            {
              path: 'contrato/:brbId',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/contract.tsx')).default }),
            },
            {
              path: 'acoes-em-lote/:bulkActionId',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/bulk.tsx')).default }),
            },
            {
              path: 'valores',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/values.tsx')).default }),
            },
            {
              path: 'jornadas',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/journeys.tsx')).default }),
            },
            {
              path: 'notificacoes',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/notifications.tsx')).default }),
            },
            {
              path: 'preferencias',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/preferences.tsx')).default }),
            },
            {
              path: 'convenios',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/agreements.tsx')).default }),
            },
            {
              path: 'tickets',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/tickets.tsx')).default }),
            },
            {
              path: 'fundacao',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/operator.tsx')).default }),
            },
            {
              path: 'simulador',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/simulator.tsx')).default }),
            },
            {
              path: 'lotes',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/batches.tsx')).default }),
            },
            {
              path: 'lotes/:loteId',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/batch.tsx')).default }),
            },
            {
              path: 'auditoria',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/audit.tsx')).default }),
            },
            {
              path: '*',
              errorElement: <RouteError />,
              lazy: async () => ({ Component: (await import('./routes/placeholders.tsx')).NotFound }),
            },
          ],
        },
      ],
    },
  ],
  { basename: BASE || '/' },
);
