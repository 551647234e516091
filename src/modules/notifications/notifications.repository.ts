import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import type { NotificationKind } from './notify.js';

type Conn = Kysely<Database>;

/** Calendar days of the filters are days in Brazil, where the IE users work. */
const ZONE = 'America/Sao_Paulo';

/**
 * Notifications the caller may see: of the caller's IEs, addressed to every user of the IE
 * (usuario null) or to the caller, joined with the caller's own viewed/closed state.
 */
function visible(db: Conn, caller: Caller) {
  return db
    .selectFrom('notificacao as n')
    .leftJoin('notificacao_estado as e', (join) =>
      join.onRef('e.notificacao_id', '=', 'n.id').on('e.usuario', '=', caller.sub),
    )
    .where((eb) => inCallerIes(eb, 'n.ie_id', caller))
    .where((eb) => eb.or([eb('n.usuario', 'is', null), eb('n.usuario', '=', caller.sub)]));
}

const COLUMNS = [
  'n.id',
  'n.ie_id',
  'n.usuario',
  'n.tipo',
  'n.titulo',
  'n.mensagem',
  'n.dados',
  'n.created_at',
  'e.visualizada_em',
  'e.modal_fechada_em',
] as const;

export type NotificationRow = NonNullable<Awaited<ReturnType<typeof findVisible>>>;

export function findVisible(db: Conn, caller: Caller, id: number) {
  return visible(db, caller).select(COLUMNS).where('n.id', '=', id).executeTakeFirst();
}

export async function current(db: Db, caller: Caller, limit: number) {
  const open = visible(db, caller).where('e.modal_fechada_em', 'is', null);
  const itens = await open
    .select(COLUMNS)
    .orderBy(sql`e.visualizada_em is null`, 'desc')
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
  const counts = await open
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) filter (where e.visualizada_em is null)`.as('nao_lidas'),
    ])
    .executeTakeFirstOrThrow();
  return { itens, total: Number(counts.total), naoLidas: Number(counts.nao_lidas) };
}

export interface HistoryFilter {
  de?: string;
  ate?: string;
  tipo?: NotificationKind;
  offset: number;
  limit: number;
}

/** The history's rows, newest first, without paging: what an export streams. */
export function historyQuery(db: Db, caller: Caller, filter: Omit<HistoryFilter, 'offset' | 'limit'>) {
  return filtered(db, caller, filter).select(COLUMNS).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc');
}

function filtered(db: Db, caller: Caller, filter: Omit<HistoryFilter, 'offset' | 'limit'>) {
  let query = visible(db, caller);
  if (filter.de)
    query = query.where('n.created_at', '>=', sql<Date>`(${filter.de}::date)::timestamp at time zone ${ZONE}`);
  if (filter.ate) {
    query = query.where('n.created_at', '<', sql<Date>`(${filter.ate}::date + 1)::timestamp at time zone ${ZONE}`);
  }
  if (filter.tipo) query = query.where('n.tipo', '=', filter.tipo);
  return query;
}

export async function history(db: Db, caller: Caller, filter: HistoryFilter) {
  const query = filtered(db, caller, filter);
  const itens = await historyQuery(db, caller, filter).offset(filter.offset).limit(filter.limit).execute();
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { itens, total: Number(total) };
}

/**
 * Records the caller's mark. A second mark keeps the first timestamp (coalesce), so marking is
 * idempotent and safe under concurrent calls; closing the modal also marks the notification viewed.
 */
export async function mark(db: Conn, notificacaoId: number, usuario: string, close: boolean) {
  await db
    .insertInto('notificacao_estado')
    .values({
      notificacao_id: notificacaoId,
      usuario,
      visualizada_em: sql<Date>`now()`,
      modal_fechada_em: close ? sql<Date>`now()` : null,
    })
    .onConflict((oc) =>
      oc.columns(['notificacao_id', 'usuario']).doUpdateSet({
        visualizada_em: sql<Date>`coalesce(notificacao_estado.visualizada_em, excluded.visualizada_em)`,
        modal_fechada_em: sql<Date | null>`coalesce(notificacao_estado.modal_fechada_em, excluded.modal_fechada_em)`,
      }),
    )
    .execute();
}

/**
 * Marks every notification the caller sees and has not viewed as viewed by the caller (modals stay
 * as they are). Only the caller's visible notifications are touched: another IE's or another
 * user's never are. Answers how many were marked.
 */
export async function markAllViewed(db: Db, caller: Caller): Promise<number> {
  const unread = visible(db, caller)
    .where('e.visualizada_em', 'is', null)
    .select((eb) => ['n.id', eb.val(caller.sub).as('usuario'), sql<Date>`now()`.as('visualizada_em')]);
  const rows = await db
    .insertInto('notificacao_estado')
    .columns(['notificacao_id', 'usuario', 'visualizada_em'])
    .expression(unread)
    .onConflict((oc) =>
      oc.columns(['notificacao_id', 'usuario']).doUpdateSet({
        visualizada_em: sql<Date>`coalesce(notificacao_estado.visualizada_em, excluded.visualizada_em)`,
      }),
    )
    .returning('notificacao_id')
    .execute();
  return rows.length;
}
