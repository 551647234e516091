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
