import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { QueryState } from '../../../components/states.tsx';
import { ApiError, fieldErrors } from '../../../lib/api/problem.ts';
import { useDeleteEmailPreference, useEmailPreference, useSetEmailPreference } from '../api/preferences.ts';

const KINDS = {
  LOTE_PROCESSADO: 'Lote processado pela fundação',
  LINHAS_REJEITADAS: 'Linhas recusadas',
  ADITIVO_AGUARDANDO_ASSINATURA: 'Aditivo aguardando assinatura',
  RENOVACAO_FINALIZADA: 'Renovação finalizada',
  JANELA_FECHANDO: 'Janela de renovação fechando',
  JANELA_FECHADA: 'Janela de renovação fechada',
  ACAO_RECUSADA: 'Ação recusada',
  WEBHOOK_DESATIVADO: 'Webhook desativado',
} as const;
type Kind = keyof typeof KINDS;

/** Notifications by e-mail: where, and which kinds (none ticked: every kind). */
export function EmailPreference() {
  const preference = useEmailPreference();
  const save = useSetEmailPreference();
  const remove = useDeleteEmailPreference();
  const [email, setEmail] = useState<string | null>(null);
  const [kinds, setKinds] = useState<string[] | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remote = save.error instanceof ApiError ? fieldErrors(save.error.problem, ['email']) : {};

  return (
    <Card withBorder component="section" aria-labelledby="email-titulo">
      <Stack gap="xs">
        <Title order={2} size="h4" id="email-titulo">
          Notificações por e-mail
        </Title>
        <QueryState query={preference}>
          {(data) => {
            const typed = email ?? data.email ?? '';
            const ticked = kinds ?? data.tipos ?? [];
            const submit = (event: FormEvent) => {
              event.preventDefault();
              setDone(null);
              remove.reset();
              if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed.trim())) {
                setLocal('Informe um e-mail válido.');
                return;
              }
              setLocal(null);
              save.mutate(
                { email: typed.trim(), tipos: ticked.length > 0 ? (ticked as Kind[]) : undefined },
                { onSuccess: () => setDone('Preferência de e-mail salva.') },
              );
            };
            const stop = () => {
              setDone(null);
              save.reset();
              remove.mutate(undefined, {
                onSuccess: () => {
                  setEmail(null);
                  setKinds(null);
                  setDone('Você não recebe mais notificações por e-mail.');
                },
              });
            };
            return (
              <form onSubmit={submit} noValidate>
                <Stack gap="xs">
                  {!data.envioConfigurado && (
                    <Card bg="orange.0" withBorder padding="sm" data-testid="email-sem-smtp">
                      <Text fw={700}>E-mail não configurado</Text>
                      <Text size="sm">
                        O serviço ainda não tem servidor de e-mail configurado: nenhuma notificação é enviada por e-mail
                        agora. Você pode salvar a preferência; os envios começam quando a fundação configurar o e-mail.
                        Enquanto isso, acompanhe as notificações no portal.
                      </Text>
                    </Card>
                  )}
                  <Text data-testid="email-status">
                    {data.ativo
                      ? data.envioConfigurado
                        ? `Ativo: as notificações vão para ${data.email}.`
                        : `Salvo para ${data.email}, mas nada é enviado enquanto o e-mail não estiver configurado.`
                      : 'Desativado: nenhuma notificação por e-mail.'}
                  </Text>
                  <TextInput
                    label="E-mail"
                    type="email"
                    required
                    value={typed}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    error={fieldError(local ?? remote.email)}
                    maw={420}
                  />
                  <Checkbox.Group
                    label="Tipos de notificação"
                    description={hint('Nenhum marcado: todos os tipos.')}
                    value={ticked}
                    onChange={setKinds}
                  >
                    <Stack gap={4} mt={4}>
                      {Object.entries(KINDS).map(([code, label]) => (
                        <Checkbox key={code} value={code} label={label} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                  {(save.error || remove.error) && !remote.email && (
                    <Alert color="red" role="alert">
                      {(save.error ?? remove.error)?.message}
                    </Alert>
                  )}
                  {done && (
                    <Alert color="green" role="status">
                      {done}
                    </Alert>
                  )}
                  <Group>
                    <Button type="submit" loading={save.isPending}>
                      Salvar e-mail
                    </Button>
                    {data.ativo && (
                      <Button variant="outline" color="red.9" onClick={stop} loading={remove.isPending}>
                        Parar de receber e-mails
                      </Button>
                    )}
                  </Group>
                </Stack>
              </form>
            );
          }}
        </QueryState>
      </Stack>
    </Card>
  );
}
