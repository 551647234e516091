import { type Kysely, sql } from 'kysely';
import { arrayLiteral, type LiteralKind } from '../../db/array-literal.js';
import type { Database } from '../../db/schema.js';
import type { ValuesRow } from './values.rows.js';

/** Where a batch's rows wait, a chunk at a time, before batch.repository.ts decides them. */
type Q = Kysely<Database>;

/** One column of the rows as the text of an array literal. */
function column(rows: ValuesRow[], key: keyof ValuesRow, kind: LiteralKind): string {
  return arrayLiteral(
    kind,
    rows.map((r) => r[key]),
  );
}

/**
 * The batch's working table, temporary (no WAL, dropped at commit): `valores_chunk` holds the chunk
 * of rows as read, until they are decided into lote_linha, the record of every row. JIT is off for
 * the rest of the batch's transaction: the check's estimated cost passes jit_above_cost from a few
 * hundred rows on, and compiling its plan cost more than it saved (about half a second at 100k
 * rows). The service's sessions run without JIT already (db/database.ts); this is for the CLI's
 * (`renova import` without `serve`), which keep the server's default, from the first chunk on.
 */
export async function openStaging(trx: Q): Promise<void> {
  await sql`
    create temp table if not exists valores_chunk (
      linha int4 not null, brb_id int8, erros jsonb, nome_estudante text, qtd_parcelas_cobertura int4,
      qtd_creditos int4, valor_contrato numeric(14,2), valor_ctr_prest_servico numeric(14,2),
      percentual_concedido numeric(9,4), parc_meses text, id_curso int8, regime_contrato text, contrato_anual bool,
      motivo_reenvio text, motivo text, serie_semestre text
    ) on commit drop
  `.execute(trx);
  await sql`select set_config('jit', 'off', true)`.execute(trx);
}

/** A chunk's columns as array literals (column()), built before the chunk's turn comes (stagedChunk). */
export interface StagedChunk {
  /** Rows in the chunk, and the first and last row numbers (lote_linha's range for the chunk). */
  count: number;
  first: number;
  last: number;
  columns: Record<keyof ValuesRow, string>;
}

const COLUMN_KINDS: Record<Exclude<keyof ValuesRow, 'erros'>, LiteralKind> = {
  linha: 'number',
  brbId: 'number',
  nomeEstudante: 'text',
  qtdParcelasCobertura: 'number',
  qtdCreditos: 'number',
  valorContrato: 'text',
  valorCtrPrestServico: 'text',
  percentualConcedido: 'text',
  parcMeses: 'text',
  idCurso: 'number',
  regimeContrato: 'text',
  contratoAnual: 'bool',
  motivoReenvio: 'text',
  motivo: 'text',
  serieSemestre: 'text',
};

/**
 * The chunk's statement parameters, built in the service while the database still works on the
 * chunk before (send-values.ts): about 50 ms of a 20,000-row chunk that then no longer waits in
 * line between two chunks' statements (#25). `rows` is not empty.
 */
export function stagedChunk(rows: ValuesRow[]): StagedChunk {
  const columns = {} as Record<keyof ValuesRow, string>;
  for (const [key, kind] of Object.entries(COLUMN_KINDS) as [Exclude<keyof ValuesRow, 'erros'>, LiteralKind][])
    columns[key] = column(rows, key, kind);
  columns.erros = arrayLiteral(
    'text',
    rows.map((r) => (r.erros.length > 0 ? JSON.stringify(r.erros) : null)),
  );
  return { count: rows.length, first: rows[0]!.linha, last: rows.at(-1)!.linha, columns };
}

/**
 * Stages a chunk with one statement (each column travels as one array literal, unnested in step),
 * replacing the previous chunk.
 */
export async function stageChunk(trx: Q, chunk: StagedChunk): Promise<void> {
  const c = chunk.columns;
  await sql`truncate valores_chunk`.execute(trx);
  await sql`
    insert into valores_chunk (linha, brb_id, erros, nome_estudante, qtd_parcelas_cobertura, qtd_creditos,
      valor_contrato, valor_ctr_prest_servico, percentual_concedido, parc_meses, id_curso, regime_contrato,
      contrato_anual, motivo_reenvio, motivo, serie_semestre)
    select unnest(${c.linha}::int4[]), unnest(${c.brbId}::int8[]), unnest(${c.erros}::jsonb[]),
      unnest(${c.nomeEstudante}::text[]), unnest(${c.qtdParcelasCobertura}::int4[]),
      unnest(${c.qtdCreditos}::int4[]), unnest(${c.valorContrato}::numeric[]),
      unnest(${c.valorCtrPrestServico}::numeric[]), unnest(${c.percentualConcedido}::numeric[]),
      unnest(${c.parcMeses}::text[]), unnest(${c.idCurso}::int8[]), unnest(${c.regimeContrato}::text[]),
      unnest(${c.contratoAnual}::bool[]), unnest(${c.motivoReenvio}::text[]), unnest(${c.motivo}::text[]),
      unnest(${c.serieSemestre}::text[])
  `.execute(trx);
}

/**
 * Settings for a large batch's statements: enough work memory for their hashes and sorts to stay in
 * memory, and no bitmap scans. The check probes each row's earlier batch rows (lote_linha by
 * entrada_id); where lote_linha has no statistics yet (a new database's first imports) the planner
 * expects 85 rows a probe and restarts a bitmap scan per row, a hash table and a system call each
 * (0.2 s of a 100,000-row import, #25). Returns the bitmap setting before, for restoreAfterLargeBatch:
 * the caller's transaction may go on (a GIN index is read only by bitmap scans).
 */
export async function tuneForLargeBatch(trx: Q): Promise<string> {
  const { rows } = await sql<{ before: string }>`
    select current_setting('enable_bitmapscan') as before, set_config('work_mem', '64MB', true),
      set_config('enable_bitmapscan', 'off', true)`.execute(trx);
  return rows[0]!.before;
}

/** Gives the transaction back the bitmap setting tuneForLargeBatch found. */
export async function restoreAfterLargeBatch(trx: Q, bitmapScan: string): Promise<void> {
  await sql`select set_config('enable_bitmapscan', ${bitmapScan}, true)`.execute(trx);
}

/** Fresh planner statistics for the chunk (a large chunk would otherwise look empty). */
export async function analyzeChunk(trx: Q): Promise<void> {
  await sql`analyze valores_chunk`.execute(trx);
}
