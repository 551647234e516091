import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { listReference } from '../reference/reference.repository.js';
import * as repo from './tickets.repository.js';
import {
  type ServiceTicketSchema,
  TICKET_TYPE_LIST,
  type TicketListQuery,
  type TicketSummarySchema,
  type TicketTypeChangeSchema,
} from './tickets.schemas.js';

type Ticket = Static<typeof ServiceTicketSchema>;

function toTicket(
  { ticket, request }: repo.LockedTicket,
  change: { tipoAnterior: string | null; motivoEspera: string | null; updatedAt: Date },
): Ticket {
  return {
    id: ticket.id,
    idSolicitacao: request.id,
    idProcesso: request.processo_id,
    brbId: request.entrada_id,
    ieId: ticket.ie_id,
    tipo: ticket.tipo,
    tipoAnterior: change.tipoAnterior,
    assunto: ticket.assunto,
    status: ticket.status,
    motivoEspera: change.motivoEspera,
    alterado: change.tipoAnterior !== null,
    atualizadoEm: change.updatedAt.toISOString(),
  };
}

/**
 * Changes a ticket's type. The request's waiting reason becomes the new type's (dados.motivoEspera
 * of list 'tipo-ticket') and the process timeline gets an ALTERACAO_TIPO_TICKET event, all in one
 * transaction with the ticket and its request locked. The same type again changes nothing.
 */
export async function changeType(db: Db, caller: Caller, body: Static<typeof TicketTypeChangeSchema>) {
  const types = await listReference(db, TICKET_TYPE_LIST);
  const type = types.find((t) => t.codigo === body.tipo);
  if (!type) {
    throw invalidField('/body/tipo', `must be one of ${types.map((t) => t.codigo).join(', ')}`);
  }
  const motivoEspera = typeof type.dados.motivoEspera === 'string' ? type.dados.motivoEspera : null;

  return db.transaction().execute(async (trx) => {
    const locked = await repo.lockTicket(trx, caller, body.idTicket);
    if (!locked) throw notFound(t(`Ticket ${body.idTicket} não encontrado.`, `Ticket ${body.idTicket} not found.`));
    const { ticket, request } = locked;
    if (ticket.tipo === body.tipo) {
      return toTicket(locked, {
        tipoAnterior: null,
        motivoEspera: request.motivo_espera,
        updatedAt: ticket.updated_at,
      });
    }
    if (ticket.status === 'FECHADO') {
      throw conflict(
        t(
          `O ticket ${ticket.id} está fechado; abra um ticket novo em vez de mudar o tipo dele.`,
          `Ticket ${ticket.id} is closed; open a new ticket instead of changing its type.`,
        ),
        {
          statusTicket: ticket.status,
        },
      );
    }
    if (request.status !== 'EM_ANDAMENTO') {
      throw conflict(
        t(
          `A solicitação ${request.id} do ticket ${ticket.id} está ${request.status}, não mais em andamento; o tipo do ticket ` +
            'não pode mudar.',
          `Request ${request.id} of ticket ${ticket.id} is ${request.status}, no longer in progress; its ticket type ` +
            'cannot change.',
        ),
        { statusSolicitacao: request.status },
      );
    }
    const { updated_at } = await repo.updateType(trx, ticket.id, body.tipo);
    await repo.setWaitingReason(trx, request.id, motivoEspera);
    await repo.addTimelineEvent(
      trx,
      {
        processoId: request.processo_id,
        entradaId: request.entrada_id,
        ieId: ticket.ie_id,
        usuario: caller.sub,
        usuarioNome: caller.name,
      },
      {
        idTicket: ticket.id,
        idSolicitacao: request.id,
        de: ticket.tipo,
        para: body.tipo,
        motivoEsperaAnterior: request.motivo_espera,
        motivoEspera,
      },
    );
    return toTicket(
      { ticket: { ...ticket, tipo: body.tipo }, request },
      { tipoAnterior: ticket.tipo, motivoEspera, updatedAt: updated_at },
    );
  });
}

type Summary = Static<typeof TicketSummarySchema>;

function toSummary(row: repo.TicketRow): Summary {
  return {
    id: row.id,
    idSolicitacao: row.solicitacao_id,
    idProcesso: row.processo_id,
    brbId: row.entrada_id,
    ieId: row.ie_id,
    nomeEstudante: row.estudante_nome,
    tipo: row.tipo,
    assunto: row.assunto,
    status: row.status,
    statusSolicitacao: row.solicitacao_status,
    motivoEspera: row.motivo_espera,
    criadoEm: row.created_at.toISOString(),
    atualizadoEm: row.updated_at.toISOString(),
  };
}

/** The caller's tickets, a page at a time, filtered by type, status or contract entry. */
export async function list(db: Db, caller: Caller, query: Static<typeof TicketListQuery>) {
  const { pagina = 1, tamanho = 20, ...filter } = query;
  const { itens, total } = await repo.listTickets(db, caller, {
    ...filter,
    offset: (pagina - 1) * tamanho,
    limit: tamanho,
  });
  return { itens: itens.map(toSummary), pagina, tamanho, total, totalPaginas: Math.ceil(total / tamanho) };
}

/** One ticket; another IE's answers 404 like an unknown id. */
export async function get(db: Db, caller: Caller, id: number) {
  const row = await repo.findTicket(db, caller, id);
  if (!row) throw notFound(t(`Ticket ${id} não encontrado.`, `Ticket ${id} not found.`));
  return toSummary(row);
}
