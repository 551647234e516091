import { Anchor, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { fieldError } from '../../../components/field-text.tsx';
import type { components } from '../../../lib/api/client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { labelOf, MOTIVO_ESPERA_LABEL } from '../../../lib/labels.ts';
import { useChangeTicketType } from '../api/tickets.ts';
import { REQUEST_STATUS, STATUS, TYPE_OPTIONS, typeLabel } from './ticket-labels.ts';

type Ticket = components['schemas']['TicketSummary'];

/**
 * One ticket with its type change. The chosen type stays selected when the API refuses it, with
 * the API's message under the control; a closed ticket or a finished request cannot change.
 */
export function TicketRow({ ticket }: { ticket: Ticket }) {
  const change = useChangeTicketType();
  const [tipo, setTipo] = useState(ticket.tipo);
  const open = ticket.status !== 'FECHADO' && ticket.statusSolicitacao === 'EM_ANDAMENTO';
  const done = change.data && !change.error ? change.data : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ idTicket: ticket.id, tipo });
  };

  return (
    <Table.Tr data-testid={`ticket-${ticket.id}`}>
      <Table.Td>{ticket.id}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Anchor component={Link} to={`/contrato/${ticket.brbId}`}>
            {ticket.nomeEstudante}
          </Anchor>
          <Text size="sm" c="gray.7">
            {ticket.assunto}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{STATUS[ticket.status] ?? ticket.status}</Table.Td>
      <Table.Td>
        {REQUEST_STATUS[ticket.statusSolicitacao] ?? ticket.statusSolicitacao}
        {ticket.motivoEspera && (
          <Text size="sm" c="gray.7">
            {labelOf(MOTIVO_ESPERA_LABEL, ticket.motivoEspera)}
          </Text>
        )}
      </Table.Td>
      <Table.Td className="nowrap">{formatDateTime(ticket.atualizadoEm)}</Table.Td>
      <Table.Td>
        {open ? (
          <form onSubmit={submit} noValidate>
            <Group gap="xs" align="flex-start" wrap="wrap" className="ticket-tipo">
              <NativeSelect
                miw={190}
                aria-label={`Tipo do ticket ${ticket.id}`}
                value={tipo}
                onChange={(e) => setTipo(e.currentTarget.value)}
                data={TYPE_OPTIONS}
                error={fieldError(change.error?.message)}
              />
              <Button type="submit" variant="default" loading={change.isPending} disabled={tipo === ticket.tipo}>
                Alterar
              </Button>
            </Group>
            {done?.alterado && (
              <Text size="sm" role="status">
                Tipo alterado de {typeLabel(done.tipoAnterior)} para {typeLabel(done.tipo)}.
              </Text>
            )}
          </form>
        ) : (
          <Text>{typeLabel(ticket.tipo)}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
