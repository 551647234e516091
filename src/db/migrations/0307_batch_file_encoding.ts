import { type Kysely, sql } from 'kysely';

/**
 * A values batch read from a CSV records the encoding it was read in (DOMAIN.md, "Files that
 * people open in Excel"): a file that is not valid UTF-8 is read as Windows-1252, and whoever
 * looks at the batch later can tell which reading was made. Null for xlsx and for older batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table lote add column arquivo_codificacao text
      check (arquivo_codificacao in ('utf-8', 'windows-1252'))
  `.execute(db);
}
