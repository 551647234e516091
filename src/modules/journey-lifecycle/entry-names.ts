import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { mergeGinPending } from '../../db/gin-pending.js';
import { plannedOnce } from '../../db/planned.js';

/**
 * New entries' names written beside the transaction that writes the entries (#25). An entry's
 * name, CPF and matrícula go to entrada_nome with ~20 GIN keys and four btrees; for a journey of
 * 100,000 contracts that was 3.05 of the opening's 7.62 s, in the opening's one backend, while the
 * machine's other core idled. With NamesBeside the opening hands the new entries' names to a
 * connection of the planned-once pool (db/planned.ts), which writes them in one statement of its
 * own while the opening writes the entries, their processes and their events; the entries' insert
 * tells the names' trigger to leave them (migration 0780).
 *
 * The names commit on their own, before the entries do. Every reader of entrada_nome joins the
 * entries, so names whose entries are not committed yet are found by nobody. If the opening then
 * fails, undo() deletes those of the names whose entries never came. When nobody is left to undo
 * them (the database or the process died between the two commits), the record written with them
 * (migration 0790) leads the scheduled job's sweepNamesLeftBehind to them. If the names' statement
 * fails, the opening writes them itself (write() answers false). On PGlite, one session, there is no
 * second connection: the trigger writes the names with the entries, as before.
 */
export class NamesBeside {
  readonly #db: Db;
  /** The bulks handed to write(), answered or not: undo() and settle() look for their names and records. */
  readonly #bulks: Bulk[] = [];

  constructor(db: Db) {
    this.#db = db;
  }

  /** Whether a second connection exists (PostgreSQL). */
  get available(): boolean {
    return plannedOnce(this.#db) !== this.#db;
  }

  /**
   * Taken by the opening's transaction before write(), held until it ends: while any opening holds
   * it, sweepNamesLeftBehind leaves every record alone.
   */
  async hold(trx: Db): Promise<void> {
    await sql`select pg_advisory_xact_lock_shared(${BESIDE_LOCK}, 0)`.execute(trx);
  }

  /**
   * Writes the names of new entries of `journey` (ids as the database gave them), with a record of
   * their range (entrada_nome_pendente, migration 0790), and merges their GIN keys; answers whether
   * they were written.
   */
  async write(journey: number, names: EntryNames): Promise<boolean> {
    const beside = plannedOnce(this.#db);
    const bulk: Bulk = { journey, ids: names.ids, primeiro: names.primeiro, ultimo: names.ultimo };
    this.#bulks.push(bulk);
    try {
      await sql`
        with pendente as (
          insert into entrada_nome_pendente (jornada_id, primeiro, ultimo)
          values (${journey}::int8, ${bulk.primeiro}::int8, ${bulk.ultimo}::int8)
        )
        insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
        select n.entrada_id, ${journey}::int8, n.nome_busca, n.cpf, n.matricula
        from unnest(${names.ids}::int8[], ${names.nomes}::text[], ${names.cpfs}::text[], ${names.matriculas}::text[])
          as n(entrada_id, nome_busca, cpf, matricula)`.execute(beside);
    } catch {
      return false;
    }
    // The keys left in the pending list, merged now: a journey opened is searched at once. A
    // failure here loses nothing (autovacuum merges the list later).
    await mergeGinPending(beside, 'entrada_nome_chaves_idx').catch(() => undefined);
    return true;
  }

  /** In the opening's transaction, once the entries of `journey` are written: its names' record goes with its commit. */
  async settle(trx: Db, journey: number): Promise<void> {
    for (const bulk of this.#bulks) if (bulk.journey === journey) await forget(trx, bulk);
  }

  /** After a failed opening: the names written beside it whose entries never committed, and their records. */
  async undo(): Promise<void> {
    for (const bulk of this.#bulks.splice(0)) {
      await this.#db.transaction().execute(async (trx) => {
        await sql`
          delete from entrada_nome n where n.entrada_id = any(${bulk.ids}::int8[])
            and not exists (select from entrada_jornada e where e.id = n.entrada_id)`.execute(trx);
        await forget(trx, bulk);
      });
    }
  }
}

/** One bulk of names handed to NamesBeside.write: its entries' ids and their range, as recorded. */
interface Bulk {
  journey: number;
  /** An int8[] literal. */
  ids: string;
  primeiro: string;
  ultimo: string;
}

/** Deletes a bulk's record (entrada_nome_pendente). */
async function forget(trx: Db, bulk: Bulk): Promise<void> {
  await sql`delete from entrada_nome_pendente where jornada_id = ${bulk.journey}::int8 and primeiro = ${bulk.primeiro}::int8`.execute(
    trx,
  );
}

/** The advisory lock (with key 0) that openings writing names beside share and the sweep takes alone. */
const BESIDE_LOCK = 5300;

/**
 * Deletes the names of bulks whose entries never committed: the database or the process died
 * between the names' commit and the opening's, so nobody was left to undo them. Runs only when no
 * opening is writing names beside (else it waits for the next run); answers how many it deleted.
 */
export async function sweepNamesLeftBehind(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      livre: boolean;
    }>`select pg_try_advisory_xact_lock(${BESIDE_LOCK}, 0) as livre`.execute(trx);
    if (!rows[0]?.livre) return 0;
    const gone = await sql`
      delete from entrada_nome n using entrada_nome_pendente p
      where n.jornada_id = p.jornada_id and n.entrada_id between p.primeiro and p.ultimo
        and not exists (select from entrada_jornada e where e.id = n.entrada_id)`.execute(trx);
    await sql`delete from entrada_nome_pendente`.execute(trx);
    return Number(gone.numAffectedRows ?? 0);
  });
}

/**
 * New entries' names, column by column: one row of arrays from the database, each kept as the
 * array literal the database wrote (array_out) and handed back as such to the names' connection,
 * which reads it with array_in, the exact inverse. Node neither parses nor rebuilds 400,000
 * elements on the opening's path (0.4 s of a 100,000-contract opening, before the names could
 * start). The range of the entry ids (int8 as text) goes with them.
 */
export interface EntryNames {
  ids: string;
  nomes: string;
  cpfs: string;
  matriculas: string;
  primeiro: string;
  ultimo: string;
}

/** Runs `fn` (a transaction that writes entries) with names beside it; when it fails, undoes them. */
export async function withNamesWrittenBeside<T>(db: Db, fn: (names: NamesBeside) => Promise<T>): Promise<T> {
  const names = new NamesBeside(db);
  try {
    return await fn(names);
  } catch (error) {
    await names.undo().catch(() => undefined);
    throw error;
  }
}
