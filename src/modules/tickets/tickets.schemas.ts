import { Type } from '@sinclair/typebox';
import { Id, Page, Paging, StrictObject } from '../../http/schemas.js';
import { TICKET_STATUSES } from './tickets.tables.js';

/** Reference list of ticket types; each row's dados.motivoEspera is a code of list 'motivo-espera'. */
export const TICKET_TYPE_LIST = 'tipo-ticket';

export const TicketTypeChangeSchema = StrictObject(
  {
    idTicket: Id('Service ticket id'),
    tipo: Type.String({
      pattern: '^[A-Z][A-Z0-9_]{0,49}$',
      description:
        "New ticket type: a code of reference list 'tipo-ticket' (DUVIDA, DOCUMENTACAO, CORRECAO_VALORES, " +
        'SUPORTE_TECNICO). An unknown code is 400 naming the allowed ones.',
    }),
  },
  { $id: 'TicketTypeChange', description: 'Change the type of a service ticket attached to a request' },
);

export const ServiceTicketSchema = Type.Object(
  {
    id: Type.Integer(),
    idSolicitacao: Type.Integer({ description: 'Request (solicitação) the ticket is attached to' }),
    idProcesso: Type.Integer({ description: "The request's renewal process (its timeline has the change)" }),
    brbId: Type.Integer({ description: "The request's journey entry" }),
    ieId: Type.Integer(),
    tipo: Type.String({ description: "Ticket type, a code of reference list 'tipo-ticket'" }),
    tipoAnterior: Type.Union([Type.String(), Type.Null()], {
      description: 'Type before this call; null when the call changed nothing (same type again)',
    }),
    assunto: Type.String(),
    status: Type.Union(TICKET_STATUSES.map((s) => Type.Literal(s))),
    motivoEspera: Type.Union([Type.String(), Type.Null()], {
      description: "The request's waiting reason (a code of /motivo-espera) after the call",
    }),
    alterado: Type.Boolean({ description: 'false when the ticket already had this type (idempotent call)' }),
    atualizadoEm: Type.String({ format: 'date-time' }),
  },
  { $id: 'ServiceTicket' },
);

const TicketType = (description: string) => Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,49}$', description });

export const TicketStatusSchema = Type.Union(
  TICKET_STATUSES.map((s) => Type.Literal(s)),
  { $id: 'TicketStatus', description: 'ABERTO, EM_ATENDIMENTO (being answered) or FECHADO' },
);

export const TicketSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    idSolicitacao: Type.Integer({ description: 'Request (solicitação) the ticket is attached to' }),
    idProcesso: Type.Integer({ description: "The request's renewal process" }),
    brbId: Type.Integer({ description: "The request's journey entry (the contract page)" }),
    ieId: Type.Integer(),
    nomeEstudante: Type.String({ description: "The entry's student" }),
    tipo: Type.String({ description: "Ticket type, a code of reference list 'tipo-ticket'" }),
    assunto: Type.String(),
    status: Type.Ref(TicketStatusSchema),
    statusSolicitacao: Type.Union(
      ['EM_ANDAMENTO', 'CONCLUIDA', 'CANCELADA', 'RECUSADA'].map((s) => Type.Literal(s)),
      { description: "The request's status; the type can change only while it is EM_ANDAMENTO" },
    ),
    motivoEspera: Type.Union([Type.String(), Type.Null()], { description: "The request's waiting reason" }),
    criadoEm: Type.String({ format: 'date-time' }),
    atualizadoEm: Type.String({ format: 'date-time' }),
  },
  { $id: 'TicketSummary', description: "A service ticket of the caller's IEs, with its request and student" },
);

export const TicketPageSchema = Page(Type.Ref(TicketSummarySchema), 'TicketPage');

export const TicketListQuery = Type.Object(
  {
    ...Paging,
    tipo: Type.Optional(TicketType("Only tickets of this type (a code of reference list 'tipo-ticket')")),
    situacao: Type.Optional(Type.Ref(TicketStatusSchema)),
    brbId: Type.Optional(Id("Only tickets of this journey entry's requests")),
  },
  { additionalProperties: false },
);

export const TicketParams = Type.Object({ idTicket: Id('Service ticket id') }, { additionalProperties: false });

export const ticketSchemas = [
  TicketTypeChangeSchema,
  ServiceTicketSchema,
  TicketStatusSchema,
  TicketSummarySchema,
  TicketPageSchema,
];
