import type { Db } from '../../db/database.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

/** Reads of values already sent. Tenancy: the entry must be one of the caller's IEs. */

export function entryWithProcess(db: Db, caller: Caller, by: { brbId: number } | { processoId: number }) {
  let query = db
    .selectFrom('entrada_jornada as e')
    .innerJoin('processo as p', 'p.entrada_id', 'e.id')
    .select(['e.id as brb_id', 'e.situacao', 'e.motivo', 'p.id as processo_id', 'p.ano', 'p.semestre'])
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller));
  query = 'brbId' in by ? query.where('e.id', '=', by.brbId) : query.where('p.id', '=', by.processoId);
  return query.executeTakeFirst();
}

export function valuesSent(db: Db, caller: Caller, brbId: number) {
  return db
    .selectFrom('lote_linha as l')
    .innerJoin('lote', 'lote.id', 'l.lote_id')
    .leftJoin('aditivo as a', 'a.id', 'l.aditivo_id')
    .select([
      'l.lote_id',
      'l.linha',
      'lote.origem',
      'lote.reenvio',
      'lote.created_at as enviado_em',
      'lote.criado_por as enviado_por',
      'l.resultado',
      'l.erros',
      'l.processamento',
      'l.motivo_recusa',
      'l.processado_em',
      'l.aditivo_id',
      'a.status as aditivo_status',
      'a.valor as aditivo_valor',
      'a.gerado_em as aditivo_gerado_em',
      'a.assinado_em as aditivo_assinado_em',
      'l.nome_estudante',
      'l.qtd_parcelas_cobertura',
      'l.qtd_creditos',
      'l.valor_contrato',
      'l.valor_ctr_prest_servico',
      'l.percentual_concedido',
      'l.parc_meses',
      'l.id_curso',
      'l.regime_contrato',
      'l.contrato_anual',
      'l.motivo_reenvio',
      'l.motivo',
      'l.serie_semestre',
    ])
    .where('l.entrada_id', '=', brbId)
    .where((eb) => inCallerIes(eb, 'l.ie_id', caller))
    .orderBy('l.lote_id', 'desc')
    .orderBy('l.linha', 'desc')
    .execute();
}
export type ValuesSentRow = Awaited<ReturnType<typeof valuesSent>>[number];
