import type { Db } from '../../src/db/database.js';
import { type NewNotification, notify } from '../../src/modules/notifications/notify.js';
import type { TicketStatus } from '../../src/modules/tickets/tickets.tables.js';
import type { TestEntry, TestIe } from './factories.js';

let sequence = 0;

/**
 * A notification recorded through notify(), as the modules that cause them do. `createdAt` moves
 * it in time (for ordering and period filters). Returns its id.
 */
export async function createNotification(
  db: Db,
  ie: Pick<TestIe, 'ieId'>,
  options: Partial<Omit<NewNotification, 'ieId'>> & { createdAt?: string } = {},
): Promise<number> {
  const titulo = options.titulo ?? `Notificação de teste ${++sequence}-${Math.random().toString(36).slice(2, 8)}`;
  await notify(db, [
    {
      ieId: ie.ieId,
      usuario: options.usuario,
      tipo: options.tipo ?? 'LOTE_PROCESSADO',
      titulo,
      mensagem: options.mensagem ?? `Mensagem de ${titulo}`,
      dados: options.dados ?? { lote: sequence },
    },
  ]);
  const { id } = await db
    .selectFrom('notificacao')
    .select('id')
    .where('ie_id', '=', ie.ieId)
    .where('titulo', '=', titulo)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (options.createdAt) {
    await db
      .updateTable('notificacao')
      .set({ created_at: new Date(options.createdAt) })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

export interface TestTicket {
  ticketId: number;
  solicitacaoId: number;
}

/** An in-progress request (solicitação) on the entry's process with a service ticket attached. */
export async function createTicket(
  db: Db,
  ie: Pick<TestIe, 'ieId'>,
  entry: TestEntry,
  options: { tipo?: string; status?: TicketStatus; motivoEspera?: string | null } = {},
): Promise<TestTicket> {
  const { id: solicitacaoId } = await db
    .insertInto('solicitacao')
    .values({
      processo_id: entry.processoId,
      entrada_id: entry.brbId,
      ie_id: ie.ieId,
      tipo: 'ENVIO_VALORES',
      motivo_espera: options.motivoEspera ?? null,
      criada_por: 'factory',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: ticketId } = await db
    .insertInto('ticket')
    .values({
      solicitacao_id: solicitacaoId,
      ie_id: ie.ieId,
      tipo: options.tipo ?? 'DUVIDA',
      assunto: 'Dúvida sobre os valores enviados',
      status: options.status ?? 'ABERTO',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ticketId, solicitacaoId };
}
