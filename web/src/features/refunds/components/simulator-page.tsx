import { Alert, Button, Group, NumberInput, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { Empty, Loading } from '../../../components/states.tsx';
import { api, unwrap } from '../../../lib/api/client.ts';
import { formatBRL, formatDate, parseBRL } from '../../../lib/format.ts';

interface Terms {
  valor: string;
  meses: number;
  mesesAteRestituicao: number;
  regime: 'SIMPLES' | 'COMPOSTO';
  inicio: string;
}

/** mm/aaaa of the month after today: a first due date to start from. */
function nextMonth(today = new Date()): string {
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  return `${String(next.getMonth() + 1).padStart(2, '0')}/${next.getFullYear()}`;
}

/** Simulador de reembolso: calcular-parcelas-reembolso on explicit terms. */
export function SimulatorPage() {
  const [valor, setValor] = useState('1.000,00');
  const [meses, setMeses] = useState<number | string>(6);
  const [ate, setAte] = useState<number | string>(18);
  const [regime, setRegime] = useState<'SIMPLES' | 'COMPOSTO'>('SIMPLES');
  const [terms, setTerms] = useState<Terms | null>(null);
  const [inicio, setInicio] = useState(nextMonth);
  const [valorError, setValorError] = useState<string | null>(null);
  const [inicioError, setInicioError] = useState<string | null>(null);

  const result = useQuery({
    queryKey: ['calcular-parcelas-reembolso', terms],
    enabled: terms !== null,
    queryFn: async () =>
      unwrap(
        await api.GET('/s/v2/contrato/valores/calcular-parcelas-reembolso', {
          params: { query: { ...terms!, valor: terms!.valor } },
        }),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseBRL(valor);
    const month = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(inicio.trim());
    setValorError(amount === null || amount <= 0 ? 'Informe um valor em reais, como 1.234,56.' : null);
    setInicioError(month ? null : 'Informe o mês como mm/aaaa, como 03/2027.');
    if (amount === null || amount <= 0 || !month) return;
    setTerms({
      valor: amount.toFixed(2),
      meses: Number(meses),
      mesesAteRestituicao: Number(ate),
      regime,
      inicio: `${month[2]}-${month[1]}`,
    });
  };

  return (
    <Stack>
      <Title order={1}>Simulador de reembolso</Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label="Valor creditado por mês"
            value={valor}
            onChange={(e) => setValor(e.currentTarget.value)}
            error={fieldError(valorError)}
          />
          <NumberInput label="Meses creditados" min={1} max={240} value={meses} onChange={setMeses} />
          <NumberInput label="Meses até a restituição" min={0} max={600} value={ate} onChange={setAte} />
          <TextInput
            label="Primeiro vencimento"
            description={hint('mm/aaaa')}
            inputMode="numeric"
            value={inicio}
            onChange={(e) => setInicio(e.currentTarget.value)}
            error={fieldError(inicioError)}
          />
          <Select
            label="Regime"
            data={[
              { value: 'SIMPLES', label: 'Simples' },
              { value: 'COMPOSTO', label: 'Composto' },
            ]}
            value={regime}
            onChange={(v) => setRegime((v as Terms['regime']) ?? 'SIMPLES')}
            allowDeselect={false}
          />
          <Button type="submit">Calcular</Button>
        </Group>
      </form>
      {terms === null ? (
        <Empty>Informe os termos e calcule as parcelas.</Empty>
      ) : result.isPending ? (
        <Loading />
      ) : result.error ? (
        <Alert color="red" role="alert">
          {result.error.message}
        </Alert>
      ) : (
        <Table striped withTableBorder aria-label="Parcelas do reembolso">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Parcela</Table.Th>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th ta="right">Valor creditado</Table.Th>
              <Table.Th ta="right">Taxa</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.data.parcelas.map((p) => (
              <Table.Tr key={p.numero}>
                <Table.Td>{p.numero}</Table.Td>
                <Table.Td>{formatDate(p.vencimento)}</Table.Td>
                <Table.Td ta="right">{formatBRL(p.valorCreditado)}</Table.Td>
                <Table.Td ta="right">{formatBRL(p.taxa)}</Table.Td>
                <Table.Td ta="right">{formatBRL(p.valor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total ({result.data.totais.quantidade})</Table.Th>
              <Table.Th />
              <Table.Th ta="right">{formatBRL(result.data.totais.valorCreditado)}</Table.Th>
              <Table.Th ta="right">{formatBRL(result.data.totais.taxa)}</Table.Th>
              <Table.Th ta="right">{formatBRL(result.data.totais.valor)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Stack>
  );
}
