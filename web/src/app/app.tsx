import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { UNAUTHORIZED_EVENT } from '../lib/api/client.ts';
import { ApiError } from '../lib/api/problem.ts';
import { router } from './router.tsx';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'sm', fontFamily: 'system-ui, sans-serif' });

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
    const expired = () => {
      if (queryClient.getQueryData(['sessao']) === null) return;
      queryClient.setQueryData(['sessao'], null);
      const here = `${router.state.location.pathname}${router.state.location.search}`;
      if (!router.state.location.pathname.startsWith('/entrar'))
        router.navigate(`/entrar?expirou=1&volta=${encodeURIComponent(here)}`);
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
