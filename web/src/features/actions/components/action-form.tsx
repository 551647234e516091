import { Alert, Button, Card, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, fieldErrors, generalMessage } from '../../../lib/api/problem.ts';
import { maskDate, toApiDate } from '../../../lib/format.ts';

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'date' | 'text';
  required?: boolean;
  description?: string;
}

/**
 * One action as a form: checks what the API checks before sending (dates dd/mm/aaaa, required
 * fields), then shows the API's problem next to the field its pointer names, or above the button.
 * What was typed stays after a failure.
 */
export function ActionForm({
  title,
  fields,
  submitLabel,
  pending,
  error,
  done,
  onSubmit,
}: {
  title: string;
  fields: FieldSpec[];
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done: string | null;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [local, setLocal] = useState<Record<string, string>>({});
  const names = fields.map((f) => f.name);
  const problem = error instanceof ApiError ? error.problem : undefined;
  const remote = fieldErrors(problem, names);
  const general = problem ? generalMessage(problem, names) : error instanceof Error ? error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const out: Record<string, string> = {};
    for (const field of fields) {
      const value = (values[field.name] ?? '').trim();
      if (!value) {
        if (field.required) errors[field.name] = 'Campo obrigatório.';
        continue;
      }
      if (field.kind === 'date') {
        const api = toApiDate(value);
        if (!api) errors[field.name] = 'Informe uma data válida no formato dd/mm/aaaa.';
        else out[field.name] = api;
      } else out[field.name] = value;
    }
    setLocal(errors);
    if (Object.keys(errors).length === 0) onSubmit(out);
  };

  const id = title.replace(/\W+/g, '-').toLowerCase();
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Title order={3} size="h5" id={id}>
            {title}
          </Title>
          {fields.map((field) =>
            field.kind === 'date' ? (
              <TextInput
                key={field.name}
                label={field.label}
                placeholder="dd/mm/aaaa"
                inputMode="numeric"
                required={field.required}
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: maskDate(e.currentTarget.value) })}
                error={local[field.name] ?? remote[field.name]}
                description={field.description}
              />
            ) : (
              <Textarea
                key={field.name}
                label={field.label}
                required={field.required}
                autosize
                minRows={1}
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: e.currentTarget.value })}
                error={local[field.name] ?? remote[field.name]}
              />
            ),
          )}
          {general && (
            <Alert color="red" role="alert" data-testid="erro-acao">
              {general}
            </Alert>
          )}
          {done && !general && (
            <Alert color="green" role="status">
              {done}
            </Alert>
          )}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
