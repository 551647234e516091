import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { ApiError, fieldErrors, generalMessage } from '../../../lib/api/problem.ts';
import { checkValues, VALUE_FORM_FIELDS, type ValueForm, type ValueFormField } from '../../../lib/value-rules.ts';
import { useSendValues } from '../api/values.ts';

const FIELDS: { name: ValueFormField; label: string; description?: string; numeric?: boolean; money?: boolean }[] = [
  { name: 'brbId', label: 'Contrato (brbId)', numeric: true },
  { name: 'qtdParcelasCobertura', label: 'Parcelas cobertas', description: 'De 1 a 6 (até 12 no contrato anual).' },
  { name: 'qtdCreditos', label: 'Créditos no semestre', description: 'Opcional, de 0 a 1000.', numeric: true },
  { name: 'valorCtrPrestServico', label: 'Valor do contrato de prestação de serviços', money: true },
  { name: 'percentualConcedido', label: 'Percentual concedido (%)', description: 'Maior que 0 e até 100.' },
  {
    name: 'valorContrato',
    label: 'Valor financiado',
    description: 'Valor do contrato × percentual ÷ 100, com até um centavo de diferença.',
    money: true,
  },
  {
    name: 'parcMeses',
    label: 'Meses cobertos',
    description: 'Opcional: MM/AAAA separados por vírgula, um por parcela.',
  },
];

const empty = (brbId: string): ValueForm => ({
  ...(Object.fromEntries(VALUE_FORM_FIELDS.map((f) => [f, ''])) as Record<ValueFormField, string>),
  brbId,
  contratoAnual: false,
});

/**
 * Values for one student, sent as a batch of one row. The form checks what the API checks; the
 * API's answer (a refused field, the row's errors by column, a 409/422) shows next to the field it
 * names or above the button, and what was typed stays.
 */
export function SendPanel() {
  const [params] = useSearchParams();
  const [form, setForm] = useState<ValueForm>(() => empty(params.get('brbId') ?? ''));
  const [reenvio, setReenvio] = useState(false);
  const [local, setLocal] = useState<Partial<Record<ValueFormField, string>>>({});
  const send = useSendValues();
  const names = [...VALUE_FORM_FIELDS];
  const problem = send.error instanceof ApiError ? send.error.problem : undefined;
  const rowErrors: Partial<Record<string, string>> = {};
  for (const e of send.data?.erros ?? []) rowErrors[e.campo] ??= e.mensagem;
  const remote = { ...fieldErrors(problem, names), ...rowErrors };
  const general = problem ? generalMessage(problem, names) : (send.error?.message ?? null);
  const unplaced = (send.data?.erros ?? []).filter((e) => !names.includes(e.campo as ValueFormField));
  const result = send.data?.result;

  const set = (field: ValueFormField, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors, row } = checkValues(form);
    setLocal(errors);
    if (row) send.mutate({ row, reenvio });
  };

  return (
    <Card withBorder component="section" aria-labelledby="enviar-valores-titulo">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="enviar-valores-titulo">
            Enviar valores de um estudante
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((field) => (
              <TextInput
                key={field.name}
                label={field.label}
                required={!['qtdCreditos', 'parcMeses'].includes(field.name)}
                inputMode={field.money ? 'decimal' : field.numeric ? 'numeric' : undefined}
                placeholder={field.money ? 'R$ 0,00' : undefined}
                value={form[field.name]}
                onChange={(e) => set(field.name, e.currentTarget.value)}
                description={field.description ? hint(field.description) : undefined}
                error={fieldError(local[field.name] ?? remote[field.name])}
              />
            ))}
          </SimpleGrid>
          <Checkbox
            label="Contrato anual (até 12 parcelas)"
            checked={form.contratoAnual}
            onChange={(e) => {
              // Read the event now: the updater runs later, when React has already released currentTarget.
              const contratoAnual = e.currentTarget.checked;
              setForm((f) => ({ ...f, contratoAnual }));
            }}
          />
          <Checkbox
            label="Reenvio (substitui valores ainda em processamento)"
            checked={reenvio}
            onChange={(e) => setReenvio(e.currentTarget.checked)}
          />
          {reenvio && (
            <TextInput
              label="Motivo do reenvio"
              value={form.motivoReenvio}
              onChange={(e) => set('motivoReenvio', e.currentTarget.value)}
              error={fieldError(local.motivoReenvio ?? remote.motivoReenvio)}
            />
          )}
          {general && (
            <Alert color="red" role="alert" data-testid="erro-envio-valores">
              {general}
            </Alert>
          )}
          {unplaced.length > 0 && (
            <Alert color="red" role="alert" data-testid="erro-envio-valores">
              {unplaced.map((e) => e.mensagem).join(' ')}
            </Alert>
          )}
          {result && !send.error && (
            <Text role="status" data-testid="resultado-envio-valores">
              {result.registrosComSucesso > 0
                ? `Valores aceitos no lote ${result.lote}: o contrato está em processamento.`
                : result.registrosPendentes > 0
                  ? `Lote ${result.lote}: os valores aguardam a decisão da fundação.`
                  : `Lote ${result.lote}: os valores foram recusados; corrija os campos indicados.`}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={send.isPending}>
              Enviar valores
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
