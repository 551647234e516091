import { Stack, Text, Title } from '@mantine/core';

/** A screen of the portal that is not built yet: its route exists so navigation is complete. */
export function Placeholder({ title, what }: { title: string; what: string }) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Text>{what}</Text>
      <Text c="gray.7">Esta tela ainda está em construção.</Text>
    </Stack>
  );
}
