import { Alert, Anchor, List } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * GOV.UK error summary: above the form, it takes focus when errors appear (a screen reader reads
 * them at once) and links each error to its field.
 */
export function ErrorSummary({
  errors,
  fieldId,
  labels,
  attempt,
}: {
  errors: Record<string, string>;
  fieldId: (name: string) => string;
  labels: Record<string, string>;
  /** Changes on every submit, so a second failed submit takes focus again. */
  attempt: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus on each attempt that failed
  useEffect(() => {
    if (entries.length > 0) ref.current?.focus();
  }, [attempt]);
  if (entries.length === 0) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="red" title="Há um problema" role="alert" data-testid="resumo-erros">
      <List size="sm">
        {entries.map(([name, message]) => (
          <List.Item key={name}>
            <Anchor
              href={`#${fieldId(name)}`}
              c="red.9"
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(fieldId(name))?.focus();
              }}
            >
              {labels[name] ? `${labels[name]}: ${message}` : message}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
