import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { UNAUTHORIZED_EVENT } from '../lib/api/client.ts';
import { ApiError } from '../lib/api/problem.ts';
import { router } from './router.tsx';

// Shade 8 for filled colours and links: white on shade 6 misses WCAG AA contrast (axe, color-contrast).
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, sans-serif',
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // A 4xx will answer the same again; only a network failure or 5xx is worth a retry.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
    },
  },
});

/** Providers: theme, server state, and the session's expiry (any 401 → sign-in, then back here). */
export function App() {
  useEffect(() => {
    const expired = async () => {
      if (queryClient.getQueryData(['sessao']) === null) return;
      const here = `${router.state.location.pathname}${router.state.location.search}`;
      // Navigate before forgetting the session, so the guard does not redirect first without the notice.
      if (!router.state.location.pathname.startsWith('/entrar'))
        await router.navigate(`/entrar?expirou=1&volta=${encodeURIComponent(here)}`);
      queryClient.setQueryData(['sessao'], null);
    };
    window.addEventListener(UNAUTHORIZED_EVENT, expired);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, expired);
  }, []);

  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
