import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

type Q = Kysely<Database>;

/** Contracts (with their convênio's fee terms) the caller may see, by contract id or by journey entry. */
export function contractTerms(
  db: Q,
  caller: Pick<Caller, 'all' | 'ies'>,
  by: { contratoIds: number[] } | { brbId: number },
) {
  let query = db
    .selectFrom('contrato as c')
    .innerJoin('bolsa as b', 'b.id', 'c.bolsa_id')
    .innerJoin('convenio as v', 'v.id', 'b.convenio_id')
    .select([
      'c.id',
      'c.ie_id',
      'c.numero',
      'c.primeiro_mes_credito',
      'c.inicio_restituicao',
      'v.taxa_mensal',
      'v.regime_acumulo',
    ])
    .where((eb) => inCallerIes(eb, 'c.ie_id', caller));
  if ('brbId' in by) {
    query = query.where('c.id', '=', (eb) =>
      eb.selectFrom('entrada_jornada as e').select('e.contrato_id').where('e.id', '=', by.brbId),
    );
  } else {
    query = query.where('c.id', 'in', by.contratoIds.length > 0 ? by.contratoIds : [0]);
  }
  return query.execute();
}
export type ContractTerms = Awaited<ReturnType<typeof contractTerms>>[number];

/** Signed addenda of the contracts, with the coverage of the values row they came from, in credit order. */
export function signedAddenda(db: Q, contratoIds: number[]) {
  return db
    .selectFrom('aditivo as a')
    .leftJoin('lote_linha as l', 'l.aditivo_id', 'a.id')
    .select(['a.id', 'a.contrato_id', 'a.ano', 'a.semestre', 'a.valor', 'l.qtd_parcelas_cobertura', 'l.parc_meses'])
    .where('a.contrato_id', 'in', contratoIds.length > 0 ? contratoIds : [0])
    .where('a.status', '=', 'ASSINADO')
    .orderBy('a.contrato_id')
    .orderBy('a.ano')
    .orderBy('a.semestre')
    .orderBy('a.id')
    .execute();
}
export type SignedAddendum = Awaited<ReturnType<typeof signedAddenda>>[number];

/**
 * What has been paid on each installment of the contracts: the installment's value as recorded
 * with its payments (kept when a forecast change recomputes the open ones), and the sums paid and
 * retained. An installment is paid in parts, one payment row per part.
 */
export function paidInstallments(db: Q, contratoIds: number[]) {
  return db
    .selectFrom('pagamento_restituicao')
    .select((eb) => [
      'contrato_id',
      'parcela',
      eb.fn.max('valor_parcela').as('valor_parcela'),
      eb.fn.sum<string>('valor_pago').as('pago'),
      eb.fn.sum<string>('taxa_retida').as('taxa'),
    ])
    .where('contrato_id', 'in', contratoIds.length > 0 ? contratoIds : [0])
    .groupBy(['contrato_id', 'parcela'])
    .execute();
}
export type PaidInstallment = Awaited<ReturnType<typeof paidInstallments>>[number];

/** Locks the contracts a payment touches, in id order, so two payments never split one balance. */
export function lockContracts(db: Q, contratoIds: number[]) {
  return db
    .selectFrom('contrato')
    .select('id')
    .where('id', 'in', contratoIds.length > 0 ? contratoIds : [0])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** A restitution payment to record (the table's columns, without the generated ones). */
export type NewPayment = Omit<NewRow<'pagamento_restituicao'>, 'id' | 'created_at'>;

const PAYMENT_COLUMNS = [
  'id',
  'contrato_id',
  'ie_id',
  'parcela',
  'total_parcelas',
  'valor_parcela',
  'valor_pago',
  'taxa_retida',
  'valor_liquido',
  'data_pagamento',
  'competencia',
] as const;

export async function insertPayments(db: Q, rows: NewPayment[]) {
  const out = [];
  // 11 parameters a row; PostgreSQL takes at most 65535 per statement.
  for (let i = 0; i < rows.length; i += 2000) {
    out.push(
      ...(await db
        .insertInto('pagamento_restituicao')
        .values(rows.slice(i, i + 2000))
        .returning(PAYMENT_COLUMNS)
        .execute()),
    );
  }
  return out;
}
export type PaymentRow = Awaited<ReturnType<typeof insertPayments>>[number];
