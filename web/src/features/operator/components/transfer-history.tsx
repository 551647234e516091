import { Button, Card, Group, ScrollArea, Select, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { hint } from '../../../components/field-text.tsx';
import { QueryState } from '../../../components/states.tsx';
import { formatBRL, formatInteger } from '../../../lib/format.ts';
import { useIes } from '../api/batches.ts';
import { useHistoryDownload, useTransferHistory } from '../api/transfers.ts';
import { BarChart } from './bar-chart.tsx';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const short = (competencia: string) => `${MONTHS[Number(competencia.slice(5)) - 1]}/${competencia.slice(2, 4)}`;
const long = (competencia: string) => `${competencia.slice(5)}/${competencia.slice(0, 4)}`;

/** What one IE was owed over the last 12 months: a chart, the table, and the file. */
export function TransferHistory() {
  const ies = useIes();
  const [ie, setIe] = useState<string | null>(null);
  const ieId = ie ? Number(ie) : null;
  const history = useTransferHistory(ieId);
  const download = useHistoryDownload();

  return (
    <Card withBorder component="section" aria-labelledby="historico-titulo" className="no-print">
      <Stack gap="sm">
        <Title order={3} size="h4" id="historico-titulo">
          Histórico do repasse por IE
        </Title>
        <Group align="flex-end">
          <Select
            label="IE"
            description={hint('Os últimos 12 meses da IE')}
            placeholder="Escolha a IE"
            searchable
            data={(ies.data ?? []).map((i) => ({ value: String(i.id), label: `${i.sigla} — ${i.nome}` }))}
            value={ie}
            onChange={setIe}
            w={320}
          />
          {ieId !== null && (
            <Group gap="xs">
              <Button variant="default" onClick={() => download.mutate({ ieId, formato: 'csv' })}>
                Baixar CSV
              </Button>
              <Button variant="default" onClick={() => download.mutate({ ieId, formato: 'xlsx' })}>
                Baixar Excel (xlsx)
              </Button>
            </Group>
          )}
        </Group>
        {ieId !== null && (
          <QueryState query={history} loading="Carregando o histórico…">
            {(h) => (
              <Stack gap="xs">
                <BarChart
                  title={`A repassar a ${h.nome} nos últimos ${h.meses.length} meses`}
                  bars={h.meses.map((m) => ({
                    label: short(m.competencia),
                    value: m.aRepassar,
                    detail: `${long(m.competencia)}: ${formatBRL(m.aRepassar)}`,
                  }))}
                />
                <ScrollArea type="auto" className="tabela-rolavel">
                  <Table withTableBorder striped miw={720}>
                    <caption className="legenda">Repasse mês a mês: {h.nome}</caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Mês</Table.Th>
                        <Table.Th scope="col">Situação</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Pagamentos
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Pago pelos estudantes
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Taxa retida
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Líquido
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Ajustes
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          A repassar
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {h.meses.map((m) => (
                        <Table.Tr key={m.competencia}>
                          <Table.Th scope="row">{long(m.competencia)}</Table.Th>
                          <Table.Td>{m.fechado ? 'Fechado' : 'Aberto'}</Table.Td>
                          <Table.Td ta="right">{formatInteger(m.quantidade)}</Table.Td>
                          <Table.Td ta="right">{formatBRL(m.bruto)}</Table.Td>
                          <Table.Td ta="right">{formatBRL(m.taxa)}</Table.Td>
                          <Table.Td ta="right">{formatBRL(m.liquido)}</Table.Td>
                          <Table.Td ta="right">{formatBRL(m.ajustes)}</Table.Td>
                          <Table.Td ta="right" fw={600}>
                            {formatBRL(m.aRepassar)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              </Stack>
            )}
          </QueryState>
        )}
      </Stack>
    </Card>
  );
}
