import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

type Resultado = 'PENDENTE' | 'FEITO' | 'RECUSADO';

export interface SelectedEntry {
  brbId: number;
  nome: string | null;
  cpf: string | null;
}

/** Name and CPF of those of the ids that are the caller's entries (the others stay unnamed). */
export async function namesOf(db: Db, caller: Caller, ids: number[]) {
  if (ids.length === 0) return new Map<number, { nome: string; cpf: string }>();
  const rows = await db
    .selectFrom('entrada_jornada as e')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .select(['e.id', 's.nome', 'e.cpf'])
    .where('e.id', '=', sql<number>`any(${ids}::int8[])`)
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { nome: r.nome, cpf: r.cpf }]));
}

export interface NewBulk {
  acao: string;
  caller: Caller;
  dados: Record<string, unknown>;
  correlacaoId: string;
  entries: SelectedEntry[];
}

/** The bulk action and its pending items, in one transaction. */
export function insertBulk(db: Db, b: NewBulk): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('acao_em_lote')
      .values({
        acao: b.acao,
        usuario: b.caller.sub,
        usuario_nome: b.caller.name || null,
        ie_ids: b.caller.all ? [] : b.caller.ies,
        dados: JSON.stringify(b.dados),
        total: b.entries.length,
        correlacao_id: b.correlacaoId,
        concluida_em: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = b.entries.map((e, i) => ({
      acao_lote_id: id,
      ordem: i + 1,
      brb_id: e.brbId,
      estudante_nome: e.nome,
      cpf: e.cpf,
      status: null,
      mensagem: null,
      situacao: null,
    }));
    // 1,000 rows (8,000 parameters) a statement keeps well below the drivers' parameter limits.
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('acao_em_lote_item')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    return Number(id);
  });
}

export interface ItemOutcome {
  resultado: Exclude<Resultado, 'PENDENTE'>;
  status: number;
  mensagem: unknown;
  situacao: string | null;
}

export async function recordItem(db: Db, bulkId: number, ordem: number, o: ItemOutcome) {
  await db
    .updateTable('acao_em_lote_item')
    .set({
      resultado: o.resultado,
      status: o.status,
      mensagem: o.mensagem === null ? null : JSON.stringify(o.mensagem),
      situacao: o.situacao,
    })
    .where('acao_lote_id', '=', bulkId)
    .where('ordem', '=', ordem)
    .execute();
}

export async function touch(db: Db, bulkId: number) {
  await db.updateTable('acao_em_lote').set({ atualizada_em: sql`now()` }).where('id', '=', bulkId).execute();
}

export async function finish(db: Db, bulkId: number, estado: 'CONCLUIDA' | 'INTERROMPIDA') {
  await db
    .updateTable('acao_em_lote')
    .set({ estado, atualizada_em: sql`now()`, concluida_em: sql`now()` })
    .where('id', '=', bulkId)
    .where('estado', '=', 'EM_ANDAMENTO')
    .execute();
}

/**
 * A bulk action whose runner stopped without a word (the process died): no heartbeat for this long
 * means no runner holds it, whichever instance started it (the heartbeat comes every 25 entries).
 */
const STALE_MINUTES = 10;

export async function markIfStale(db: Db, bulkId: number) {
  await db
    .updateTable('acao_em_lote')
    .set({ estado: 'INTERROMPIDA', concluida_em: sql`now()` })
    .where('id', '=', bulkId)
    .where('estado', '=', 'EM_ANDAMENTO')
    .where('atualizada_em', '<', sql<Date>`now() - make_interval(mins => ${STALE_MINUTES})`)
    .execute();
}

/** A bulk action the caller may read: started by one of its IEs' users (the foundation reads all). */
export function findBulk(db: Db, caller: Caller, id: number) {
  let q = db.selectFrom('acao_em_lote').selectAll().where('id', '=', id);
  if (!caller.all) q = q.where(sql<boolean>`(ie_ids <> '{}' and ie_ids <@ ${caller.ies}::int8[])`);
  return q.executeTakeFirst();
}

export async function countsOf(db: Db, bulkId: number) {
  const rows = await db
    .selectFrom('acao_em_lote_item')
    .select((eb) => ['resultado', eb.fn.countAll<number>().as('n')])
    .where('acao_lote_id', '=', bulkId)
    .groupBy('resultado')
    .execute();
  const n = (r: Resultado) => Number(rows.find((row) => row.resultado === r)?.n ?? 0);
  return { feitos: n('FEITO'), recusados: n('RECUSADO'), pendentes: n('PENDENTE') };
}

export function itemsOf(db: Db, bulkId: number, resultado: Resultado | undefined, limit: number, offset: number) {
  let q = db.selectFrom('acao_em_lote_item').selectAll().where('acao_lote_id', '=', bulkId);
  if (resultado) q = q.where('resultado', '=', resultado);
  return q.orderBy('ordem').limit(limit).offset(offset).execute();
}
