import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { UNAUTHORIZED_EVENT } from '../lib/api/client.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

// Shade 8 for filled colours and links: white on shade 6 misses WCAG AA contrast (axe, color-contrast).
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, sans-serif',
});

/** Providers: theme, server state, and the session's expiry (any 401 → sign-in, then back here). */
export function App() {
  useEffect(() => {
    const expired = async () => {
      // Only a session the portal knew can expire; before the first answer the guard sends a
      // visitor without one to sign-in (and the dashboard's prefetched reads may answer 401 first).
      if (!queryClient.getQueryData(['sessao'])) return;
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
