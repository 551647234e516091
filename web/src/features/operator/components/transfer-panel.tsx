import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../components/field-text.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatBRL, formatDate, formatDateTime, formatInteger } from '../../../lib/format.ts';
import { useCloseMonth, useMonthlyTransfer } from '../api/transfers.ts';
import { AdjustmentForm } from './adjustment-form.tsx';
import { Confirm } from './confirm.tsx';
import { TransferHistory } from './transfer-history.tsx';

type Totals = { quantidade: number; bruto: number; taxa: number; liquido: number; ajustes: number; aRepassar: number };

/** This month in São Paulo as yyyy-mm (the service's months are São Paulo's). */
function thisMonth(): string {
  const [, m, y] = formatDate(new Date().toISOString()).split('/');
  return `${y}-${m}`;
}

const maskMonth = (text: string) => {
  const d = text.replace(/\D/g, '').slice(0, 6);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};
const toCompetencia = (text: string) => {
  const m = /^(0[1-9]|1[0-2])\/((?:19|20)\d{2})$/.exec(text.trim());
  return m ? `${m[2]}-${m[1]}` : null;
};
const toMonthText = (competencia: string) => `${competencia.slice(5)}/${competencia.slice(0, 4)}`;

function TotalsGrid({ totals, label }: { totals: Totals; label: string }) {
  const items: [string, string][] = [
    ['Pagamentos', formatInteger(totals.quantidade)],
    ['Pago pelos estudantes', formatBRL(totals.bruto)],
    ['Taxa retida', formatBRL(totals.taxa)],
    ['Líquido', formatBRL(totals.liquido)],
    ['Ajustes', formatBRL(totals.ajustes)],
    ['A repassar', formatBRL(totals.aRepassar)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} component="dl" aria-label={label} m={0}>
      {items.map(([name, value]) => (
        <div key={name}>
          <Text component="dt" size="sm" c="gray.7">
            {name}
          </Text>
          <Text component="dd" m={0} fw={600} data-testid={`${label}-${name}`}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * The monthly transfer: per IE, each restitution payment received in the month, adjustments and
 * totals; a month that has ended can be closed (after that it never changes).
 */
export function TransferPanel() {
  const [typed, setTyped] = useState(() => toMonthText(thisMonth()));
  const [typedError, setTypedError] = useState<string | null>(null);
  const [competencia, setCompetencia] = useState(thisMonth);
  const [confirming, setConfirming] = useState(false);
  const transfer = useMonthlyTransfer(competencia);
  const close = useCloseMonth();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = toCompetencia(typed);
    setTypedError(value ? null : 'Informe o mês no formato mm/aaaa.');
    if (!value) return;
    close.reset();
    setConfirming(false);
    setCompetencia(value);
  };

  return (
    <Stack>
      <Title order={2} size="h3">
        Repasse mensal
      </Title>
      <form onSubmit={submit} noValidate className="no-print">
        <Group align="flex-end">
          <TextInput
            label="Competência"
            placeholder="mm/aaaa"
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(maskMonth(e.currentTarget.value))}
            error={fieldError(typedError)}
            w={160}
          />
          <Button type="submit" variant="light">
            Consultar
          </Button>
        </Group>
      </form>
      <AdjustmentForm competencia={competencia} label={toMonthText(competencia)} />
      <QueryState query={transfer} loading="Carregando o repasse…">
        {(data) => (
          <Stack>
            <Group justify="space-between">
              <Group gap="xs">
                <Text fw={600}>Repasse de {toMonthText(data.competencia)}</Text>
                <Badge color={data.fechado ? 'gray.8' : 'teal.9'} data-testid="status-repasse">
                  {data.fechado ? `Fechado em ${formatDateTime(data.fechadoEm)}` : 'Aberto'}
                </Badge>
              </Group>
              <Group gap="xs" className="no-print">
                <Button variant="default" size="compact-sm" onClick={() => window.print()}>
                  Imprimir
                </Button>
                {!data.fechado && (
                  <Button variant="outline" color="red.9" size="compact-sm" onClick={() => setConfirming(true)}>
                    Fechar o mês
                  </Button>
                )}
              </Group>
              <Confirm
                opened={confirming}
                title={`Fechar o repasse de ${toMonthText(data.competencia)}?`}
                confirmLabel={`Fechar ${toMonthText(data.competencia)}`}
                danger
                loading={close.isPending}
                onCancel={() => setConfirming(false)}
                onConfirm={() => close.mutate(data.competencia, { onSettled: () => setConfirming(false) })}
              >
                {`O repasse de ${toMonthText(data.competencia)} fica fechado para todas as IEs (${formatBRL(data.totais.aRepassar)} a repassar) e não muda mais: pagamentos e ajustes registrados depois entram no mês aberto.`}
              </Confirm>
            </Group>
            {close.error && (
              <Alert color="red.9" role="alert">
                {close.error.message}
              </Alert>
            )}
            <Card withBorder>
              <Title order={3} size="h5" mb="xs">
                Total de todas as IEs
              </Title>
              <TotalsGrid totals={data.totais} label="total" />
            </Card>
            {data.ies.length === 0 ? (
              <Empty>Nenhum pagamento nem ajuste neste mês.</Empty>
            ) : (
              data.ies.map((ie) => (
                <Card key={ie.ieId} withBorder component="section" aria-labelledby={`repasse-ie-${ie.ieId}`}>
                  <Stack gap="xs">
                    <Title order={3} size="h5" id={`repasse-ie-${ie.ieId}`}>
                      {ie.nome}
                    </Title>
                    <TotalsGrid totals={ie.totais} label={`ie-${ie.ieId}`} />
                    {ie.pagamentos.length > 0 && (
                      <ScrollArea type="auto" className="tabela-rolavel">
                        <Table striped withTableBorder miw={700} aria-label={`Pagamentos recebidos: ${ie.nome}`}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>Contrato</Table.Th>
                              <Table.Th>Estudante</Table.Th>
                              <Table.Th>Parcela</Table.Th>
                              <Table.Th>Pago em</Table.Th>
                              <Table.Th ta="right">Pago</Table.Th>
                              <Table.Th ta="right">Taxa</Table.Th>
                              <Table.Th ta="right">Líquido</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {ie.pagamentos.map((p) => (
                              <Table.Tr key={p.id}>
                                <Table.Td>{p.contrato}</Table.Td>
                                <Table.Td>{p.estudante}</Table.Td>
                                <Table.Td>{p.parcela}</Table.Td>
                                <Table.Td>{formatDate(p.dataPagamento)}</Table.Td>
                                <Table.Td ta="right">{formatBRL(p.valorPago)}</Table.Td>
                                <Table.Td ta="right">{formatBRL(p.taxaRetida)}</Table.Td>
                                <Table.Td ta="right">{formatBRL(p.valorLiquido)}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </ScrollArea>
                    )}
                    {ie.ajustes.length > 0 && (
                      <ScrollArea type="auto" className="tabela-rolavel">
                        <Table withTableBorder miw={520} aria-label={`Ajustes: ${ie.nome}`}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>Ajuste</Table.Th>
                              <Table.Th>Registrado em</Table.Th>
                              <Table.Th ta="right">Valor</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {ie.ajustes.map((a) => (
                              <Table.Tr key={a.id}>
                                <Table.Td>{a.descricao}</Table.Td>
                                <Table.Td>{formatDateTime(a.registradoEm)}</Table.Td>
                                <Table.Td ta="right">{formatBRL(a.valor)}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </ScrollArea>
                    )}
                  </Stack>
                </Card>
              ))
            )}
          </Stack>
        )}
      </QueryState>
      <TransferHistory />
    </Stack>
  );
}
