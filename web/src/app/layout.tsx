import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, NavLink as RouterLink, useNavigate, useOutletContext } from 'react-router';
import { Loading } from '../components/states.tsx';
import { useUnreadCount } from '../features/notifications/api/notifications.ts';
import { type SessionUser, useSignOut } from '../features/session/api/session.ts';

const LINKS: { to: string; label: string; operatorOnly?: boolean; ieOnly?: boolean }[] = [
  { to: '/', label: 'Painel' },
  { to: '/valores', label: 'Valores' },
  { to: '/lotes', label: 'Meus lotes', ieOnly: true },
  { to: '/jornadas', label: 'Jornadas' },
  { to: '/notificacoes', label: 'Notificações', ieOnly: true },
  { to: '/auditoria', label: 'Auditoria' },
  { to: '/preferencias', label: 'Preferências' },
  { to: '/convenios', label: 'Convênios' },
  { to: '/tickets', label: 'Tickets' },
  { to: '/fundacao', label: 'Fundação', operatorOnly: true },
  { to: '/simulador', label: 'Simulador de reembolso' },
];

/** The shell: header (user, unread notifications, sign out), navigation, and the page. */
export function Layout() {
  const user = useOutletContext<SessionUser>();
  const [opened, { toggle }] = useDisclosure();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const operator = user.papel === 'OPERADOR';
  const unread = useUnreadCount(!operator);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir navegação" />
            <Title order={2} size="h4">
              renova
            </Title>
          </Group>
          <Group gap="sm">
            {!operator && (
              <Button variant="subtle" c="dark.7" size="compact-sm" onClick={() => navigate('/notificacoes')}>
                {/* The name is the visible text plus "não lidas" (WCAG 2.5.3: the name contains the label). */}
                Notificações
                <Badge ml={6} size="sm" color={unread.data ? 'red.9' : 'gray.8'}>
                  {unread.data ?? 0}
                </Badge>
                <VisuallyHidden> não lidas</VisuallyHidden>
              </Button>
            )}
            <Text size="sm" data-testid="usuario">
              {user.nome}
              <VisuallyHidden> ({operator ? 'operador' : `IE ${user.ies.join(', ')}`})</VisuallyHidden>
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/entrar') })}
            >
              Sair
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Navegação principal">
        {LINKS.filter((l) => (!l.operatorOnly || operator) && (!l.ieOnly || !operator)).map((link) => (
          <NavLink key={link.to} component={RouterLink} to={link.to} end={link.to === '/'} label={link.label} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="conteudo" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet context={user} />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
