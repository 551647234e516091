import type { Db } from '../../db/database.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

const TASK_COLUMNS = [
  'tarefa.id',
  'tarefa.solicitacao_id',
  'tarefa.tipo',
  'tarefa.status',
  'tarefa.descricao',
  'tarefa.dados',
  'tarefa.created_at',
  'tarefa.concluida_em',
] as const;

export function openTasksOfProcess(db: Db, caller: Caller, processId: number) {
  return db
    .selectFrom('tarefa')
    .select(TASK_COLUMNS)
    .where('tarefa.processo_id', '=', processId)
    .where('tarefa.status', 'in', ['PENDENTE', 'EM_ANALISE'])
    .where('tarefa.tipo', 'in', ['TRANCAMENTO', 'AFASTAMENTO'])
    .where((eb) => inCallerIes(eb, 'tarefa.ie_id', caller))
    .orderBy('tarefa.created_at')
    .orderBy('tarefa.id')
    .execute();
}

export function tasksOfRequest(db: Db, caller: Caller, solicitacaoId: number) {
  return db
    .selectFrom('tarefa')
    .select(TASK_COLUMNS)
    .where('tarefa.solicitacao_id', '=', solicitacaoId)
    .where((eb) => inCallerIes(eb, 'tarefa.ie_id', caller))
    .orderBy('tarefa.created_at')
    .orderBy('tarefa.id')
    .execute();
}
export type TaskRow = Awaited<ReturnType<typeof tasksOfRequest>>[number];

/** A request with its entry's situation and the description of its waiting reason. */
export function findRequest(db: Db, caller: Caller, solicitacaoId: number) {
  return db
    .selectFrom('solicitacao as s')
    .innerJoin('entrada_jornada as e', 'e.id', 's.entrada_id')
    .leftJoin('lista_referencia as me', (join) =>
      join.on('me.lista', '=', 'motivo-espera').onRef('me.codigo', '=', 's.motivo_espera'),
    )
    .select([
      's.id',
      's.tipo',
      's.status',
      's.processo_id',
      's.entrada_id',
      's.criada_por',
      's.created_at',
      's.concluida_em',
      's.motivo_espera',
      's.dados',
      'me.descricao as motivo_espera_descricao',
      'e.situacao as entrada_situacao',
      'e.motivo as entrada_motivo',
    ])
    .where('s.id', '=', solicitacaoId)
    .where((eb) => inCallerIes(eb, 's.ie_id', caller))
    .executeTakeFirst();
}
export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export async function referenceDescription(db: Db, lista: string, codigo: string): Promise<string | null> {
  const row = await db
    .selectFrom('lista_referencia')
    .select('descricao')
    .where('lista', '=', lista)
    .where('codigo', '=', codigo)
    .executeTakeFirst();
  return row?.descricao ?? null;
}

/** The process, only when the bolsa is the one of its contract and both are the caller's. */
export function findProcessOfBolsa(db: Db, caller: Caller, processId: number, bolsaId: number) {
  return db
    .selectFrom('processo as p')
    .innerJoin('contrato as c', 'c.id', 'p.contrato_id')
    .innerJoin('bolsa as b', 'b.id', 'c.bolsa_id')
    .select(['p.id', 'p.ano', 'p.semestre', 'b.id as bolsa_id'])
    .where('p.id', '=', processId)
    .where('b.id', '=', bolsaId)
    .where((eb) => inCallerIes(eb, 'p.ie_id', caller))
    .where((eb) => inCallerIes(eb, 'b.ie_id', caller))
    .executeTakeFirst();
}

/** The bolsa's latest entry of a period before (ano, semestre) that ended SEM_RENOVACAO/TRANCAMENTO. */
export function previousLockedEntry(db: Db, caller: Caller, bolsaId: number, ano: number, semestre: number) {
  return db
    .selectFrom('entrada_jornada as e')
    .innerJoin('jornada as j', 'j.id', 'e.jornada_id')
    .leftJoin('processo as p', 'p.entrada_id', 'e.id')
    .select(['e.id', 'p.id as processo_id', 'j.id as jornada_id', 'j.ano', 'j.semestre'])
    .where('e.bolsa_id', '=', bolsaId)
    .where('e.situacao', '=', 'SEM_RENOVACAO')
    .where('e.motivo', '=', 'TRANCAMENTO')
    .where((eb) => eb.or([eb('j.ano', '<', ano), eb.and([eb('j.ano', '=', ano), eb('j.semestre', '<', semestre)])]))
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
    .orderBy('j.ano', 'desc')
    .orderBy('j.semestre', 'desc')
    .orderBy('e.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** When the entry last became SEM_RENOVACAO/TRANCAMENTO, per its timeline. */
export async function lockedAt(db: Db, caller: Caller, brbId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('evento_timeline')
    .select('created_at')
    .where('entrada_id', '=', brbId)
    .where('situacao_nova', '=', 'SEM_RENOVACAO')
    .where('motivo_novo', '=', 'TRANCAMENTO')
    .where((eb) => inCallerIes(eb, 'evento_timeline.ie_id', caller))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** The entry's lock request: the latest that was not cancelled or refused, else the latest. */
export function lockRequestOfEntry(db: Db, caller: Caller, brbId: number) {
  return db
    .selectFrom('solicitacao')
    .select(['id', 'status', 'created_at', 'dados'])
    .where('entrada_id', '=', brbId)
    .where('tipo', '=', 'TRANCAMENTO')
    .where((eb) => inCallerIes(eb, 'solicitacao.ie_id', caller))
    .orderBy((eb) => eb('status', 'in', ['CANCELADA', 'RECUSADA']))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
