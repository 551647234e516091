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
 */
export function complementaryPage(db: Db, caller: Caller, filter: ComplementaryFilter, afterId: number, limit: number) {
  let query = db
    .selectFrom('entrada_jornada as e')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('lote_linha as l')
          .innerJoin('entrada_jornada as e2', 'e2.id', 'l.entrada_id')
          .select([
            'l.qtd_parcelas_cobertura',
            'l.qtd_creditos',
            'l.valor_contrato',
            'l.valor_ctr_prest_servico',
            'l.percentual_concedido',
            'l.regime_contrato',
            'l.contrato_anual',
          ])
          .whereRef('e2.contrato_id', '=', 'e.contrato_id')
          .where('l.resultado', '=', 'SUCESSO')
          .orderBy('l.lote_id', 'desc')
          .orderBy('l.linha', 'desc')
          .limit(1)
          .as('prev'),
      (join) => join.onTrue(),
    )
    .select([
      'e.id',
      's.nome',
      'e.curso_id',
      'prev.qtd_parcelas_cobertura',
      'prev.qtd_creditos',
      'prev.valor_contrato',
      'prev.valor_ctr_prest_servico',
      'prev.percentual_concedido',
      'prev.regime_contrato',
      'prev.contrato_anual',
    ])
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
    .where('e.situacao', '=', filter.situacao)
    .where('e.id', '>', afterId);
  if (filter.ieId !== undefined) query = query.where('e.ie_id', '=', filter.ieId);
  if (filter.jornadaId !== undefined) query = query.where('e.jornada_id', '=', filter.jornadaId);
  if (filter.brbIds !== undefined) query = query.where('e.id', 'in', filter.brbIds.length > 0 ? filter.brbIds : [0]);
  return query.orderBy('e.id').limit(limit).execute();
}
export type ComplementaryRow = Awaited<ReturnType<typeof complementaryPage>>[number];
