import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A field's description and error in colours that pass WCAG AA on white (axe color-contrast):
 * Mantine's defaults (dimmed, red.6) do not. Use as `description={hint(…)}` and `error={fieldError(…)}`.
 */
export const hint = (text: ReactNode) => (
  <Text span inherit c="gray.7">
    {text}
  </Text>
);

export const fieldError = (text: string | null | undefined) =>
  text ? (
    <Text span inherit c="red.9">
      {text}
    </Text>
  ) : undefined;
