import { Alert, Anchor, Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { formatDateTime, formatInteger, maskCPF } from '../../../lib/format.ts';
import { BULK_ACTION_LABEL, BULK_RESULT_LABEL, BULK_STATE_LABEL } from '../../../lib/labels.ts';
import { useBulkAction } from '../api/bulk.ts';
import { downloadText, resultCsv } from '../result-csv.ts';
import { BulkDialog } from './bulk-dialog.tsx';

const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

const COLOR: Record<string, string> = { FEITO: 'teal.9', RECUSADO: 'red.9', PENDENTE: 'gray.8' };

/** A bulk action: progress while it runs, then each student's result, the CSV and the retry of refusals. */
export function BulkResultPage({ bulkActionId }: { bulkActionId: number }) {
  const { progress, items } = useBulkAction(bulkActionId);
  const [retry, setRetry] = useState(false);
  if (progress.isPending) return <Loading label="Carregando a ação em lote…" />;
  if (progress.error) return <ErrorState error={progress.error} />;
  const bulk = progress.data;
  const label = BULK_ACTION_LABEL[bulk.acao] ?? bulk.acao;
  const percent = bulk.total === 0 ? 100 : Math.round((bulk.processados / bulk.total) * 100);
  const rows = items.data?.itens ?? [];
  const refused = rows.filter((r) => r.resultado !== 'FEITO');
  return (
    // minWidth 0: the results table scrolls inside its own container instead of widening the page.
    <Stack gap="md" style={{ minWidth: 0, maxWidth: '100%', overflowX: 'clip' }}>
      <Anchor component={Link} to="/">
        ← Voltar ao painel
      </Anchor>
      <Title order={1}>
        {label} em lote nº {bulk.id}
      </Title>
      <Card withBorder component="section" aria-labelledby="progresso-lote">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4" id="progresso-lote">
              Progresso
            </Title>
            <Badge color={bulk.estado === 'CONCLUIDA' ? 'teal.9' : bulk.estado === 'EM_ANDAMENTO' ? 'blue.9' : 'red.9'}>
              {BULK_STATE_LABEL[bulk.estado] ?? bulk.estado}
            </Badge>
          </Group>
          <Progress value={percent} size="lg" aria-label={`Processados ${percent}%`} />
          <Text aria-live="polite" data-testid="progresso-lote">
            {formatInteger(bulk.processados)} de {formatInteger(bulk.total)} processados:{' '}
            {plural(bulk.feitos, 'feito', 'feitos')}, {plural(bulk.recusados, 'recusado', 'recusados')}.
          </Text>
          <Text size="sm" c="gray.7">
            Iniciada em {formatDateTime(bulk.criadaEm)}
            {bulk.concluidaEm ? `, concluída em ${formatDateTime(bulk.concluidaEm)}` : ''}. Código de correlação na
            auditoria: {bulk.correlacaoId}
          </Text>
          {bulk.estado === 'INTERROMPIDA' && (
            <Alert color="red" role="alert">
              O serviço parou antes do fim. Os pendentes não foram alterados: tente de novo.
            </Alert>
          )}
        </Stack>
      </Card>
      {bulk.estado === 'EM_ANDAMENTO' ? (
        <Text>Os resultados por estudante aparecem quando todos forem processados.</Text>
      ) : items.isPending ? (
        <Loading label="Carregando os resultados…" />
      ) : items.error ? (
        <ErrorState error={items.error} />
      ) : (
        <Stack gap="sm">
          <Group>
            <Button variant="outline" onClick={() => downloadText(resultCsv(rows), `acao-em-lote-${bulk.id}.csv`)}>
              Baixar resultado (CSV)
            </Button>
            {refused.length > 0 && (
              <Button onClick={() => setRetry(true)}>
                {refused.length === 1
                  ? 'Tentar de novo o recusado'
                  : `Tentar de novo os ${formatInteger(refused.length)} recusados`}
              </Button>
            )}
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder verticalSpacing={6}>
              <Table.Caption c="gray.8" fw={600} style={{ captionSide: 'top', textAlign: 'left' }}>
                Resultado por estudante ({formatInteger(rows.length)})
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Estudante</Table.Th>
                  <Table.Th scope="col">CPF</Table.Th>
                  <Table.Th scope="col">Resultado</Table.Th>
                  <Table.Th scope="col">Motivo da recusa</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.brbId} data-testid={`resultado-${r.brbId}`}>
                    <Table.Th scope="row" fw={400}>
                      {r.estudante ? (
                        <Anchor component={Link} to={`/contrato/${r.brbId}`} fz="sm">
                          {r.estudante}
                        </Anchor>
                      ) : (
                        `Entrada ${r.brbId}`
                      )}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.cpf ? maskCPF(r.cpf) : '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={COLOR[r.resultado]}>{BULK_RESULT_LABEL[r.resultado] ?? r.resultado}</Badge>
                    </Table.Td>
                    <Table.Td>{r.mensagem ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {retry && (
        <BulkDialog
          acao={bulk.acao}
          preset={bulk.dados}
          target={{
            brbIds: refused.map((r) => r.brbId),
            count: refused.length,
            names: refused.map((r) => r.estudante ?? `Entrada ${r.brbId}`),
          }}
          onClose={() => setRetry(false)}
        />
      )}
    </Stack>
  );
}
