import { randomBytes } from 'node:crypto';
import { type Compilable, CompiledQuery } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';

/** Rows fetched from the cursor at a time: one chunk is all an export holds in memory. */
export const EXPORT_CHUNK_ROWS = 2000;

/** Hands rows to the writer chunk by chunk; resolves when the writer has taken them. */
export type Sink<R> = (rows: R[]) => Promise<void>;

/**
 * Runs `query` through a server-side cursor and hands its rows to `sink` chunk by chunk, waiting
 * for each chunk to be written (backpressure reaches the database: a slow client fetches slowly).
 *
 * PostgreSQL: a NO SCROLL cursor in a read-only transaction on one pooled connection, so the rows
 * stream from the server as they are produced. PGlite is one session that the dialect lends to
 * one holder at a time; holding it for a whole download would stop every other request, so there
 * the cursor is WITH HOLD (materialized by the database, outside the JS heap) and each FETCH
 * borrows the session for just that statement.
 */
export async function streamQuery<R>(
  db: Db,
  kind: Config['database']['kind'],
  query: Compilable<R>,
  sink: Sink<R>,
  chunk = EXPORT_CHUNK_ROWS,
): Promise<void> {
  const { sql, parameters } = query.compile();
  const name = `exportacao_${randomBytes(6).toString('hex')}`;
  const fetch = CompiledQuery.raw(`fetch forward ${chunk} from ${name}`);
  if (kind === 'postgres') {
    await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(`declare ${name} no scroll cursor for ${sql}`, [...parameters]));
        for (;;) {
          const { rows } = await trx.executeQuery<R>(fetch);
          if (rows.length > 0) await sink(rows);
          if (rows.length < chunk) return;
        }
      });
    return;
  }
  await db.executeQuery(CompiledQuery.raw(`declare ${name} no scroll cursor with hold for ${sql}`, [...parameters]));
  try {
    for (;;) {
      const { rows } = await db.executeQuery<R>(fetch);
      if (rows.length > 0) await sink(rows);
      if (rows.length < chunk) return;
    }
  } finally {
    await db.executeQuery(CompiledQuery.raw(`close ${name}`));
  }
}
