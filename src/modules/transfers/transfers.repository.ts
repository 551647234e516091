import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

/** Payments and adjustments of a month, for the IEs the caller sees (optionally one). */

export function paymentsOf(db: Db, caller: Caller, competencia: string, ieId?: number) {
  let query = db
    .selectFrom('pagamento_restituicao as p')
    .innerJoin('contrato as c', 'c.id', 'p.contrato_id')
    .innerJoin('bolsa as b', 'b.id', 'c.bolsa_id')
    .innerJoin('estudante as s', 's.id', 'b.estudante_id')
    .select([
      'p.id',
      'p.ie_id',
      'p.contrato_id',
      'c.numero',
      's.nome',
      'p.parcela',
      'p.total_parcelas',
      'p.data_pagamento',
      'p.valor_pago',
      'p.taxa_retida',
      'p.valor_liquido',
    ])
    .where((eb) => inCallerIes(eb, 'p.ie_id', caller))
    .where('p.competencia', '=', competencia);
  if (ieId !== undefined) query = query.where('p.ie_id', '=', ieId);
  return query.orderBy('p.ie_id').orderBy('p.data_pagamento').orderBy('p.id').execute();
}

export function adjustmentsOf(db: Db, caller: Caller, competencia: string, ieId?: number) {
  let query = db
    .selectFrom('ajuste_repasse as a')
    .select(['a.id', 'a.ie_id', 'a.descricao', 'a.valor', 'a.pagamento_id', 'a.created_at', 'a.competencia_referencia'])
    .where((eb) => inCallerIes(eb, 'a.ie_id', caller))
    .where('a.competencia', '=', competencia);
  if (ieId !== undefined) query = query.where('a.ie_id', '=', ieId);
  return query.orderBy('a.ie_id').orderBy('a.id').execute();
}

/**
 * The month as one list for a file: each payment, then each adjustment, per IE. `liquido` is what
 * the row adds to the IE's transfer (a payment's net, an adjustment's value), so the column sums to
 * aRepassar. Days are text (yyyy-mm-dd) on both sides of the union; an adjustment's day is the day
 * it was recorded in São Paulo.
 */
export function transferRowsQuery(db: Db, caller: Caller, competencia: string, ieId?: number) {
  let payments = db
    .selectFrom('pagamento_restituicao as p')
    .innerJoin('ie', 'ie.id', 'p.ie_id')
    .innerJoin('contrato as c', 'c.id', 'p.contrato_id')
    .innerJoin('bolsa as b', 'b.id', 'c.bolsa_id')
    .innerJoin('estudante as s', 's.id', 'b.estudante_id')
    .select([
      'p.ie_id',
      'ie.nome as ie_nome',
      sql<number>`1`.as('ordem'),
      sql<string>`'PAGAMENTO'`.as('tipo'),
      'p.id',
      sql<string>`to_char(p.data_pagamento, 'YYYY-MM-DD')`.as('dia'),
      sql<number | null>`p.contrato_id`.as('contrato_id'),
      sql<string | null>`c.numero::text`.as('contrato'),
      sql<string | null>`s.nome`.as('estudante'),
      sql<number | null>`p.parcela`.as('parcela'),
      sql<number | null>`p.total_parcelas`.as('total_parcelas'),
      sql<string | null>`p.valor_pago::text`.as('valor_pago'),
      sql<string | null>`p.taxa_retida::text`.as('taxa_retida'),
      sql<string>`p.valor_liquido::text`.as('liquido'),
      sql<string | null>`null::text`.as('descricao'),
      sql<string | null>`null::text`.as('competencia_referencia'),
    ])
    .where((eb) => inCallerIes(eb, 'p.ie_id', caller))
    .where('p.competencia', '=', competencia);
  let adjustments = db
    .selectFrom('ajuste_repasse as a')
    .innerJoin('ie', 'ie.id', 'a.ie_id')
    .select([
      'a.ie_id',
      'ie.nome as ie_nome',
      sql<number>`2`.as('ordem'),
      sql<string>`'AJUSTE'`.as('tipo'),
      'a.id',
      sql<string>`to_char(a.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`.as('dia'),
      sql<number | null>`null::int8`.as('contrato_id'),
      sql<string | null>`null::text`.as('contrato'),
      sql<string | null>`null::text`.as('estudante'),
      sql<number | null>`null::int4`.as('parcela'),
      sql<number | null>`null::int4`.as('total_parcelas'),
      sql<string | null>`null::text`.as('valor_pago'),
      sql<string | null>`null::text`.as('taxa_retida'),
      sql<string>`a.valor::text`.as('liquido'),
      sql<string | null>`a.descricao`.as('descricao'),
      sql<string | null>`to_char(a.competencia_referencia, 'YYYY-MM')`.as('competencia_referencia'),
    ])
    .where((eb) => inCallerIes(eb, 'a.ie_id', caller))
    .where('a.competencia', '=', competencia);
  if (ieId !== undefined) {
    payments = payments.where('p.ie_id', '=', ieId);
    adjustments = adjustments.where('a.ie_id', '=', ieId);
  }
  return payments.unionAll(adjustments).orderBy('ie_id').orderBy('ordem').orderBy('dia').orderBy('id');
}
export type TransferRow = Awaited<ReturnType<ReturnType<typeof transferRowsQuery>['execute']>>[number];

export function iesOf(db: Db, caller: Caller, ids: number[]) {
  return db
    .selectFrom('ie')
    .select(['id', 'nome'])
    .where((eb) => inCallerIes(eb, 'ie.id', caller))
    .where('id', 'in', ids.length > 0 ? ids : [0])
    .orderBy('id')
    .execute();
}

export function insertAdjustment(
  db: Db,
  row: {
    ie_id: number;
    competencia: string;
    valor: string;
    descricao: string;
    pagamento_id: number | null;
    registrado_por: string;
    competencia_referencia: string | null;
  },
) {
  return db
    .insertInto('ajuste_repasse')
    .values(row)
    .returning([
      'id',
      'ie_id',
      'competencia',
      'valor',
      'descricao',
      'pagamento_id',
      'created_at',
      'competencia_referencia',
    ])
    .executeTakeFirstOrThrow();
}

/** An IE's net for a month so far: the payments' net plus the adjustments. */
export async function monthNet(db: Db, ieId: number, competencia: string): Promise<string> {
  const { rows } = await sql<{ net: string }>`
    select ((select coalesce(sum(valor_liquido), 0) from pagamento_restituicao
        where ie_id = ${ieId}::int8 and competencia = ${competencia}::date)
      + (select coalesce(sum(valor), 0) from ajuste_repasse
        where ie_id = ${ieId}::int8 and competencia = ${competencia}::date))::text as net
  `.execute(db);
  return rows[0]!.net;
}
