import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/problem.ts';

/** The portal's one server-state cache: the providers use it, and the routes prefetch into it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // A 4xx will answer the same again; only a network failure or 5xx is worth a retry.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
    },
  },
});
