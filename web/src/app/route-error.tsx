import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** What went wrong, in words a person can act on; never the error's stack or the framework's text. */
function describeError(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error) && error.status === 404)
    return { title: 'Página não encontrada', message: 'Este endereço não existe no portal.' };
  // A lazy screen whose file is gone (the portal was updated since this page loaded).
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|chunk/i.test(error.message)
  )
    return {
      title: 'O portal foi atualizado',
      message: 'Esta tela não pôde ser carregada. Recarregue a página para usar a versão nova.',
    };
  return {
    title: 'Algo deu errado nesta tela',
    message:
      'Um erro inesperado impediu de mostrar esta tela. O que já foi salvo no serviço continua salvo. Tente de novo ou volte ao painel; se o erro se repetir, abra um ticket.',
  };
}

/**
 * The error boundary of every route (React Router `errorElement`): a Portuguese message and a way
 * back, inside the shell when the route is one of the shell's pages, so the navigation stays.
 */
export function RouteError() {
  const error = useRouteError();
  const heading = useRef<HTMLHeadingElement>(null);
  const { title, message } = describeError(error);
  useEffect(() => {
    // The details stay in the console for whoever reports the problem.
    console.error(error);
    heading.current?.focus();
  }, [error]);
  return (
    <Stack p="md" maw={720} data-testid="erro-tela">
      <Title order={1} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      <Alert color="red" role="alert">
        <Text>{message}</Text>
      </Alert>
      <Group>
        <Button onClick={() => window.location.reload()}>Tentar de novo</Button>
        <Anchor component={Link} to="/" reloadDocument>
          Voltar ao painel
        </Anchor>
      </Group>
    </Stack>
  );
}
