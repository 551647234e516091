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
 * of rows as read, until they are decided into lote_linha, the record of every row.
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
  await sql`truncate valores_chunk`.execute(trx);
}

/**
 * Stages a chunk with one statement (each column travels as one array literal, unnested in step),
 * replacing the previous chunk.
 */
export async function stageChunk(trx: Q, rows: ValuesRow[]): Promise<void> {
  await sql`truncate valores_chunk`.execute(trx);
  const erros = arrayLiteral(
    'text',
    rows.map((r) => (r.erros.length > 0 ? JSON.stringify(r.erros) : null)),
  );
  await sql`
    insert into valores_chunk (linha, brb_id, erros, nome_estudante, qtd_parcelas_cobertura, qtd_creditos,
      valor_contrato, valor_ctr_prest_servico, percentual_concedido, parc_meses, id_curso, regime_contrato,
      contrato_anual, motivo_reenvio, motivo, serie_semestre)
    select unnest(${column(rows, 'linha', 'number')}::int4[]), unnest(${column(rows, 'brbId', 'number')}::int8[]),
      unnest(${erros}::jsonb[]), unnest(${column(rows, 'nomeEstudante', 'text')}::text[]),
      unnest(${column(rows, 'qtdParcelasCobertura', 'number')}::int4[]),
      unnest(${column(rows, 'qtdCreditos', 'number')}::int4[]), unnest(${column(rows, 'valorContrato', 'text')}::numeric[]),
      unnest(${column(rows, 'valorCtrPrestServico', 'text')}::numeric[]),
      unnest(${column(rows, 'percentualConcedido', 'text')}::numeric[]),
      unnest(${column(rows, 'parcMeses', 'text')}::text[]), unnest(${column(rows, 'idCurso', 'number')}::int8[]),
      unnest(${column(rows, 'regimeContrato', 'text')}::text[]), unnest(${column(rows, 'contratoAnual', 'bool')}::bool[]),
      unnest(${column(rows, 'motivoReenvio', 'text')}::text[]), unnest(${column(rows, 'motivo', 'text')}::text[]),
      unnest(${column(rows, 'serieSemestre', 'text')}::text[])
  `.execute(trx);
}

/**
 * Settings for a large batch, for the rest of its transaction: no JIT (compiling the check's plan
 * costs more than it saves, about half a second at 100k rows) and enough work memory for its
 * hashes and sorts to stay in memory.
 */
export async function tuneForLargeBatch(trx: Q): Promise<void> {
  await sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`.execute(trx);
}

/** Fresh planner statistics for the chunk (a large chunk would otherwise look empty). */
export async function analyzeChunk(trx: Q): Promise<void> {
  await sql`analyze valores_chunk`.execute(trx);
}
