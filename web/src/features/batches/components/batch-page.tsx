import { Anchor, Badge, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { PageControls } from '../../../components/page-controls.tsx';
import { Empty, ErrorState, Loading } from '../../../components/states.tsx';
import { formatCount, formatDateTime, formatInteger } from '../../../lib/format.ts';
import { BATCH_SOURCE_LABEL, BATCH_STATUS_LABEL, label } from '../../../lib/labels.ts';
import { type Batch, batchRowsFile, type Resultado, useBatchDetail } from '../api/batches.ts';
import { BatchRowsTable } from './batch-rows.tsx';
import { batchStatusColor } from './batches-page.tsx';
import { ResendPanel } from './resend-panel.tsx';

const FILTERS = [
  { value: 'TODAS', label: 'Todas' },
  { value: 'SUCESSO', label: 'Aceitas' },
  { value: 'ERRO', label: 'Com erro' },
  { value: 'PENDENTE', label: 'Pendentes' },
];
const FILTER_TEXT: Record<string, string> = { SUCESSO: 'aceita', ERRO: 'com erro', PENDENTE: 'pendente' };

const Back = () => (
  <Anchor component={Link} to="/lotes">
    ← Voltar a Meus lotes
  </Anchor>
);

/** One batch: who sent it and when, its counts, its rows (filtered by outcome), and the re-send of the refused ones. */
export function BatchPage() {
  const loteId = Number(useParams().loteId);
  // Another batch (e.g. the new one after a re-send) starts with its own filter and page.
  return <BatchView key={loteId} loteId={loteId} />;
}

function BatchView({ loteId }: { loteId: number }) {
  const [resultado, setResultado] = useState<Resultado | undefined>();
  const [pagina, setPagina] = useState(1);
  const detail = useBatchDetail(loteId, resultado, pagina);

  if (!Number.isInteger(loteId) || loteId <= 0 || (detail.error as { status?: number } | null)?.status === 404)
    return (
      <Stack>
        <Back />
        <Title order={1}>Lote não encontrado</Title>
        <Text>Este lote não existe ou não é da sua IE. Confira o número ou volte à lista de lotes.</Text>
      </Stack>
    );
  if (detail.isPending) return <Loading label="Carregando o lote…" />;
  if (detail.error)
    return (
      <Stack>
        <Back />
        <ErrorState error={detail.error} title="Não foi possível carregar o lote" />
      </Stack>
    );

  const { lote, linhas } = detail.data;
  const refused = lote.contagens.erro + lote.contagens.recusadas;
  const filterLabel = resultado ? FILTER_TEXT[resultado] : null;
  return (
    <Stack>
      <Back />
      <Group justify="space-between" align="flex-start">
        <Title order={1}>Lote {lote.loteId}</Title>
        <Badge size="lg" color={batchStatusColor(lote.status)}>
          {label(BATCH_STATUS_LABEL, lote.status)}
        </Badge>
      </Group>
      <Summary lote={lote} />
      {refused > 0 && <ResendPanel loteId={lote.loteId} refused={refused} />}
      <Title order={2} size="h3">
        Linhas
      </Title>
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label="Mostrar linhas"
          data={FILTERS}
          value={resultado ?? 'TODAS'}
          onChange={(v) => {
            setResultado(v === 'TODAS' ? undefined : (v as Resultado));
            setPagina(1);
          }}
        />
        <ExportMenu
          name={`lote-${lote.loteId}`}
          what={`as linhas do lote ${lote.loteId}`}
          request={batchRowsFile(lote.loteId, resultado)}
        />
      </Group>
      {linhas.total === 0 ? (
        <Empty>Nenhuma linha{filterLabel ? ` ${filterLabel}` : ''} neste lote.</Empty>
      ) : (
        <div aria-busy={detail.isFetching}>
          <BatchRowsTable
            loteId={lote.loteId}
            rows={linhas.itens}
            caption={`Linhas do lote ${lote.loteId}${filterLabel ? ` (${filterLabel})` : ''}, na ordem da planilha`}
          />
          <Group justify="space-between" mt="sm">
            <Text size="sm">{formatCount(linhas.total, 'linha', 'linhas')}</Text>
            {linhas.totalPaginas > 1 && (
              <PageControls pages={linhas.totalPaginas} page={linhas.pagina} onChange={setPagina} />
            )}
          </Group>
        </div>
      )}
    </Stack>
  );
}

function Summary({ lote }: { lote: Batch }) {
  const c = lote.contagens;
  const items: [string, string][] = [
    ['Enviado em', formatDateTime(lote.enviadoEm)],
    ['Enviado por', lote.enviadoPor.nome ?? lote.enviadoPor.sub],
    ['Fonte', `${label(BATCH_SOURCE_LABEL, lote.fonte)}${lote.reenvio ? ' (reenvio)' : ''}`],
    ['Arquivo', lote.arquivo?.nome ?? '—'],
    ['Processado em', formatDateTime(lote.processadoEm)],
    ['Linhas', formatInteger(c.total)],
    ['Aceitas', formatInteger(c.sucesso)],
    ['Com erro', formatInteger(c.erro)],
    ['Pendentes', formatInteger(c.pendente)],
    ['Aceitas pela Fundação', formatInteger(c.aceitas)],
    ['Recusadas pela Fundação', formatInteger(c.recusadas)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" spacing="xs" m={0} data-testid="resumo-lote">
      {items.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="gray.7">
            {term}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
