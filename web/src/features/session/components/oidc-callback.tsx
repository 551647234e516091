import { Alert, Anchor, Center, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Loading } from '../../../components/states.tsx';
import { usePortalConfig, useTokenSignIn } from '../api/session.ts';
import { finishOidc } from '../oidc.ts';
import { safeBack } from './sign-in-page.tsx';

/** /entrar/retorno: the provider's redirect; exchanges the code, opens the session, goes back. */
export function OidcCallback() {
  const config = usePortalConfig();
  const signIn = useTokenSignIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    const oidc = config.data?.oidc;
    if (!oidc || started.current) return;
    started.current = true;
    finishOidc(oidc)
      .then(async ({ accessToken, back }) => {
        await signIn.mutateAsync(accessToken);
        navigate(safeBack(back), { replace: true });
      })
      .catch((e: Error) => setError(e.message));
  }, [config.data, signIn, navigate]);

  return (
    <Center mih="100vh" component="main">
      {error ? (
        <Stack>
          <Alert color="red" role="alert" title="Não foi possível entrar">
            {error}
          </Alert>
          <Anchor component={Link} to="/entrar">
            Voltar à página de entrada
          </Anchor>
        </Stack>
      ) : (
        <Loading label="Concluindo a entrada…" />
      )}
    </Center>
  );
}
