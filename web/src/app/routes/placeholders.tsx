import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** One clear 404: the address typed does not exist, and the way back. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <Stack>
      <Title order={1}>Página não encontrada</Title>
      <Text>
        Não há nenhuma página no endereço <code>{pathname}</code>. Confira o endereço ou use o menu.
      </Text>
      <Anchor component={Link} to="/">
        Voltar ao painel
      </Anchor>
    </Stack>
  );
}
