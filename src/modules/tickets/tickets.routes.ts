import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import * as schemas from './tickets.schemas.js';
import * as service from './tickets.service.js';

const tags = ['Tickets'];
const Summary = Type.Ref(schemas.TicketSummarySchema);

async function routes(app: App) {
  app.get(
    '/s/v2/tickets',
    {
      schema: {
        operationId: 'listTickets',
        summary: "Service tickets of the caller's IEs, most recently changed first, paged; filter by type and status",
        description:
          "Each ticket with its request (status, waiting reason) and the entry's student, so staff can find the " +
          'one to act on. Tickets of other IEs are never listed (an operator sees all). `tipo` is a code of ' +
          "reference list 'tipo-ticket' (an unknown code matches nothing); `situacao` the ticket's status; " +
          '`brbId` the tickets of one contract entry.',
        tags,
        querystring: schemas.TicketListQuery,
        response: responses({ 200: Type.Ref(schemas.TicketPageSchema) }),
      },
    },
    async (request) => service.list(app.db, request.caller, request.query),
  );

  app.get(
    '/s/v2/tickets/:idTicket',
    {
      schema: {
        operationId: 'getTicket',
        summary: 'One service ticket with its request and student',
        description: "Another IE's ticket answers 404 like an unknown id.",
        tags,
        params: schemas.TicketParams,
        response: responses({ 200: Summary }, [404]),
      },
    },
    async (request) => service.get(app.db, request.caller, request.params.idTicket),
  );

  app.put(
    '/atualizar-tipo-ticket',
    {
      schema: {
        operationId: 'updateTicketType',
        summary: 'Change the type of a service ticket attached to a request (solicitação)',
        description:
          "Ticket types are reference list 'tipo-ticket'; each names the waiting reason (motivo-espera) of the " +
          "request while the ticket has that type. Effect, in one transaction: the ticket's type changes, the " +
          "request's motivoEspera becomes the new type's, and the process timeline gets an ALTERACAO_TIPO_TICKET " +
          'event with the previous and new types (detalhes.de / detalhes.para). The same type again answers 200 ' +
          "with alterado=false and writes nothing. Unknown tipo: 400 naming the allowed codes. Another IE's " +
          'ticket: 404. A closed ticket, or a request no longer in progress: 409.',
        tags,
        body: Type.Ref(schemas.TicketTypeChangeSchema),
        response: responses({ 200: Type.Ref(schemas.ServiceTicketSchema) }, [404, 409]),
      },
    },
    async (request) => service.changeType(app.db, request.caller, request.body),
  );
}

export const ticketsModule: Module = { name: 'tickets', schemas: schemas.ticketSchemas, routes };
