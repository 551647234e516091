import type { Db } from '../../db/database.js';
import { callerEntry } from '../../db/entry-query.js';
import type { Caller } from '../../http/auth.js';

/** The entry with its process, journey, student, bolsa, convênio limits and contract, as the caller may see it. */
export function entryData(db: Db, caller: Caller, brbId: number) {
  return callerEntry(db, caller, brbId)
    .innerJoin('processo as p', 'p.entrada_id', 'e.id')
    .innerJoin('convenio as v', 'v.id', 'b.convenio_id')
    .select([
      'e.id',
      'e.situacao',
      'e.motivo',
      'e.aba',
      'p.id as processo_id',
      'j.id as jornada_id',
      'j.tipo as jornada_tipo',
      'j.ano',
      'j.semestre',
      's.id as estudante_id',
      's.nome',
      's.cpf',
      'b.id as bolsa_id',
      'b.cod_bolsa',
      'b.matricula',
      'b.situacao_matricula',
      'b.status as bolsa_status',
      'c.id as contrato_id',
      'c.numero',
      'c.status as contrato_status',
      'c.primeiro_mes_credito',
      'c.previsao_formatura',
      'c.inicio_restituicao',
      'c.semestres_trancados',
      'c.trancamentos_consecutivos',
      'v.id as convenio_id',
      'v.nome as convenio_nome',
      'v.max_semestres_trancamento',
      'v.max_trancamentos_consecutivos',
    ])
    .executeTakeFirst();
}

/** The entry's requests in progress, values sends included. */
export function requestsInProgress(db: Db, brbId: number) {
  return db
    .selectFrom('todas_solicitacoes as s')
    .select(['s.id', 's.tipo'])
    .where('s.entrada_id', '=', brbId)
    .where('s.status', '=', 'EM_ANDAMENTO')
    .orderBy('s.id')
    .execute();
}

/** A lock request of the entry, in progress or concluded: this semester's lock is already recorded. */
export function lockRequestOfEntry(db: Db, brbId: number) {
  return db
    .selectFrom('solicitacao')
    .select('id')
    .where('entrada_id', '=', brbId)
    .where('tipo', '=', 'TRANCAMENTO')
    .where('status', 'in', ['EM_ANDAMENTO', 'CONCLUIDA'])
    .executeTakeFirst();
}
