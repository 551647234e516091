import { Stack, Title } from '@mantine/core';
import { EmailPreference } from './email-preference.tsx';
import { GroupPreference } from './group-preference.tsx';

/** Preferências: the caller's default IE group and notifications by e-mail. */
export function PreferencesPage() {
  return (
    <Stack>
      <Title order={1}>Preferências</Title>
      <GroupPreference />
      <EmailPreference />
    </Stack>
  );
}
