import {
  Badge,
  Button,
  Group,
  ScrollArea,
  Select,
  Stack,
  Table,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { fieldError, hint } from '../../../components/field-text.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatDateTime, formatInteger, maskDate, toApiDate } from '../../../lib/format.ts';
import { FONTE_LABEL, LOTE_STATUS_LABEL, labelOf } from '../../../lib/labels.ts';
import { type BatchFilters, useIes, useOperatorBatches } from '../api/batches.ts';
import { BatchRows } from './batch-rows.tsx';
import { Pager } from './pager.tsx';

/** dd/mm/aaaa → yyyy-mm-dd, or null. */
const iso = (text: string) => toApiDate(text)?.split('-').reverse().join('-') ?? null;

/**
 * Every IE's values batches, filtered by IE, status and the day they were sent; each shows the
 * rows awaiting the foundation's decision, and opening one shows its rows to decide.
 */
export function BatchesPanel() {
  const [pagina, setPagina] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [ie, setIe] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>('EM_PROCESSAMENTO');
  const [de, setDe] = useState('');
  const [ate, setAte] = useState('');
  const ies = useIes();
  const bad = (text: string) => (text && !iso(text) ? 'Use dd/mm/aaaa, por exemplo 05/11/2026.' : null);
  const filters: BatchFilters = {
    ieId: ie ? Number(ie) : undefined,
    status: (status || undefined) as BatchFilters['status'],
    de: (de && iso(de)) || undefined,
    ate: (ate && iso(ate)) || undefined,
  };
  const batches = useOperatorBatches(filters, pagina);
  const reset = () => setPagina(1);

  return (
    <Stack>
      <Title order={2} size="h3">
        Lotes a processar
      </Title>
      <Group align="flex-start" className="filtros" wrap="wrap">
        <Select
          label="IE"
          description={hint('Todas, ou uma IE')}
          placeholder="Todas as IEs"
          clearable
          searchable
          data={(ies.data ?? []).map((i) => ({ value: String(i.id), label: `${i.sigla} — ${i.nome}` }))}
          value={ie}
          onChange={(v) => {
            setIe(v);
            reset();
          }}
          w={260}
        />
        <Select
          label="Situação do lote"
          description={hint('Em processamento: há linhas a decidir')}
          placeholder="Todas"
          clearable
          data={Object.entries(LOTE_STATUS_LABEL).map(([value, label]) => ({ value, label }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            reset();
          }}
          w={220}
        />
        <TextInput
          label="Enviado de"
          description={hint('dd/mm/aaaa')}
          inputMode="numeric"
          value={de}
          onChange={(e) => {
            setDe(maskDate(e.currentTarget.value));
            reset();
          }}
          error={fieldError(bad(de))}
          w={150}
        />
        <TextInput
          label="até"
          description={hint('dd/mm/aaaa')}
          inputMode="numeric"
          value={ate}
          onChange={(e) => {
            setAte(maskDate(e.currentTarget.value));
            reset();
          }}
          error={fieldError(bad(ate))}
          w={150}
        />
      </Group>
      <QueryState query={batches} loading="Carregando lotes…">
        {(page) =>
          page.total === 0 ? (
            <Empty>Nenhum lote com estes filtros.</Empty>
          ) : (
            <>
              <ScrollArea type="auto" className="tabela-rolavel">
                <Table striped withTableBorder miw={760}>
                  <caption className="legenda">Lotes enviados pelas IEs, do mais recente ao mais antigo</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Lote</Table.Th>
                      <Table.Th scope="col">IE</Table.Th>
                      <Table.Th scope="col">Origem</Table.Th>
                      <Table.Th scope="col">Enviado em</Table.Th>
                      <Table.Th scope="col">Situação</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Linhas
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Aguardando
                      </Table.Th>
                      <Table.Th scope="col">
                        <VisuallyHidden>Ações</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.itens.map((b) => (
                      <Table.Tr key={b.loteId} data-testid={`lote-${b.loteId}`} aria-selected={open === b.loteId}>
                        <Table.Th scope="row">{b.loteId}</Table.Th>
                        <Table.Td>{b.ies.map((i) => i.sigla).join(', ') || '—'}</Table.Td>
                        <Table.Td>
                          {labelOf(FONTE_LABEL, b.fonte)}
                          {b.reenvio ? ' (reenvio)' : ''}
                        </Table.Td>
                        <Table.Td>{formatDateTime(b.enviadoEm)}</Table.Td>
                        <Table.Td>{labelOf(LOTE_STATUS_LABEL, b.status)}</Table.Td>
                        <Table.Td ta="right">{formatInteger(b.total)}</Table.Td>
                        <Table.Td ta="right" data-testid={`aguardando-${b.loteId}`}>
                          {b.aguardando > 0 ? (
                            <Badge color="blue.9">{formatInteger(b.aguardando)}</Badge>
                          ) : (
                            formatInteger(0)
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-sm"
                            variant={open === b.loteId ? 'filled' : 'light'}
                            onClick={() => setOpen(open === b.loteId ? null : b.loteId)}
                            aria-expanded={open === b.loteId}
                            aria-label={`${open === b.loteId ? 'Fechar' : 'Abrir'} lote ${b.loteId}`}
                          >
                            {open === b.loteId ? 'Fechar' : 'Abrir'}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
              <Pager
                total={formatInteger(page.total)}
                noun={page.total === 1 ? 'lote' : 'lotes'}
                pages={page.totalPaginas}
                page={page.pagina}
                onChange={setPagina}
              />
            </>
          )
        }
      </QueryState>
      {open !== null && <BatchRows key={open} loteId={open} />}
    </Stack>
  );
}
