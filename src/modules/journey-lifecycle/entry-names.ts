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
 * fails, undo() deletes those of the names whose entries never came; only a process that dies in
 * that moment leaves them, unseen, to entries that do not exist. If the names' statement fails,
 * the opening writes them itself (write() answers false). On PGlite, one session, there is no
 * second connection: the trigger writes the names with the entries, as before.
 */
export class NamesBeside {
  readonly #db: Db;
  readonly #written: string[] = [];

  constructor(db: Db) {
    this.#db = db;
  }

  /** Whether a second connection exists (PostgreSQL). */
  get available(): boolean {
    return plannedOnce(this.#db) !== this.#db;
  }

  /**
   * Writes the names of new entries of `journey` (ids as the database gave them) and merges their
   * GIN keys; answers whether they were written.
   */
  async write(journey: number, names: EntryNames): Promise<boolean> {
    const beside = plannedOnce(this.#db);
    try {
      await sql`
        insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
        select n.entrada_id, ${journey}::int8, n.nome_busca, n.cpf, n.matricula
        from unnest(${names.ids}::int8[], ${names.nomes}::text[], ${names.cpfs}::text[], ${names.matriculas}::text[])
          as n(entrada_id, nome_busca, cpf, matricula)`.execute(beside);
    } catch {
      return false;
    }
    this.#written.push(...names.ids);
    // The keys left in the pending list, merged now: a journey opened is searched at once. A
    // failure here loses nothing (autovacuum merges the list later).
    await mergeGinPending(beside, 'entrada_nome_chaves_idx').catch(() => undefined);
    return true;
  }

  /** After a failed opening: the names written beside it whose entries never committed. */
  async undo(): Promise<void> {
    if (this.#written.length === 0) return;
    const ids = this.#written.splice(0);
    await sql`
      delete from entrada_nome n where n.entrada_id = any(${ids}::int8[])
        and not exists (select from entrada_jornada e where e.id = n.entrada_id)`.execute(this.#db);
  }
}

/** New entries' names, column by column (as one row of arrays from the database). */
export interface EntryNames {
  ids: string[];
  nomes: string[];
  cpfs: string[];
  matriculas: string[];
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
