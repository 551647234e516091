import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { fieldError } from '../../../components/field-text.tsx';
import { ApiError, fieldErrors, generalMessage } from '../../../lib/api/problem.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useChangeTicketType } from '../api/tickets.ts';

/** The types of reference list 'tipo-ticket' (the operation's schema names them). */
const TYPES: Record<string, string> = {
  DUVIDA: 'Dúvida',
  DOCUMENTACAO: 'Documentação',
  CORRECAO_VALORES: 'Correção de valores',
  SUPORTE_TECNICO: 'Suporte técnico',
};
const STATUS: Record<string, string> = { ABERTO: 'Aberto', EM_ATENDIMENTO: 'Em atendimento', FECHADO: 'Fechado' };
const FIELDS = ['idTicket', 'tipo'];
const label = (code: string | null | undefined) => (code ? (TYPES[code] ?? code) : '—');

/**
 * Tickets: change the type of a service ticket attached to a request. The type names the
 * request's waiting reason, and the change goes on the contract's timeline.
 */
export function TicketsPage() {
  const change = useChangeTicketType();
  const [idTicket, setIdTicket] = useState('');
  const [tipo, setTipo] = useState('DUVIDA');
  const [local, setLocal] = useState<string | null>(null);
  const problem = change.error instanceof ApiError ? change.error.problem : undefined;
  const remote = fieldErrors(problem, FIELDS);
  const general = problem ? generalMessage(problem, FIELDS) : (change.error?.message ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(idTicket);
    if (!/^\d+$/.test(idTicket) || id < 1) {
      setLocal('Informe o número do ticket.');
      return;
    }
    setLocal(null);
    change.mutate({ idTicket: id, tipo });
  };

  const ticket = change.data;
  return (
    <Stack>
      <Title order={1}>Tickets</Title>
      <Text c="gray.7">
        Os tickets de atendimento ficam nas solicitações em andamento de cada contrato. O tipo do ticket define o motivo
        de espera da solicitação.
      </Text>
      <Card withBorder component="section" aria-labelledby="tipo-ticket-titulo">
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Title order={2} size="h4" id="tipo-ticket-titulo">
              Alterar o tipo de um ticket
            </Title>
            <Group align="flex-start" grow maw={560}>
              <TextInput
                label="Ticket"
                inputMode="numeric"
                required
                value={idTicket}
                onChange={(e) => setIdTicket(e.currentTarget.value.replace(/\D/g, ''))}
                error={fieldError(local ?? remote.idTicket)}
              />
              <NativeSelect
                label="Novo tipo"
                value={tipo}
                onChange={(e) => setTipo(e.currentTarget.value)}
                data={Object.entries(TYPES).map(([value, text]) => ({ value, label: text }))}
                error={fieldError(remote.tipo)}
              />
            </Group>
            {general && (
              <Alert color="red" role="alert" data-testid="erro-ticket">
                {general}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={change.isPending}>
                Alterar tipo
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {ticket && !change.error && (
        <Card withBorder component="section" aria-labelledby="ticket-resultado" data-testid="ticket-alterado">
          <Stack gap="xs">
            <Title order={2} size="h4" id="ticket-resultado">
              Ticket {ticket.id}: {ticket.assunto}
            </Title>
            <Text role="status">
              {ticket.alterado
                ? `Tipo alterado de ${label(ticket.tipoAnterior)} para ${label(ticket.tipo)}.`
                : `O ticket já era do tipo ${label(ticket.tipo)}; nada mudou.`}
            </Text>
            <Table withTableBorder aria-label={`Ticket ${ticket.id}`}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">Situação</Table.Th>
                  <Table.Td>{STATUS[ticket.status] ?? ticket.status}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Motivo de espera da solicitação</Table.Th>
                  <Table.Td>{ticket.motivoEspera ?? '—'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Solicitação</Table.Th>
                  <Table.Td>{ticket.idSolicitacao}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Atualizado em</Table.Th>
                  <Table.Td>{formatDateTime(ticket.atualizadoEm)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Anchor component={Link} to={`/contrato/${ticket.brbId}`}>
              Abrir o contrato (linha do tempo)
            </Anchor>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
