import { Alert, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { QueryState } from '../../../components/states.tsx';
import { useIeGroupPreference, useIeGroups, useSetIeGroupPreference } from '../api/preferences.ts';

const NONE = '';

/** The default IE group: it scopes the dashboard and every list when a request names no group. */
export function GroupPreference() {
  const groups = useIeGroups();
  const preference = useIeGroupPreference();
  const save = useSetIeGroupPreference();
  const [picked, setPicked] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <Card withBorder component="section" aria-labelledby="grupo-titulo">
      <Stack gap="xs">
        <Title order={2} size="h4" id="grupo-titulo">
          Grupo de IEs padrão
        </Title>
        <Text size="sm" c="gray.7">
          O painel e as listas mostram este grupo quando nenhum outro é escolhido.
        </Text>
        <QueryState
          query={{
            ...groups,
            isPending: groups.isPending || preference.isPending,
            error: groups.error ?? preference.error,
          }}
        >
          {(list) => {
            const current = preference.data?.grupoIe?.id;
            const value = picked ?? (current ? String(current) : NONE);
            const submit = (event: FormEvent) => {
              event.preventDefault();
              setDone(null);
              save.mutate(value === NONE ? null : Number(value), {
                onSuccess: (d) => {
                  setPicked(null);
                  setDone(d.grupoIe ? `Grupo padrão: ${d.grupoIe.nome}.` : 'Sem grupo padrão.');
                },
              });
            };
            return (
              <form onSubmit={submit}>
                <Stack gap="xs">
                  <Text data-testid="grupo-atual">
                    Atual: {preference.data?.grupoIe ? preference.data.grupoIe.nome : 'nenhum (todas as suas IEs)'}
                  </Text>
                  <NativeSelect
                    label="Grupo de IEs"
                    value={value}
                    onChange={(e) => setPicked(e.currentTarget.value)}
                    data={[
                      { value: NONE, label: 'Nenhum (todas as suas IEs)' },
                      ...list.map((g) => ({
                        value: String(g.id),
                        label: `${g.nome} (${g.ies.map((ie) => ie.sigla).join(', ')})`,
                      })),
                    ]}
                    maw={480}
                  />
                  {save.error && (
                    <Alert color="red" role="alert">
                      {save.error.message}
                    </Alert>
                  )}
                  {done && !save.error && (
                    <Alert color="green" role="status">
                      {done}
                    </Alert>
                  )}
                  <Group>
                    <Button type="submit" loading={save.isPending}>
                      Salvar grupo padrão
                    </Button>
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
