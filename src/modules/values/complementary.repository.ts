import { sql } from 'kysely';
import { arrayLiteral } from '../../db/array-literal.js';
import type { Db } from '../../db/database.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

export interface ComplementaryFilter {
  situacao: 'APTO' | 'EM_PROCESSAMENTO' | 'SEM_RENOVACAO';
  ieId?: number;
  jornadaId?: number;
  brbIds?: number[];
}

/**
 * One page (keyset on brbId) of the caller's entries in a situation, with what the sheet can be
 * pre-filled with: the student, the course and the contract's last accepted values.
 *
 * Two statements, not one with a lateral subquery per entry: on tables without statistics (PGlite
 * has no autovacuum, so a freshly seeded embedded database has none) the planner took the lateral
 * lookup for a one-row affair and scanned all of lote_linha once per entry (663 entries x 3,332
 * rows: 4-30 s on the demo data). Here lote_linha is read once per page, whatever the plan.
 */
export async function complementaryPage(
  db: Db,
  caller: Caller,
  filter: ComplementaryFilter,
  afterId: number,
  limit: number,
) {
  let query = db
    .selectFrom('entrada_jornada as e')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .select(['e.id', 'e.contrato_id', 's.nome', 'e.curso_id'])
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
    .where('e.situacao', '=', filter.situacao)
    .where('e.id', '>', afterId);
  if (filter.ieId !== undefined) query = query.where('e.ie_id', '=', filter.ieId);
  if (filter.jornadaId !== undefined) query = query.where('e.jornada_id', '=', filter.jornadaId);
  if (filter.brbIds !== undefined) query = query.where('e.id', 'in', filter.brbIds.length > 0 ? filter.brbIds : [0]);
  const entries = await query.orderBy('e.id').limit(limit).execute();
  const previous = await lastAcceptedValues(db, [...new Set(entries.map((e) => e.contrato_id))]);
  return entries.map(({ contrato_id, ...entry }) => ({ ...entry, ...(previous.get(contrato_id) ?? NO_VALUES) }));
}

const NO_VALUES = {
  qtd_parcelas_cobertura: null,
  qtd_creditos: null,
  valor_contrato: null,
  valor_ctr_prest_servico: null,
  percentual_concedido: null,
  regime_contrato: null,
  contrato_anual: null,
} as const;

/** The last successful values row of each contract (through any of its entries), by contract id. */
async function lastAcceptedValues(db: Db, contratoIds: number[]) {
  if (contratoIds.length === 0) return new Map<number, never>();
  const rows = await db
    .selectFrom('entrada_jornada as e2')
    .innerJoin('lote_linha as l', 'l.entrada_id', 'e2.id')
    .distinctOn('e2.contrato_id')
    .select([
      'e2.contrato_id',
      'l.qtd_parcelas_cobertura',
      'l.qtd_creditos',
      'l.valor_contrato',
      'l.valor_ctr_prest_servico',
      'l.percentual_concedido',
      'l.regime_contrato',
      'l.contrato_anual',
    ])
    .where('e2.contrato_id', '=', sql<number>`any(${arrayLiteral('number', contratoIds)}::int8[])`)
    .where('l.resultado', '=', 'SUCESSO')
    .orderBy('e2.contrato_id')
    .orderBy('l.lote_id', 'desc')
    .orderBy('l.linha', 'desc')
    .execute();
  return new Map(rows.map(({ contrato_id, ...values }) => [contrato_id, values]));
}
export type ComplementaryRow = Awaited<ReturnType<typeof complementaryPage>>[number];
