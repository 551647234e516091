import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, RowUpdate } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { discardWaitingRows } from '../values/batch.repository.js';

type Trx = Transaction<Database>;

/** The contract with its convênio's lock limits, the contract row locked for the transaction. */
export async function lockContract(trx: Trx, contratoId: number) {
  const contrato = await trx
    .selectFrom('contrato')
    .select([
      'id',
      'bolsa_id',
      'status',
      'primeiro_mes_credito',
      'previsao_formatura',
      'inicio_restituicao',
      'semestres_trancados',
      'trancamentos_consecutivos',
    ])
    .where('id', '=', contratoId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const limits = await trx
    .selectFrom('bolsa')
    .innerJoin('convenio', 'convenio.id', 'bolsa.convenio_id')
    .select(['convenio.max_semestres_trancamento', 'convenio.max_trancamentos_consecutivos'])
    .where('bolsa.id', '=', contrato.bolsa_id)
    .executeTakeFirstOrThrow();
  return { ...contrato, ...limits };
}

export function updateContract(trx: Trx, contratoId: number, set: RowUpdate<'contrato'>) {
  return trx.updateTable('contrato').set(set).where('id', '=', contratoId).execute();
}

export function updateBolsa(trx: Trx, bolsaId: number, set: RowUpdate<'bolsa'>) {
  return trx.updateTable('bolsa').set(set).where('id', '=', bolsaId).execute();
}

/** Brings the restitution start forward to `day`, never later than it already is. */
export function bringRestitutionForward(trx: Trx, contratoId: number, day: string) {
  return trx
    .updateTable('contrato')
    .set({ inicio_restituicao: sql<string>`least(inicio_restituicao, ${day}::date)` })
    .where('id', '=', contratoId)
    .execute();
}

export function insertTask(
  trx: Trx,
  task: {
    solicitacaoId: number;
    processoId: number;
    ieId: number;
    tipo: 'TRANCAMENTO' | 'AFASTAMENTO';
    descricao: string;
    dados: Record<string, unknown>;
  },
) {
  return trx
    .insertInto('tarefa')
    .values({
      solicitacao_id: task.solicitacaoId,
      processo_id: task.processoId,
      ie_id: task.ieId,
      tipo: task.tipo,
      descricao: task.descricao,
      dados: JSON.stringify(task.dados),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A lock of this entry's semester already concluded by the foundation (other than `exceptId`). */
export function concludedLockRequest(trx: Trx, brbId: number, exceptId: number | null) {
  let query = trx
    .selectFrom('solicitacao')
    .select('id')
    .where('entrada_id', '=', brbId)
    .where('tipo', '=', 'TRANCAMENTO')
    .where('status', '=', 'CONCLUIDA');
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The contract's run of consecutive locked semesters, read through an entry (the contract row locked). */
export async function lockRunOfEntry(trx: Trx, brbId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('entrada_jornada as e')
    .innerJoin('contrato as c', 'c.id', 'e.contrato_id')
    .select('c.trancamentos_consecutivos')
    .where('e.id', '=', brbId)
    .forUpdate('c')
    .executeTakeFirst();
  return row?.trancamentos_consecutivos ?? null;
}

/** The run a bond maintenance of this entry ended (stored with its request), if there was one. */
export async function runEndedByBond(trx: Trx, brbId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('solicitacao')
    .select('dados')
    .where('entrada_id', '=', brbId)
    .where('tipo', '=', 'MANUTENCAO_VINCULO')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const run = (row?.dados as Record<string, unknown> | undefined)?.[RUN_BEFORE_BOND];
  return typeof run === 'number' ? run : null;
}

/** Key, in a bond maintenance request's data, of the lock run it ended. */
export const RUN_BEFORE_BOND = 'trancamentosConsecutivosAnteriores';

/** A signed addendum of the contract in any period (money was credited), the latest first. */
export function signedAddendum(trx: Trx, contratoId: number) {
  return trx
    .selectFrom('aditivo')
    .select(['id', 'ano', 'semestre'])
    .where('contrato_id', '=', contratoId)
    .where('status', '=', 'ASSINADO')
    .orderBy('ano', 'desc')
    .orderBy('semestre', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * A contract that ends (cancelled or deleted) leaves nothing pending: its requests in progress,
 * their open tasks, its values waiting for the foundation and its unsigned addenda are cancelled in
 * the same transaction.
 */
export async function cancelPendingWork(trx: Trx, brbId: number) {
  const requests = await trx
    .updateTable('solicitacao')
    .set({ status: 'CANCELADA', concluida_em: new Date() })
    .where('entrada_id', '=', brbId)
    .where('status', '=', 'EM_ANDAMENTO')
    .returning('id')
    .execute();
  if (requests.length > 0) {
    await trx
      .updateTable('tarefa')
      .set({ status: 'CANCELADA', concluida_em: new Date() })
      .where(
        'solicitacao_id',
        'in',
        requests.map((r) => r.id),
      )
      .where('status', 'in', ['PENDENTE', 'EM_ANALISE'])
      .execute();
  }
  await discardWaitingRows(trx, brbId, 'the contract ended (cancelled or deleted) before the foundation decided');
  await trx
    .updateTable('aditivo')
    .set({ status: 'CANCELADO' })
    .where('entrada_id', '=', brbId)
    .where('status', '=', 'GERADO')
    .execute();
  return requests.map((r) => r.id);
}

/** The process (and its entry) the caller may see. */
export function findProcess(db: Db | Trx, caller: Caller, processoId: number) {
  return db
    .selectFrom('processo')
    .select(['id', 'entrada_id', 'matricula'])
    .where('id', '=', processoId)
    .where((eb) => inCallerIes(eb, 'processo.ie_id', caller))
    .executeTakeFirst();
}

/**
 * The entry of the caller's most recent journey for a contract and its bolsa. A contract and a
 * bolsa that do not belong together find nothing.
 */
export function entryOfContract(db: Db | Trx, caller: Caller, contratoId: number, bolsaId: number) {
  return db
    .selectFrom('entrada_jornada as e')
    .innerJoin('jornada as j', 'j.id', 'e.jornada_id')
    .innerJoin('contrato as c', 'c.id', 'e.contrato_id')
    .select('e.id')
    .where('e.contrato_id', '=', contratoId)
    .where('e.bolsa_id', '=', bolsaId)
    .where('c.bolsa_id', '=', bolsaId)
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
    .orderBy('j.ano', 'desc')
    .orderBy('j.semestre', 'desc')
    .orderBy('e.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The enrolment number lives on the process, its entry (denormalized for search) and the bolsa. */
export async function setEnrolmentNumber(
  trx: Trx,
  ids: { processoId: number; brbId: number; bolsaId: number },
  matricula: string,
) {
  await trx.updateTable('processo').set({ matricula }).where('id', '=', ids.processoId).execute();
  await trx
    .updateTable('entrada_jornada')
    .set((eb) => ({ matricula, versao: eb('versao', '+', 1), updated_at: new Date() }))
    .where('id', '=', ids.brbId)
    .execute();
  await trx.updateTable('bolsa').set({ matricula }).where('id', '=', ids.bolsaId).execute();
}

/** The contract dates of an entry the caller may see. */
export function contractOfEntry(db: Db | Trx, caller: Caller, brbId: number) {
  return db
    .selectFrom('entrada_jornada as e')
    .innerJoin('contrato as c', 'c.id', 'e.contrato_id')
    .select(['c.primeiro_mes_credito', 'c.previsao_formatura', 'c.inicio_restituicao'])
    .where('e.id', '=', brbId)
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
    .executeTakeFirst();
}
