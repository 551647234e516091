import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { ApiError, fieldErrors, generalMessage } from '../../../lib/api/problem.ts';
import { maskDate } from '../../../lib/format.ts';
import { type ActionSpec, checkForm, type DateRange } from './action-specs.ts';
import { ErrorSummary } from './error-summary.tsx';

/**
 * One action as a GOV.UK-style form: a visible label and hint per field, the error beside the
 * field and a summary that takes focus; checks what the API checks before sending; an
 * irreversible action asks for confirmation naming the student and the effect. What was typed
 * stays after a refusal, and only the latest attempt's errors show.
 */
export function ActionForm({
  id,
  spec,
  datas,
  pending,
  error,
  onSubmit,
}: {
  id: string;
  spec: ActionSpec;
  datas: DateRange;
  pending: boolean;
  error: unknown;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [local, setLocal] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [confirming, setConfirming] = useState<Record<string, string> | null>(null);
  const names = spec.fields.map((f) => f.name);
  const problem = error instanceof ApiError ? error.problem : undefined;
  const remote = fieldErrors(problem, names);
  const general = problem ? generalMessage(problem, names) : error instanceof Error ? error.message : null;
  const errors = Object.keys(local).length > 0 ? local : remote;
  const fieldId = (name: string) => `${id}-${name}`;
  const labels = Object.fromEntries(spec.fields.map((f) => [f.name, f.label]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, values } = checkForm(spec.fields, raw, datas);
    setLocal(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    if (spec.confirm) setConfirming(values);
    else onSubmit(values);
  };
  const set = (name: string, value: string) => setRaw((r) => ({ ...r, [name]: value }));

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-titulo`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`${id}-titulo`}>
          {spec.title}
        </Title>
        <Text size="sm" c="gray.7">
          {spec.hint}
        </Text>
        <ErrorSummary errors={errors} fieldId={fieldId} labels={labels} attempt={attempt} />
        {spec.fields.map((field) => {
          const common = {
            id: fieldId(field.name),
            label: field.label,
            description: field.hint ? hint(field.hint) : undefined,
            error: fieldError(errors[field.name]),
            required: field.required,
            value: raw[field.name] ?? '',
          };
          if (field.kind === 'select')
            return (
              <NativeSelect
                key={field.name}
                {...common}
                data={[{ value: '', label: 'Escolha…' }, ...(field.options ?? [])]}
                onChange={(e) => set(field.name, e.currentTarget.value)}
              />
            );
          if (field.kind === 'date')
            return (
              <TextInput
                key={field.name}
                {...common}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => set(field.name, maskDate(e.currentTarget.value))}
              />
            );
          return (
            <Textarea
              key={field.name}
              {...common}
              autosize
              minRows={2}
              onChange={(e) => set(field.name, e.currentTarget.value)}
            />
          );
        })}
        {general && Object.keys(local).length === 0 && (
          <Alert color="red" role="alert" data-testid="erro-acao">
            {general}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {spec.submitLabel}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Confirmar: ${spec.title}`}
        centered
      >
        <Stack>
          <Text data-testid="confirmacao-texto">{confirming && spec.confirm?.(confirming)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Voltar sem alterar
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                const values = confirming;
                setConfirming(null);
                if (values) onSubmit(values);
              }}
            >
              Confirmar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
