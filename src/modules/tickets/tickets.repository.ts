import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

type Conn = Kysely<Database>;

/** The ticket with its request, both locked: the type, the waiting reason and the timeline change together. */
export async function lockTicket(trx: Conn, caller: Caller, id: number) {
  const ticket = await trx
    .selectFrom('ticket')
    .select(['id', 'solicitacao_id', 'ie_id', 'tipo', 'assunto', 'status', 'updated_at'])
    .where('id', '=', id)
    .where((eb) => inCallerIes(eb, 'ticket.ie_id', caller))
    .forUpdate()
    .executeTakeFirst();
  if (!ticket) return undefined;
  const request = await trx
    .selectFrom('solicitacao')
    .select(['id', 'processo_id', 'entrada_id', 'ie_id', 'status', 'motivo_espera'])
    .where('id', '=', ticket.solicitacao_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { ticket, request };
}

export type LockedTicket = NonNullable<Awaited<ReturnType<typeof lockTicket>>>;

export function updateType(trx: Conn, id: number, tipo: string) {
  return trx
    .updateTable('ticket')
    .set({ tipo, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(['updated_at'])
    .executeTakeFirstOrThrow();
}

export async function setWaitingReason(trx: Conn, solicitacaoId: number, motivoEspera: string | null) {
  await trx.updateTable('solicitacao').set({ motivo_espera: motivoEspera }).where('id', '=', solicitacaoId).execute();
}

export async function addTimelineEvent(
  trx: Conn,
  event: { processoId: number; entradaId: number; ieId: number; usuario: string; usuarioNome: string },
  detalhes: Record<string, unknown>,
) {
  await trx
    .insertInto('evento_timeline')
    .values({
      processo_id: event.processoId,
      entrada_id: event.entradaId,
      ie_id: event.ieId,
      acao: 'ALTERACAO_TIPO_TICKET',
      usuario: event.usuario,
      usuario_nome: event.usuarioNome,
      detalhes: JSON.stringify(detalhes),
    })
    .execute();
}

export interface TicketFilter {
  tipo?: string;
  situacao?: string;
  brbId?: number;
}

/** Tickets of the caller's IEs with their request and the entry's student; the one query both reads use. */
function visibleTickets(db: Conn, caller: Caller, filter: TicketFilter) {
  return db
    .selectFrom('ticket')
    .innerJoin('solicitacao', 'solicitacao.id', 'ticket.solicitacao_id')
    .innerJoin('entrada_jornada', 'entrada_jornada.id', 'solicitacao.entrada_id')
    .innerJoin('estudante', 'estudante.id', 'entrada_jornada.estudante_id')
    .where((eb) => inCallerIes(eb, 'ticket.ie_id', caller))
    .$if(filter.tipo !== undefined, (q) => q.where('ticket.tipo', '=', filter.tipo!))
    .$if(filter.situacao !== undefined, (q) => q.where('ticket.status', '=', filter.situacao as never))
    .$if(filter.brbId !== undefined, (q) => q.where('solicitacao.entrada_id', '=', filter.brbId!));
}

const SUMMARY_COLUMNS = [
  'ticket.id',
  'ticket.ie_id',
  'ticket.tipo',
  'ticket.assunto',
  'ticket.status',
  'ticket.created_at',
  'ticket.updated_at',
  'solicitacao.id as solicitacao_id',
  'solicitacao.processo_id',
  'solicitacao.entrada_id',
  'solicitacao.status as solicitacao_status',
  'solicitacao.motivo_espera',
  'estudante.nome as estudante_nome',
] as const;

/** A page of tickets, most recently changed first (id breaks ties so pages never overlap). */
export async function listTickets(db: Conn, caller: Caller, filter: TicketFilter & { offset: number; limit: number }) {
  const itens = await visibleTickets(db, caller, filter)
    .select(SUMMARY_COLUMNS)
    .orderBy('ticket.updated_at', 'desc')
    .orderBy('ticket.id', 'desc')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  const { total } = await visibleTickets(db, caller, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return { itens, total: Number(total) };
}

export type TicketRow = Awaited<ReturnType<typeof listTickets>>['itens'][number];

export function findTicket(db: Conn, caller: Caller, id: number) {
  return visibleTickets(db, caller, {}).select(SUMMARY_COLUMNS).where('ticket.id', '=', id).executeTakeFirst();
}
