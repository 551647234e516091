import { Alert, Button, Card, Checkbox, Group, List, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { ApiError, fieldErrors } from '../../../lib/api/problem.ts';
import { formatBRL, formatInteger } from '../../../lib/format.ts';
import { useAcceptRows, useBatch, useRejectRows } from '../api/batches.ts';

type Decision = { linhasDecididas: number; aceitas: number; recusadas: number; aguardando: number } & {
  descartadas: { linha: number; motivo: string }[];
};

const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

function outcome(d: Decision, verb: 'aceitas' | 'recusadas'): string {
  const decided = plural(d.linhasDecididas, `linha ${verb.slice(0, -1)}`, `linhas ${verb}`);
  return `${decided}; ${plural(d.aguardando, 'linha aguardando', 'linhas aguardando')}.`;
}

/**
 * The waiting rows of one batch: select some (or none, meaning every waiting row) and accept them
 * (the addendum is generated and the student must sign) or reject them with a reason the IE reads.
 */
export function BatchRows({ loteId }: { loteId: number }) {
  const batch = useBatch(loteId);
  const accept = useAcceptRows();
  const reject = useRejectRows();
  const [selected, setSelected] = useState<number[]>([]);
  const [motivo, setMotivo] = useState('');
  const [motivoError, setMotivoError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [discarded, setDiscarded] = useState<Decision['descartadas']>([]);

  const linhas = selected.length > 0 ? selected : undefined;
  const scope = selected.length > 0 ? plural(selected.length, 'linha selecionada', 'linhas selecionadas') : 'todas';
  const failure = accept.error ?? reject.error;
  const remote = failure instanceof ApiError ? fieldErrors(failure.problem, ['motivo']) : {};

  const finish = (d: Decision, verb: 'aceitas' | 'recusadas') => {
    setDone(outcome(d, verb));
    setDiscarded(d.descartadas);
    setSelected([]);
  };
  const onAccept = () => {
    reject.reset();
    accept.mutate({ loteId, linhas }, { onSuccess: (d) => finish(d, 'aceitas') });
  };
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    accept.reset();
    if (!motivo.trim()) {
      setMotivoError('Informe o motivo da recusa.');
      return;
    }
    setMotivoError(null);
    reject.mutate(
      { loteId, linhas, motivo: motivo.trim() },
      {
        onSuccess: (d) => {
          finish(d, 'recusadas');
          setMotivo('');
        },
      },
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby={`lote-${loteId}-titulo`}>
      <Stack>
        <Title order={3} size="h4" id={`lote-${loteId}-titulo`}>
          Lote {loteId}
        </Title>
        {done && (
          <Alert color="green" role="status" data-testid="decisao-lote">
            {done}
            {discarded.length > 0 && (
              <List size="sm" mt="xs">
                {discarded.map((d) => (
                  <List.Item key={d.linha}>
                    Linha {d.linha} descartada: {d.motivo}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {failure && !remote.motivo && (
          <Alert color="red" role="alert">
            {failure.message}
          </Alert>
        )}
        <QueryState query={batch} loading="Carregando linhas do lote…">
          {(data) =>
            data.linhas.length === 0 ? (
              <Empty>Nenhuma linha deste lote aguarda decisão.</Empty>
            ) : (
              <>
                <Text size="sm">
                  {plural(data.pendente, 'linha aguardando', 'linhas aguardando')} de {formatInteger(data.total)} ·{' '}
                  {plural(data.aceitas, 'aceita', 'aceitas')} · {plural(data.recusadas, 'recusada', 'recusadas')}
                </Text>
                <Table striped withTableBorder aria-label={`Linhas aguardando do lote ${loteId}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Checkbox
                          aria-label="Selecionar todas as linhas"
                          checked={selected.length === data.linhas.length}
                          indeterminate={selected.length > 0 && selected.length < data.linhas.length}
                          onChange={(e) => setSelected(e.currentTarget.checked ? data.linhas.map((l) => l.linha) : [])}
                        />
                      </Table.Th>
                      <Table.Th>Linha</Table.Th>
                      <Table.Th>brbId</Table.Th>
                      <Table.Th>IE</Table.Th>
                      <Table.Th ta="right">Valor do contrato</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.linhas.map((l) => (
                      <Table.Tr key={l.linha}>
                        <Table.Td>
                          <Checkbox
                            aria-label={`Selecionar linha ${l.linha}`}
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
                        <Table.Td>{l.brbId ?? '—'}</Table.Td>
                        <Table.Td>{l.ieId ?? '—'}</Table.Td>
                        <Table.Td ta="right">{formatBRL(l.valorContrato)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Group align="flex-start">
                  <Button onClick={onAccept} loading={accept.isPending} color="teal.9">
                    Aceitar {scope}
                  </Button>
                </Group>
                <form onSubmit={onReject} noValidate>
                  <Stack gap="xs">
                    <Textarea
                      label="Motivo da recusa"
                      description={hint('A IE lê este motivo na linha do tempo de cada estudante recusado.')}
                      required
                      autosize
                      minRows={2}
                      value={motivo}
                      onChange={(e) => setMotivo(e.currentTarget.value)}
                      error={fieldError(motivoError ?? remote.motivo)}
                    />
                    <Group>
                      <Button type="submit" color="red.9" variant="outline" loading={reject.isPending}>
                        Recusar {scope}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              </>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
