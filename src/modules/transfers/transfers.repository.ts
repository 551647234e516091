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
