import { Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageControls } from '../../../components/page-controls.tsx';
import { Empty, QueryState } from '../../../components/states.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { type TicketQuery, useTickets } from '../api/tickets.ts';
import { STATUS, TYPE_OPTIONS } from './ticket-labels.ts';
import { TicketRow } from './ticket-row.tsx';

const PAGE_SIZE = 20;
const ALL = { value: '', label: 'Todos' };

/**
 * Tickets: the service tickets of the IE's requests in progress, newest change first, filtered by
 * type and status, each with its type change. The type names the request's waiting reason, and
 * the change goes on the contract's timeline.
 */
export function TicketsPage() {
  const [tipo, setTipo] = useState('');
  const [situacao, setSituacao] = useState('');
  const [pagina, setPagina] = useState(1);
  const query: TicketQuery = {
    pagina,
    tamanho: PAGE_SIZE,
    ...(tipo ? { tipo } : {}),
    ...(situacao ? { situacao: situacao as TicketQuery['situacao'] } : {}),
  };
  const tickets = useTickets(query);
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPagina(1);
  };

  return (
    <Stack>
      <Title order={1}>Tickets</Title>
      <Text c="gray.7">
        Os tickets de atendimento ficam nas solicitações de cada contrato. O tipo do ticket define o motivo de espera da
        solicitação; só muda enquanto o ticket não está fechado e a solicitação está em andamento.
      </Text>
      <Group align="flex-end">
        <NativeSelect
          label="Tipo"
          value={tipo}
          onChange={(e) => filter(setTipo)(e.currentTarget.value)}
          data={[ALL, ...TYPE_OPTIONS]}
        />
        <NativeSelect
          label="Situação"
          value={situacao}
          onChange={(e) => filter(setSituacao)(e.currentTarget.value)}
          data={[ALL, ...Object.entries(STATUS).map(([value, label]) => ({ value, label }))]}
        />
      </Group>
      <QueryState query={tickets} loading="Carregando tickets…">
        {(page) =>
          page.itens.length === 0 ? (
            <Empty>Nenhum ticket com esses filtros.</Empty>
          ) : (
            <Stack>
              <Text data-testid="total-tickets">
                {formatInteger(page.total)} {page.total === 1 ? 'ticket' : 'tickets'}
              </Text>
              <Table.ScrollContainer minWidth={1000}>
                <Table striped aria-label="Tickets" layout="auto">
                  <caption className="legenda">
                    Tickets das solicitações em andamento, da alteração mais recente à mais antiga
                  </caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Ticket</Table.Th>
                      <Table.Th scope="col">Estudante e assunto</Table.Th>
                      <Table.Th scope="col">Situação</Table.Th>
                      <Table.Th scope="col">Solicitação</Table.Th>
                      <Table.Th scope="col">Atualizado em</Table.Th>
                      <Table.Th scope="col" miw={300}>
                        Tipo
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.itens.map((ticket) => (
                      <TicketRow key={ticket.id} ticket={ticket} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {page.totalPaginas > 1 && <PageControls pages={page.totalPaginas} page={pagina} onChange={setPagina} />}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
