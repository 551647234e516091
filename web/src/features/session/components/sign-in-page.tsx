import { Alert, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../../components/states.tsx';
import { useDemoSignIn, useDemoUsers, usePortalConfig } from '../api/session.ts';
import { startOidc } from '../oidc.ts';

const PAPEL = { IE: 'Equipe da IE', OPERADOR: 'Operador da fundação' } as const;

/** Only a path of the portal itself may be the way back (never another site). */
export const safeBack = (value: string | null) => (value?.startsWith('/') && !value.startsWith('//') ? value : '/');

export function SignInPage() {
  const [params] = useSearchParams();
  const back = safeBack(params.get('volta'));
  const expired = params.get('expirou') === '1';
  const navigate = useNavigate();
  const config = usePortalConfig();
  const users = useDemoUsers(config.data?.demo === true);
  const signIn = useDemoSignIn();
  const [oidcError, setOidcError] = useState<string | null>(null);

  if (config.isPending) return <Loading />;
  return (
    <Center mih="100vh" p="md" component="main">
      <Card withBorder shadow="sm" w={460} padding="xl">
        <Stack>
          <Title order={1} size="h2">
            Entrar no renova
          </Title>
          {expired && (
            <Alert color="yellow" role="status">
              Sua sessão expirou. Entre novamente para continuar de onde parou.
            </Alert>
          )}
          {config.data?.oidc && (
            <Button
              size="md"
              onClick={() => startOidc(config.data!.oidc!, back).catch((e: Error) => setOidcError(e.message))}
            >
              Entrar com a conta institucional
            </Button>
          )}
          {oidcError && (
            <Alert color="red" role="alert">
              {oidcError}
            </Alert>
          )}
          {config.data?.demo && (
            <Stack gap="xs" component="section" aria-labelledby="demo-title">
              <Title order={2} size="h4" id="demo-title">
                Usuários de demonstração
              </Title>
              <Text size="sm" c="gray.7">
                Ambiente de demonstração: escolha com quem entrar.
              </Text>
              {users.isPending && <Loading />}
              {users.data?.map((user) => (
                <Button
                  key={user.id}
                  variant="light"
                  justify="space-between"
                  h="auto"
                  py="xs"
                  loading={signIn.isPending && signIn.variables === user.id}
                  onClick={() => signIn.mutate(user.id, { onSuccess: () => navigate(back, { replace: true }) })}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600}>{user.nome}</Text>
                    <Text size="sm">
                      {PAPEL[user.papel]} · {user.descricao}
                    </Text>
                  </Group>
                </Button>
              ))}
              {signIn.error && (
                <Alert color="red" role="alert">
                  {signIn.error.message}
                </Alert>
              )}
            </Stack>
          )}
          {!config.data?.demo && !config.data?.oidc && (
            <Alert color="red" role="alert">
              Nenhuma forma de entrada está configurada (OIDC_ISSUER e OIDC_CLIENT_ID).
            </Alert>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
