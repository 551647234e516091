import { Alert, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Loading, error and empty states, the same on every screen. */
export function Loading({ label = 'Carregando…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text ml="sm">{label}</Text>
    </Center>
  );
}

export function ErrorState({ error, title = 'Não foi possível carregar' }: { error: unknown; title?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" title={title} role="alert">
      {message}
    </Alert>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="gray.7" py="lg" ta="center">
      {children}
    </Text>
  );
}

/** Renders a query's three states, then its data. */
export function QueryState<T>({
  query,
  children,
  loading,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
  loading?: string;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.error) return <ErrorState error={query.error} />;
  return <>{children(query.data as T)}</>;
}
