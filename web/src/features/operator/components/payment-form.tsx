import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { ApiError, fieldErrors, generalMessage } from '../../../lib/api/problem.ts';
import { formatBRL, formatDate, maskDate, parseBRL, toApiDate } from '../../../lib/format.ts';
import { labelOf, PARCELA_STATUS_LABEL } from '../../../lib/labels.ts';
import { type Contract, type PaymentIn, usePreviewPayment, useRecordPayment } from '../api/payments.ts';
import { Confirm } from './confirm.tsx';
import { ContractSearch } from './contract-search.tsx';
import { PaymentsFile } from './payments-file.tsx';

const FIELDS = ['dataPagamento', 'valorPago'] as const;
type Field = (typeof FIELDS)[number];

/** dd/mm/aaaa → yyyy-mm-dd (this operation takes ISO dates), or null when not a real date. */
const isoDate = (text: string) => toApiDate(text)?.split('-').reverse().join('-') ?? null;
const competencia = (yyyyMm: string) => `${yyyyMm.slice(5)}/${yyyyMm.slice(0, 4)}`;

/**
 * A restitution payment: find the contract (number as shown, CPF or name), type the date and the
 * amount, see the installments it goes to and the balance after it, and confirm. Below, the
 * bank's payments file.
 */
export function PaymentForm() {
  const [contract, setContract] = useState<Contract | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({ dataPagamento: '', valorPago: '' });
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const [asked, setAsked] = useState<PaymentIn | null>(null);
  const preview = usePreviewPayment();
  const record = useRecordPayment();
  const failure = preview.error ?? record.error;
  const problem = failure instanceof ApiError ? failure.problem : undefined;
  const remote = fieldErrors(problem, FIELDS);
  const general = problem ? generalMessage(problem, FIELDS) : (failure?.message ?? null);

  const set = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    preview.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!contract) return;
    const errors: Partial<Record<Field, string>> = {};
    const dataPagamento = isoDate(values.dataPagamento);
    if (!dataPagamento) errors.dataPagamento = 'Informe a data do pagamento no formato dd/mm/aaaa, como 05/11/2026.';
    const valorPago = values.valorPago.trim() ? parseBRL(values.valorPago) : undefined;
    if (valorPago === null) errors.valorPago = 'Informe o valor em reais, como 1.234,56.';
    else if (valorPago !== undefined && valorPago <= 0) errors.valorPago = 'O valor pago deve ser maior que zero.';
    setLocal(errors);
    if (Object.keys(errors).length > 0 || !dataPagamento) return;
    const body = { contratoId: contract.contratoId, dataPagamento, valorPago: valorPago ?? undefined };
    record.reset();
    preview.mutate(body, { onSuccess: () => setAsked(body) });
  };

  const paid = record.data;
  const plan = preview.data;
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="pagamento-titulo">
        <Stack gap="sm">
          <Title order={2} size="h3" id="pagamento-titulo">
            Registrar pagamento de restituição
          </Title>
          <ContractSearch
            picked={contract}
            onPick={(c) => {
              setContract(c);
              preview.reset();
              record.reset();
            }}
          />
          {contract && (
            <form onSubmit={submit} noValidate aria-label={`Pagamento do contrato ${contract.numeroContrato}`}>
              <Stack gap="xs">
                <Text fw={500}>
                  Contrato {contract.numeroContrato} — {contract.nomeEstudante} ({contract.ie.sigla}); saldo em aberto{' '}
                  {formatBRL(contract.saldoAberto)}
                </Text>
                <Group align="flex-start">
                  <TextInput
                    label="Data do pagamento"
                    description={hint('dd/mm/aaaa; não pode ser futura')}
                    inputMode="numeric"
                    required
                    value={values.dataPagamento}
                    onChange={(e) => set('dataPagamento', maskDate(e.currentTarget.value))}
                    error={fieldError(local.dataPagamento ?? remote.dataPagamento)}
                    w={220}
                  />
                  <TextInput
                    label="Valor pago"
                    description={hint('Em reais, como 1.234,56; em branco: o saldo da próxima parcela')}
                    inputMode="decimal"
                    value={values.valorPago}
                    onChange={(e) => set('valorPago', e.currentTarget.value)}
                    error={fieldError(local.valorPago ?? remote.valorPago)}
                    w={300}
                  />
                </Group>
                {general && (
                  <Alert color="red.9" role="alert">
                    {general}
                  </Alert>
                )}
                <Group>
                  <Button type="submit" loading={preview.isPending}>
                    Conferir pagamento
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
      {paid && (
        <Alert
          variant="outline"
          color="teal.9"
          role="status"
          title="Pagamento registrado"
          data-testid="pagamento-registrado"
        >
          {`Contrato ${contract?.numeroContrato ?? ''}, pago em ${formatDate(paid.dataPagamento)}: ${formatBRL(paid.valorPago)}; taxa retida ${formatBRL(paid.taxaRetida)}, líquido à IE ${formatBRL(paid.valorLiquido)} no repasse de ${competencia(paid.competencia)}. Saldo do contrato agora: ${formatBRL(paid.saldoContrato)}.`}
        </Alert>
      )}
      <Confirm
        opened={asked !== null && plan !== undefined}
        title={`Registrar pagamento do contrato ${contract?.numeroContrato ?? ''}?`}
        confirmLabel={`Registrar ${formatBRL(plan?.valorPago)}`}
        loading={record.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() =>
          asked &&
          record.mutate(asked, {
            onSettled: () => setAsked(null),
            onSuccess: () => preview.reset(),
          })
        }
      >
        {plan && (
          <Stack gap="xs">
            <Text>
              {contract?.nomeEstudante}: {formatBRL(plan.valorPago)} pagos em {formatDate(plan.dataPagamento)}. Saldo do
              contrato de {formatBRL(plan.saldoAntes)} para <strong>{formatBRL(plan.saldoDepois)}</strong>.
            </Text>
            <Table withTableBorder>
              <caption className="legenda">Parcelas que o pagamento quita</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Parcela</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Valor
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Pago agora
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Saldo depois
                  </Table.Th>
                  <Table.Th scope="col">Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plan.alocacoes.map((a) => (
                  <Table.Tr key={a.parcela}>
                    <Table.Th scope="row">
                      {a.parcela}/{contract?.totalParcelas}
                    </Table.Th>
                    <Table.Td ta="right">{formatBRL(a.valorParcela)}</Table.Td>
                    <Table.Td ta="right">{formatBRL(a.valorPago)}</Table.Td>
                    <Table.Td ta="right">{formatBRL(a.saldoParcela)}</Table.Td>
                    <Table.Td>{labelOf(PARCELA_STATUS_LABEL, a.status)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Confirm>
      <PaymentsFile />
    </Stack>
  );
}
