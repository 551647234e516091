import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { MotivoSemRenovacao, Situacao } from '../../src/db/schema.js';
import {
  createContract,
  createEntry,
  createJourney,
  type TestContract,
  type TestEntry,
  type TestIe,
  type TestJourney,
} from './factories.js';

/**
 * Factories for the journey lifecycle: contracts with a history in an earlier period, inactive
 * contracts, and the counter check every lifecycle test makes.
 */

/** `count` active contracts at the IE. */
export async function createContracts(db: Db, ie: TestIe, count: number): Promise<TestContract[]> {
  const out: TestContract[] = [];
  for (let i = 0; i < count; i++) out.push(await createContract(db, ie));
  return out;
}

/** A contract whose entry in the given (earlier) period ended in `situacao`/`motivo`. */
export async function createContractWithHistory(
  db: Db,
  ie: TestIe,
  period: { ano: number; semestre: number; tipo?: string },
  state: { situacao: Situacao; motivo?: MotivoSemRenovacao | null },
): Promise<TestContract & TestEntry & { jornadaId: number }> {
  const contract = await createContract(db, ie);
  const journey = await journeyOf(db, ie, { ...period, status: 'ENCERRADA' });
  const entry = await createEntry(db, ie, journey, contract, state);
  return { ...contract, ...entry, jornadaId: journey.jornadaId };
}

/** The IE's journey of the period and type, made when missing. */
export async function journeyOf(
  db: Db,
  ie: TestIe,
  options: { ano: number; semestre: number; tipo?: string; status?: 'ABERTA' | 'ENCERRADA'; janelaFim?: string },
): Promise<TestJourney> {
  const found = await db
    .selectFrom('jornada')
    .select('id')
    .where('ie_id', '=', ie.ieId)
    .where('ano', '=', options.ano)
    .where('semestre', '=', options.semestre)
    .where('tipo', '=', options.tipo ?? 'RENOVACAO')
    .executeTakeFirst();
  if (found) return { jornadaId: found.id, ano: options.ano, semestre: options.semestre };
  return createJourney(db, ie, {
    ...options,
    janelaInicio: `${options.ano}-${options.semestre === 1 ? '01' : '07'}-01`,
    janelaFim: options.janelaFim ?? `${options.ano}-${options.semestre === 1 ? '03' : '09'}-15`,
  });
}

export async function setContractStatus(db: Db, contract: TestContract, status: 'ATIVO' | 'CANCELADO' | 'QUITADO') {
  await db.updateTable('contrato').set({ status }).where('id', '=', contract.contratoId).execute();
}

export async function setBolsaStatus(db: Db, contract: TestContract, status: 'ATIVA' | 'CANCELADA' | 'ENCERRADA') {
  await db.updateTable('bolsa').set({ status }).where('id', '=', contract.bolsaId).execute();
}

/** Asserts the journey's counters equal a count over its entries, situação by situação. */
export async function assertCountersExact(db: Db, jornadaId: number): Promise<Record<string, number>> {
  const counted = await sql<{ k: string; n: number }>`
    select situacao || '/' || coalesce(motivo, '') as k, count(*)::int8 as n
    from entrada_jornada where jornada_id = ${jornadaId} group by 1`.execute(db);
  const kept = await sql<{ k: string; n: number }>`
    select situacao || '/' || motivo as k, total as n
    from contador_jornada where jornada_id = ${jornadaId} and total <> 0`.execute(db);
  const asMap = (rows: { k: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.k, r.n]));
  assert.deepEqual(asMap(kept.rows), asMap(counted.rows), 'contador_jornada matches the entries');
  return asMap(counted.rows);
}

export async function timelineOf(db: Db, brbIds: number[]) {
  if (brbIds.length === 0) return [];
  return db.selectFrom('todos_eventos').selectAll().where('entrada_id', 'in', brbIds).orderBy('id').execute();
}
