import { Alert, Badge, Card, Checkbox, Group, List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatBRL, formatInteger, formatPeriod, maskCPF } from '../../../lib/format.ts';
import { labelOf, situacaoText, VERIFICACAO_LABEL } from '../../../lib/labels.ts';
import { useAcceptRows, useBatch, useRejectRows } from '../api/batches.ts';
import { BatchDecision } from './batch-decision.tsx';

type Decision = { linhasDecididas: number; aguardando: number; descartadas: { linha: number; motivo: string }[] };
const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;
const percent = (p: number | null) =>
  p === null ? '—' : `${p.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

/**
 * The rows of one batch awaiting a decision, with what to decide on (student, CPF, course, period,
 * percentage, values, contract and the checks the service already ran); select some (none means
 * every waiting row) and accept or reject them together.
 */
export function BatchRows({ loteId }: { loteId: number }) {
  const batch = useBatch(loteId);
  const accept = useAcceptRows();
  const reject = useRejectRows();
  const [selected, setSelected] = useState<number[]>([]);
  const [done, setDone] = useState<{ text: string; discarded: Decision['descartadas'] } | null>(null);
  const failure = accept.error ?? reject.error;

  const finish = (d: Decision, verb: string) => {
    setDone({
      text: `${plural(d.linhasDecididas, `linha ${verb}`, `linhas ${verb}s`)}; ${plural(d.aguardando, 'linha aguardando', 'linhas aguardando')}.`,
      discarded: d.descartadas,
    });
    setSelected([]);
  };

  return (
    <Card withBorder component="section" aria-labelledby={`lote-${loteId}-titulo`} className="lote-detalhe">
      <Stack>
        <Title order={3} size="h4" id={`lote-${loteId}-titulo`}>
          Lote {loteId}
        </Title>
        {done && (
          <Alert variant="outline" color="teal.9" role="status" data-testid="decisao-lote">
            {done.text}
            {done.discarded.length > 0 && (
              <List size="sm" mt="xs">
                {done.discarded.map((d) => (
                  <List.Item key={d.linha}>
                    Linha {d.linha} descartada: {d.motivo}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {failure && (
          <Alert color="red.9" role="alert">
            {failure.message}
          </Alert>
        )}
        <QueryState query={batch} loading="Carregando linhas do lote…">
          {(data) => (
            <>
              <Text size="sm" data-testid="resumo-lote">
                {plural(data.aguardando, 'linha aguardando decisão', 'linhas aguardando decisão')} de{' '}
                {formatInteger(data.total)} · {plural(data.aceitas, 'aceita', 'aceitas')} ·{' '}
                {plural(data.recusadas, 'recusada', 'recusadas')} ·{' '}
                {plural(data.erro, 'com erro no envio', 'com erro no envio')}
              </Text>
              {data.linhas.length === 0 ? (
                <Empty>Nenhuma linha deste lote aguarda decisão.</Empty>
              ) : (
                <>
                  <ScrollArea type="auto" className="tabela-rolavel">
                    <Table striped withTableBorder miw={1100} verticalSpacing="xs">
                      <caption className="legenda">Linhas do lote {loteId} aguardando a decisão da fundação</caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col" className="no-print">
                            <Checkbox
                              aria-label="Selecionar todas as linhas"
                              checked={selected.length === data.linhas.length}
                              indeterminate={selected.length > 0 && selected.length < data.linhas.length}
                              onChange={(e) =>
                                setSelected(e.currentTarget.checked ? data.linhas.map((l) => l.linha) : [])
                              }
                            />
                          </Table.Th>
                          <Table.Th scope="col">Linha</Table.Th>
                          <Table.Th scope="col">Estudante</Table.Th>
                          <Table.Th scope="col">CPF</Table.Th>
                          <Table.Th scope="col">Curso</Table.Th>
                          <Table.Th scope="col">Período</Table.Th>
                          <Table.Th scope="col">Contrato</Table.Th>
                          <Table.Th scope="col" ta="right">
                            Percentual
                          </Table.Th>
                          <Table.Th scope="col" ta="right">
                            Valor do contrato de serviço
                          </Table.Th>
                          <Table.Th scope="col" ta="right">
                            Valor financiado
                          </Table.Th>
                          <Table.Th scope="col">Verificações</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.linhas.map((l) => (
                          <Table.Tr key={l.linha} data-testid={`linha-${l.linha}`}>
                            <Table.Td className="no-print">
                              <Checkbox
                                aria-label={`Selecionar linha ${l.linha}: ${l.nomeEstudante ?? ''}`}
                                checked={selected.includes(l.linha)}
                                onChange={(e) =>
                                  setSelected(
                                    e.currentTarget.checked
                                      ? [...selected, l.linha]
                                      : selected.filter((n) => n !== l.linha),
                                  )
                                }
                              />
                            </Table.Td>
                            <Table.Td>{l.linha}</Table.Td>
                            <Table.Th scope="row" fw={500}>
                              {l.nomeEstudante ?? '—'}
                              <Text size="xs" c="gray.7">
                                {l.ieSigla ?? ''}{' '}
                                {l.situacaoAnterior
                                  ? `· antes: ${situacaoText(...(l.situacaoAnterior.split('/') as [string, string?]))}`
                                  : ''}
                              </Text>
                            </Table.Th>
                            <Table.Td className="nowrap">{l.cpf ? maskCPF(l.cpf) : '—'}</Table.Td>
                            <Table.Td>{l.curso ?? '—'}</Table.Td>
                            <Table.Td>{l.ano && l.semestre ? formatPeriod(l.ano, l.semestre) : '—'}</Table.Td>
                            <Table.Td className="nowrap">{l.numeroContrato ?? '—'}</Table.Td>
                            <Table.Td ta="right">{percent(l.percentualConcedido)}</Table.Td>
                            <Table.Td ta="right" className="nowrap">
                              {formatBRL(l.valorCtrPrestServico)}
                            </Table.Td>
                            <Table.Td ta="right" className="nowrap">
                              {formatBRL(l.valorContrato)}
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4}>
                                {l.verificacoes.map((v) => (
                                  <Badge key={v} variant="outline" color="teal.9" size="sm" tt="none">
                                    ✓ {labelOf(VERIFICACAO_LABEL, v)}
                                  </Badge>
                                ))}
                              </Group>
                              {l.motivoReenvio && (
                                <Text size="xs" c="gray.7">
                                  Motivo do reenvio: {l.motivoReenvio}
                                </Text>
                              )}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollArea>
                  <div className="no-print">
                    <BatchDecision
                      loteId={loteId}
                      count={selected.length > 0 ? selected.length : data.aguardando}
                      selected={selected.length > 0}
                      pending={accept.isPending || reject.isPending}
                      onDecide={(d, close) => {
                        const linhas = selected.length > 0 ? selected : undefined;
                        accept.reset();
                        reject.reset();
                        if (d.aceitar)
                          accept.mutate(
                            { loteId, linhas },
                            { onSuccess: (r) => finish(r, 'aceita'), onSettled: close },
                          );
                        else
                          reject.mutate(
                            { loteId, linhas, motivo: d.motivo },
                            { onSuccess: (r) => finish(r, 'recusada'), onSettled: close },
                          );
                      }}
                    />
                  </div>
                </>
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
