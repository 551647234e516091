import type { Db } from '../../db/database.js';
import { callerEntry } from '../../db/entry-query.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

/** A journey entry with everything its status shows; any situation, terminal ones included. */
export function findEntryStatus(db: Db, caller: Caller, brbId: number) {
  return callerEntry(db, caller, brbId)
    .innerJoin('ie', 'ie.id', 'e.ie_id')
    .innerJoin('curso as cu', 'cu.id', 'e.curso_id')
    .innerJoin('campus as ca', 'ca.id', 'e.campus_id')
    .innerJoin('turno as t', 't.id', 'e.turno_id')
    .leftJoin('processo as p', 'p.entrada_id', 'e.id')
    .select([
      'e.id',
      'e.situacao',
      'e.motivo',
      'e.aba',
      'e.tags',
      'e.updated_at',
      'p.id as processo_id',
      'j.id as jornada_id',
      'j.tipo as jornada_tipo',
      'j.ano',
      'j.semestre',
      'j.status as jornada_status',
      'j.janela_inicio',
      'j.janela_fim',
      'c.id as contrato_id',
      'c.numero',
      'c.status as contrato_status',
      'c.previsao_formatura',
      'c.inicio_restituicao',
      'c.semestres_trancados',
      'c.trancamentos_consecutivos',
      'b.id as bolsa_id',
      'b.cod_bolsa',
      'b.matricula',
      'b.situacao_matricula',
      's.nome as estudante_nome',
      's.cpf',
      'ie.id as ie_id',
      'ie.nome as ie_nome',
      'ie.sigla as ie_sigla',
      'cu.id as curso_id',
      'cu.nome as curso_nome',
      'ca.id as campus_id',
      'ca.nome as campus_nome',
      't.id as turno_id',
      't.codigo as turno_codigo',
      't.nome as turno_nome',
    ])
    .executeTakeFirst();
}
export type EntryStatusRow = NonNullable<Awaited<ReturnType<typeof findEntryStatus>>>;

/** The entry's most recent addendum (by generation time, then id). */
export function latestAddendum(db: Db, caller: Caller, brbId: number) {
  return db
    .selectFrom('aditivo')
    .select(['id', 'ano', 'semestre', 'status', 'valor', 'gerado_em', 'assinado_em'])
    .where('entrada_id', '=', brbId)
    .where((eb) => inCallerIes(eb, 'aditivo.ie_id', caller))
    .orderBy('gerado_em', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function entryVisible(db: Db, caller: Caller, brbId: number): Promise<boolean> {
  const row = await db
    .selectFrom('entrada_jornada')
    .select('id')
    .where('id', '=', brbId)
    .where((eb) => inCallerIes(eb, 'entrada_jornada.ie_id', caller))
    .executeTakeFirst();
  return row !== undefined;
}

/** Kinds of request in progress for an entry (at most one per kind), values sends included. */
export async function inProgressKinds(db: Db, caller: Caller, brbId: number) {
  const rows = await db
    .selectFrom('todas_solicitacoes as s')
    .select('s.tipo')
    .where('s.entrada_id', '=', brbId)
    .where('s.status', '=', 'EM_ANDAMENTO')
    .where((eb) => inCallerIes(eb, 's.ie_id', caller))
    .execute();
  return rows.map((r) => r.tipo);
}

/**
 * The entry of a process, as a subquery. The views todas_solicitacoes and todos_eventos are read
 * by entry as well as by process: batch rows are indexed by entry only (process and entry are one
 * to one).
 */
function entryOfProcess(db: Db, processId: number) {
  return db.selectFrom('processo').select('processo.entrada_id').where('processo.id', '=', processId);
}

export function findProcess(db: Db, caller: Caller, processId: number) {
  return db
    .selectFrom('processo')
    .select(['id', 'entrada_id', 'contrato_id', 'ie_id', 'ano', 'semestre'])
    .where('id', '=', processId)
    .where((eb) => inCallerIes(eb, 'processo.ie_id', caller))
    .executeTakeFirst();
}

export function processRequestsInProgress(db: Db, caller: Caller, processId: number) {
  return db
    .selectFrom('todas_solicitacoes as s')
    .select(['s.id', 's.tipo', 's.created_at'])
    .where('s.entrada_id', '=', entryOfProcess(db, processId))
    .where('s.processo_id', '=', processId)
    .where('s.status', '=', 'EM_ANDAMENTO')
    .where((eb) => inCallerIes(eb, 's.ie_id', caller))
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

/** Every event of the process, values sends included, in time order. */
export function timeline(db: Db, caller: Caller, processId: number) {
  return db
    .selectFrom('todos_eventos as t')
    .select([
      't.id',
      't.acao',
      't.situacao_anterior',
      't.motivo_anterior',
      't.situacao_nova',
      't.motivo_novo',
      't.usuario',
      't.usuario_nome',
      't.detalhes',
      't.created_at',
    ])
    .where('t.entrada_id', '=', entryOfProcess(db, processId))
    .where('t.processo_id', '=', processId)
    .where((eb) => inCallerIes(eb, 't.ie_id', caller))
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
}
