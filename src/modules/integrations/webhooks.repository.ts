import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

type Conn = Kysely<Database>;

const ENDPOINT_COLUMNS = [
  'id',
  'ie_id',
  'url',
  'descricao',
  'eventos',
  'ativo',
  'desativado_em',
  'desativado_motivo',
  'criado_por',
  'created_at',
] as const;

export type EndpointRow = Awaited<ReturnType<typeof findEndpoint>> & {};

/** An endpoint the caller may see (its IEs); undefined otherwise, so the caller answers 404. */
export function findEndpoint(db: Conn, caller: Caller, id: number) {
  return db
    .selectFrom('webhook_endpoint')
    .select(ENDPOINT_COLUMNS)
    .where('id', '=', id)
    .where((eb) => inCallerIes(eb, 'webhook_endpoint.ie_id', caller))
    .executeTakeFirst();
}

export async function listEndpoints(db: Conn, caller: Caller, offset: number, limit: number) {
  const base = db.selectFrom('webhook_endpoint').where((eb) => inCallerIes(eb, 'webhook_endpoint.ie_id', caller));
  const [rows, total] = await Promise.all([
    base.select(ENDPOINT_COLUMNS).orderBy('id').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function insertEndpoint(
  db: Conn,
  values: {
    ieId: number;
    url: string;
    eventos: string[];
    descricao: string | null;
    segredo: string;
    criadoPor: string;
  },
) {
  return db
    .insertInto('webhook_endpoint')
    .values({
      ie_id: values.ieId,
      url: values.url,
      eventos: values.eventos,
      descricao: values.descricao,
      segredo: values.segredo,
      criado_por: values.criadoPor,
    })
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateEndpoint(
  db: Conn,
  id: number,
  changes: { url?: string; eventos?: string[]; descricao?: string | null; ativo?: boolean },
) {
  const reactivate = changes.ativo === true;
  return db
    .updateTable('webhook_endpoint')
    .set({
      ...changes,
      ...(changes.ativo === false ? { desativado_em: new Date(), desativado_motivo: 'Desativado pela IE' } : {}),
      ...(reactivate ? { desativado_em: null, desativado_motivo: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Re-enabling an endpoint gives its pending deliveries a fresh 24-hour window, due now. */
export async function resumeDeliveries(db: Conn, endpointId: number) {
  await db
    .updateTable('webhook_entrega')
    .set({ janela_inicio: sql<Date>`now()`, proxima_em: sql<Date>`now()` })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'PENDENTE')
    .execute();
}

export async function deleteEndpoint(db: Conn, id: number) {
  await db.deleteFrom('webhook_endpoint').where('id', '=', id).execute();
}

const DELIVERY_COLUMNS = [
  'd.id',
  'd.mensagem_id',
  'm.tipo',
  'd.status',
  'd.tentativas',
  'd.proxima_em',
  'd.entregue_em',
  'd.created_at',
] as const;

export async function listDeliveries(
  db: Conn,
  endpointId: number,
  status: 'PENDENTE' | 'ENTREGUE' | 'FALHOU' | undefined,
  offset: number,
  limit: number,
) {
  let base = db
    .selectFrom('webhook_entrega as d')
    .innerJoin('webhook_mensagem as m', 'm.id', 'd.mensagem_id')
    .where('d.endpoint_id', '=', endpointId);
  if (status) base = base.where('d.status', '=', status);
  const [rows, total] = await Promise.all([
    base.select(DELIVERY_COLUMNS).orderBy('d.id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findDelivery(db: Conn, endpointId: number, id: number) {
  return db
    .selectFrom('webhook_entrega as d')
    .innerJoin('webhook_mensagem as m', 'm.id', 'd.mensagem_id')
    .select(DELIVERY_COLUMNS)
    .where('d.endpoint_id', '=', endpointId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** The last 20 attempts of each delivery, oldest first. */
export function attemptsOf(db: Conn, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_tentativa as t')
    .select(['t.entrega_id', 't.tentativa', 't.status_http', 't.erro', 't.latencia_ms', 't.created_at'])
    .where('t.entrega_id', 'in', deliveryIds)
    .where((eb) =>
      eb(
        't.id',
        'in',
        eb
          .selectFrom('webhook_tentativa as u')
          .select('u.id')
          .whereRef('u.entrega_id', '=', 't.entrega_id')
          .orderBy('u.id', 'desc')
          .limit(20),
      ),
    )
    .orderBy('t.entrega_id')
    .orderBy('t.id')
    .execute();
}

/** Queues a delivery again now, with the same webhook-id and a fresh retry window. */
export async function redeliver(db: Conn, id: number) {
  await db
    .updateTable('webhook_entrega')
    .set({ status: 'PENDENTE', proxima_em: sql<Date>`now()`, janela_inicio: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
