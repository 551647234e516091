import { Alert, Button, Card, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { ApiError, fieldErrors, generalMessage } from '../../../lib/api/problem.ts';
import { formatBRL, formatDate, maskDate, parseBRL, toApiDate } from '../../../lib/format.ts';
import { useRecordPayment } from '../api/transfers.ts';

const FIELDS = ['contratoId', 'dataPagamento', 'valorPago', 'parcela'] as const;
type Field = (typeof FIELDS)[number];

/** dd/mm/aaaa → yyyy-mm-dd (this operation takes ISO dates), or null when not a real date. */
function isoDate(text: string): string | null {
  const api = toApiDate(text);
  return api ? api.split('-').reverse().join('-') : null;
}

const competencia = (yyyyMm: string) => `${yyyyMm.slice(5)}/${yyyyMm.slice(0, 4)}`;

/**
 * A restitution installment paid by the student: paid in order (the oldest open installment
 * first), the fee retained first, the net going into the month's transfer to the IE.
 */
export function PaymentForm() {
  const record = useRecordPayment();
  const [values, setValues] = useState<Record<Field, string>>({
    contratoId: '',
    dataPagamento: '',
    valorPago: '',
    parcela: '',
  });
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const problem = record.error instanceof ApiError ? record.error.problem : undefined;
  const remote = fieldErrors(problem, FIELDS);
  const general = problem ? generalMessage(problem, FIELDS) : (record.error?.message ?? null);
  const set = (field: Field, value: string) => setValues({ ...values, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    const contratoId = Number(values.contratoId);
    if (!/^\d+$/.test(values.contratoId.trim()) || contratoId < 1) errors.contratoId = 'Informe o número do contrato.';
    const dataPagamento = isoDate(values.dataPagamento);
    if (!dataPagamento) errors.dataPagamento = 'Informe uma data válida no formato dd/mm/aaaa.';
    const valorPago = values.valorPago.trim() ? parseBRL(values.valorPago) : undefined;
    if (valorPago === null || (valorPago !== undefined && valorPago <= 0))
      errors.valorPago = 'Informe um valor em reais, como 1.234,56.';
    const parcela = values.parcela.trim() ? Number(values.parcela) : undefined;
    if (parcela !== undefined && (!Number.isInteger(parcela) || parcela < 1))
      errors.parcela = 'Informe o número da parcela.';
    setLocal(errors);
    if (Object.keys(errors).length > 0 || !dataPagamento) return;
    record.mutate({ contratoId, dataPagamento, valorPago: valorPago ?? undefined, parcela });
  };

  const paid = record.data;
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="pagamento-titulo">
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Title order={2} size="h3" id="pagamento-titulo">
              Registrar pagamento de restituição
            </Title>
            <Group align="flex-start" grow>
              <TextInput
                label="Contrato"
                description={hint('Número (id) do contrato pago')}
                inputMode="numeric"
                required
                value={values.contratoId}
                onChange={(e) => set('contratoId', e.currentTarget.value.replace(/\D/g, ''))}
                error={fieldError(local.contratoId ?? remote.contratoId)}
              />
              <TextInput
                label="Data do pagamento"
                placeholder="dd/mm/aaaa"
                inputMode="numeric"
                required
                value={values.dataPagamento}
                onChange={(e) => set('dataPagamento', maskDate(e.currentTarget.value))}
                error={fieldError(local.dataPagamento ?? remote.dataPagamento)}
              />
            </Group>
            <Group align="flex-start" grow>
              <TextInput
                label="Valor pago"
                description={hint('Em branco: o saldo da parcela em aberto mais antiga')}
                placeholder="R$ 0,00"
                inputMode="decimal"
                value={values.valorPago}
                onChange={(e) => set('valorPago', e.currentTarget.value)}
                error={fieldError(local.valorPago ?? remote.valorPago)}
              />
              <TextInput
                label="Parcela"
                description={hint('Opcional; se informada, a parcela em aberto mais antiga')}
                inputMode="numeric"
                value={values.parcela}
                onChange={(e) => set('parcela', e.currentTarget.value.replace(/\D/g, ''))}
                error={fieldError(local.parcela ?? remote.parcela)}
              />
            </Group>
            {general && (
              <Alert color="red" role="alert">
                {general}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={record.isPending}>
                Registrar pagamento
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {paid && !record.error && (
        <Alert color="green" role="status" title="Pagamento registrado" data-testid="pagamento-registrado">
          Contrato {paid.contratoId}, pago em {formatDate(paid.dataPagamento)}: {formatBRL(paid.valorPago)}, taxa retida{' '}
          {formatBRL(paid.taxaRetida)}, líquido à IE {formatBRL(paid.valorLiquido)} no repasse de{' '}
          {competencia(paid.competencia)}.
          <Table mt="xs" withTableBorder aria-label="Parcelas pagas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parcela</Table.Th>
                <Table.Th ta="right">Valor da parcela</Table.Th>
                <Table.Th ta="right">Pago</Table.Th>
                <Table.Th ta="right">Taxa</Table.Th>
                <Table.Th ta="right">Líquido</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
                <Table.Th>Situação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paid.alocacoes.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    {a.parcela}/{paid.totalParcelas}
                  </Table.Td>
                  <Table.Td ta="right">{formatBRL(a.valorParcela)}</Table.Td>
                  <Table.Td ta="right">{formatBRL(a.valorPago)}</Table.Td>
                  <Table.Td ta="right">{formatBRL(a.taxaRetida)}</Table.Td>
                  <Table.Td ta="right">{formatBRL(a.valorLiquido)}</Table.Td>
                  <Table.Td ta="right">{formatBRL(a.saldoParcela)}</Table.Td>
                  <Table.Td>{a.status === 'PAGA' ? 'Paga' : 'Parcial'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Alert>
      )}
    </Stack>
  );
}
