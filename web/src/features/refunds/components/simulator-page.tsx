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

  const [mesesError, setMesesError] = useState<string | null>(null);
  const [ateError, setAteError] = useState<string | null>(null);

  /** Any change to the terms takes the old result off the screen: it no longer answers them. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setTerms(null);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseBRL(valor);
    const month = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(inicio.trim());
    const valorMessage = !valor.trim()
      ? 'Informe o valor creditado por mês, como 1.234,56.'
      : amount === null
        ? 'O valor não é um valor em reais: use números com vírgula nos centavos, como 1.234,56.'
        : amount <= 0
          ? 'O valor creditado por mês deve ser maior que zero.'
          : null;
    const mesesN = Number(meses);
    const ateN = Number(ate);
    const mesesMessage =
      meses === '' || !Number.isInteger(mesesN) || mesesN < 1 || mesesN > 240
        ? 'Informe de 1 a 240 meses creditados.'
        : null;
    const ateMessage =
      ate === '' || !Number.isInteger(ateN) || ateN < 0 || ateN > 600
        ? 'Informe de 0 a 600 meses até a restituição.'
        : null;
    setValorError(valorMessage);
    setMesesError(mesesMessage);
    setAteError(ateMessage);
    setInicioError(month ? null : 'Informe o mês do primeiro vencimento como mm/aaaa, como 03/2027.');
    if (valorMessage || mesesMessage || ateMessage || amount === null || !month) {
      setTerms(null);
      return;
    }
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
            onChange={(e) => changed(setValor)(e.currentTarget.value)}
            description={hint('Em reais, como 1.234,56')}
            error={fieldError(valorError)}
          />
          <NumberInput
            label="Meses creditados"
            description={hint('De 1 a 240')}
            min={1}
            max={240}
            value={meses}
            onChange={changed(setMeses)}
            error={fieldError(mesesError)}
          />
          <NumberInput
            label="Meses até a restituição"
            description={hint('De 0 a 600')}
            min={0}
            max={600}
            value={ate}
            onChange={changed(setAte)}
            error={fieldError(ateError)}
          />
          <TextInput
            label="Primeiro vencimento"
            description={hint('mm/aaaa')}
            inputMode="numeric"
            value={inicio}
            onChange={(e) => changed(setInicio)(e.currentTarget.value)}
            error={fieldError(inicioError)}
          />
          <Select
            label="Regime"
            data={[
              { value: 'SIMPLES', label: 'Simples' },
              { value: 'COMPOSTO', label: 'Composto' },
            ]}
            value={regime}
            onChange={(v) => changed(setRegime)((v as Terms['regime']) ?? 'SIMPLES')}
            description={hint('Acúmulo da taxa')}
            allowDeselect={false}
          />
          <Button type="submit">Calcular</Button>
        </Group>
        {(valorError || mesesError || ateError || inicioError) && (
          <Alert color="red.9" role="alert" mt="sm" title="Corrija os termos para calcular">
            {[valorError, mesesError, ateError, inicioError].filter(Boolean).join(' ')}
          </Alert>
        )}
      </form>
      {terms === null ? (
        <Empty>Informe os termos e calcule as parcelas. Mudar um termo apaga o resultado anterior.</Empty>
      ) : result.isPending ? (
        <Loading />
      ) : result.error ? (
        <Alert color="red.9" role="alert">
          {result.error.message}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
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
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
