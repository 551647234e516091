import { createBrowserRouter } from 'react-router';
import { BASE } from '../lib/api/client.ts';
import { Layout } from './layout.tsx';
import { RequireSession } from './require-session.tsx';

/**
 * Every screen's route. Pages load lazily (each is its own chunk), so the dashboard does not
 * carry the other screens' code. Features are composed here; they never import each other.
 */
export const router = createBrowserRouter(
  [
    {
      path: '/entrar',
      lazy: async () => ({ Component: (await import('../features/session/components/sign-in-page.tsx')).SignInPage }),
    },
    {
      path: '/entrar/retorno',
      lazy: async () => ({
        Component: (await import('../features/session/components/oidc-callback.tsx')).OidcCallback,
      }),
    },
    {
      element: <RequireSession />,
      children: [
        {
          element: <Layout />,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).default }) },
            {
              path: 'contrato/:brbId',
              lazy: async () => ({ Component: (await import('./routes/contract.tsx')).default }),
            },
            {
              path: 'acoes-em-lote/:bulkActionId',
              lazy: async () => ({ Component: (await import('./routes/bulk.tsx')).default }),
            },
            { path: 'valores', lazy: async () => ({ Component: (await import('./routes/values.tsx')).default }) },
            { path: 'jornadas', lazy: async () => ({ Component: (await import('./routes/journeys.tsx')).default }) },
            {
              path: 'notificacoes',
              lazy: async () => ({ Component: (await import('./routes/notifications.tsx')).default }),
            },
            {
              path: 'preferencias',
              lazy: async () => ({ Component: (await import('./routes/preferences.tsx')).default }),
            },
            {
              path: 'convenios',
              lazy: async () => ({ Component: (await import('./routes/agreements.tsx')).default }),
            },
            { path: 'tickets', lazy: async () => ({ Component: (await import('./routes/tickets.tsx')).default }) },
            {
              path: 'fundacao',
              lazy: async () => ({ Component: (await import('./routes/operator.tsx')).default }),
            },
            { path: 'simulador', lazy: async () => ({ Component: (await import('./routes/simulator.tsx')).default }) },
            { path: '*', lazy: async () => ({ Component: (await import('./routes/placeholders.tsx')).NotFound }) },
          ],
        },
      ],
    },
  ],
  { basename: BASE || '/' },
);
