import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { refreshNameKeyFrequencies } from '../modules/dashboard/name-keys.js';
import { suspendConstraints } from './bulk-load.js';
import { buildWorld, type SeedContext, type SeedOptions } from './context.js';
import { SEED_STAGES } from './stages/index.js';

export type { SeedContext, SeedOptions, SeedStage } from './context.js';

/** Contracts generated per statement: big enough to amortize a round trip, small enough to keep memory flat. */
const CHUNK = 10_000;
/**
 * From this many students on, keys and indexes are rebuilt after the load instead of kept during
 * it. Below, rebuilding them costs more than it saves (on PGlite, much more).
 */
const BULK_FROM = 50_000;

/**
 * Fills a database that has no IE with deterministic demo data (the same options give the same
 * rows) and answers true; answers false and changes nothing when an IE exists. Everything runs in
 * one transaction, so a failed or interrupted seed leaves the database empty, never half-seeded.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const world = buildWorld(options);
  return db.transaction().execute(async (trx) => {
    // Two processes seeding the same empty database: the second waits here, then finds the IEs.
    await sql`lock table ie in share row exclusive mode`.execute(trx);
    if (await trx.selectFrom('ie').select('id').limit(1).executeTakeFirst()) return false;
    const ctx: SeedContext = { ...world, trx, shiftIds: [], chunkSize: CHUNK };
    const reporter = (stage: string) => (done: number, total: number) => options.onProgress?.(done, total, stage);
    const bulkTables = SEED_STAGES.flatMap((s) => s.bulkTables ?? []);
    const suspended =
      (options.bulkLoad ?? options.students >= BULK_FROM) ? await suspendConstraints(trx, bulkTables) : null;
    for (const stage of SEED_STAGES) {
      const report = reporter(stage.name);
      report(0, 1);
      await stage.run(ctx, report);
    }
    await suspended?.restore(reporter('índices e chaves'));
    await resetIdentities(ctx);
    await refreshNameKeyFrequencies(trx);
    return true;
  });
}

/** Rows went in with explicit ids: move every identity past them so the service's own inserts do not collide. */
async function resetIdentities(ctx: SeedContext): Promise<void> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(ctx.trx);
  for (const { table_name: table, column_name: column } of columns.rows) {
    await sql`select setval(pg_get_serial_sequence(${sql.lit(`"${table}"`)}, ${sql.lit(column)}), max(${sql.ref(column)}))
      from ${sql.table(table)} having max(${sql.ref(column)}) is not null`.execute(ctx.trx);
  }
}
