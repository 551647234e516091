import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import type { ValuesRow } from './values.rows.js';
import type { Origem, Resultado, RowError } from './values.tables.js';

/**
 * The set-based batch pipeline. Rows arrive in chunks; each chunk is staged in a temporary table,
 * checked against its entries and applied with a handful of statements whatever its size (no
 * statement runs per row), and recorded in lote_linha, which stays as the rows' record. Every
 * function takes the batch's transaction.
 */
type Q = Kysely<Database>;

export interface NewBatch {
  origem: Origem;
  porta: 'padrao' | 'alterar-status';
  reenvio: boolean;
  caller: Pick<Caller, 'sub' | 'name'>;
  arquivo?: { nome: string; formato: 'csv' | 'xlsx' };
}

export async function createBatch(trx: Q, batch: NewBatch): Promise<number> {
  const { id } = await trx
    .insertInto('lote')
    .values({
      origem: batch.origem,
      porta: batch.porta,
      reenvio: batch.reenvio,
      criado_por: batch.caller.sub,
      criado_por_nome: batch.caller.name,
      arquivo_nome: batch.arquivo?.nome ?? null,
      arquivo_formato: batch.arquivo?.formato ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const col = <K extends keyof ValuesRow>(rows: ValuesRow[], key: K) => rows.map((r) => r[key]);

/**
 * The batch's working tables, temporary (no WAL, dropped at commit): `valores_chunk` holds the
 * chunk of rows being checked and applied, `valores_vistos` the first row of every brbId seen so
 * far in the batch (to report repeats across chunks). The record of every row is lote_linha.
 */
export async function openStaging(trx: Q): Promise<void> {
  await sql`
    create temp table if not exists valores_chunk (
      linha int4 not null, brb_id int8, erros jsonb, nome_estudante text, qtd_parcelas_cobertura int4,
      qtd_creditos int4, valor_contrato numeric(14,2), valor_ctr_prest_servico numeric(14,2),
      percentual_concedido numeric(9,4), parc_meses text, id_curso int8, regime_contrato text, contrato_anual bool,
      motivo_reenvio text, motivo text, serie_semestre text,
      entrada_id int8, ie_id int8, processo_id int8, situacao_anterior text, motivo_anterior text,
      resultado text, processamento text
    ) on commit drop
  `.execute(trx);
  await sql`create temp table if not exists valores_vistos (brb_id int8 primary key, linha int4 not null) on commit drop`.execute(
    trx,
  );
  await sql`truncate valores_chunk, valores_vistos`.execute(trx);
}

/**
 * Stages a chunk with one statement (each column travels as one array parameter and is unnested),
 * replacing the previous chunk, and notes the first row of each of its brbIds.
 */
export async function stageChunk(trx: Q, rows: ValuesRow[]): Promise<void> {
  await sql`truncate valores_chunk`.execute(trx);
  await sql`
    insert into valores_chunk (linha, brb_id, erros, nome_estudante, qtd_parcelas_cobertura, qtd_creditos,
      valor_contrato, valor_ctr_prest_servico, percentual_concedido, parc_meses, id_curso, regime_contrato,
      contrato_anual, motivo_reenvio, motivo, serie_semestre)
    select * from unnest(
      ${col(rows, 'linha')}::int4[], ${col(rows, 'brbId')}::int8[],
      ${rows.map((r) => (r.erros.length > 0 ? JSON.stringify(r.erros) : null))}::jsonb[],
      ${col(rows, 'nomeEstudante')}::text[], ${col(rows, 'qtdParcelasCobertura')}::int4[],
      ${col(rows, 'qtdCreditos')}::int4[], ${col(rows, 'valorContrato')}::numeric[],
      ${col(rows, 'valorCtrPrestServico')}::numeric[], ${col(rows, 'percentualConcedido')}::numeric[],
      ${col(rows, 'parcMeses')}::text[], ${col(rows, 'idCurso')}::int8[], ${col(rows, 'regimeContrato')}::text[],
      ${col(rows, 'contratoAnual')}::bool[], ${col(rows, 'motivoReenvio')}::text[], ${col(rows, 'motivo')}::text[],
      ${col(rows, 'serieSemestre')}::text[]
    )
  `.execute(trx);
  await sql`
    insert into valores_vistos (brb_id, linha)
    select brb_id, min(linha) from valores_chunk where brb_id is not null group by brb_id
    on conflict (brb_id) do nothing
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

export interface CheckParams {
  caller: Pick<Caller, 'all' | 'ies'>;
  reenvio: boolean;
  /** State patterns the batch's action starts from ('APTO', 'SEM_RENOVACAO/TRANCAMENTO'). */
  allowedFrom: string[];
  /** Situations whose rows wait for the foundation (PENDENTE) instead of moving. */
  pendingIn: string[];
  /** How the allowed states read in a row error. */
  allowedText: string;
}

/**
 * Decides every row of the chunk in one statement: entry found among the caller's IEs (else "not
 * found", never hinting it exists elsewhere), not repeated in the batch, state accepting values,
 * no values request already in progress (unless reenvio), course matching. A repeated row is
 * reported as a repeat only: the entry's state is the first row's business (and an earlier chunk
 * may already have moved it). Outcome: ERRO, PENDENTE or SUCESSO, with the state the entry was
 * read in. Nothing is locked here: applyChunk
 * moves an entry only if it is still in that state.
 */
export async function checkChunk(trx: Q, p: CheckParams): Promise<void> {
  const plain = p.allowedFrom.filter((f) => !f.includes('/'));
  const pairs = p.allowedFrom.filter((f) => f.includes('/'));
  await sql`
    with base as (
      select s.linha, s.brb_id, s.id_curso, a.id as entrada_id, a.ie_id, a.situacao, a.motivo, a.curso_id,
        pr.id as processo_id, f.linha as primeira_linha, coalesce(a.id is not null and f.linha < s.linha, false) as repetida,
        coalesce(a.situacao = any(${p.pendingIn}::text[]), false) as pendente,
        coalesce(a.situacao = any(${plain}::text[])
          or (a.situacao || '/' || coalesce(a.motivo, '')) = any(${pairs}::text[]), false) as permitido,
        exists (select 1 from solicitacao x where x.entrada_id = a.id and x.tipo = 'ENVIO_VALORES'
          and x.status = 'EM_ANDAMENTO') as em_andamento
      from valores_chunk s
      left join entrada_jornada a on a.id = s.brb_id
        and (${p.caller.all}::bool or a.ie_id = any(${p.caller.ies}::int8[]))
      left join processo pr on pr.entrada_id = a.id
      left join valores_vistos f on f.brb_id = s.brb_id
    ),
    -- The row's new errors as one jsonb array: plain expressions, no subquery or aggregate per row.
    -- Materialized: the update below reads novos three times, and each read would rebuild it.
    avaliada as materialized (
      select b.*, to_jsonb(array_remove(array[
          case when b.brb_id is not null and b.entrada_id is null then jsonb_build_object('campo', 'brbId',
            'regra', 'NAO_ENCONTRADO', 'mensagem', 'was not found among the journey entries of your institutions') end,
          case when b.repetida then jsonb_build_object('campo', 'brbId',
            'regra', 'DUPLICADO', 'mensagem', format('repeats row %s of this batch; send each student once', b.primeira_linha)) end,
          case when b.entrada_id is not null and not b.repetida and not b.pendente and not b.permitido then jsonb_build_object(
            'campo', 'brbId', 'regra', 'SITUACAO', 'mensagem',
            format('is %s%s, which does not accept values; %s', b.situacao, coalesce('/' || b.motivo, ''),
              ${p.allowedText}::text)) end,
          case when not b.repetida and (b.pendente or b.permitido) and b.em_andamento and not ${p.reenvio}::bool then
            jsonb_build_object('campo', 'brbId', 'regra', 'EM_ANDAMENTO', 'mensagem',
              'already has values being processed by the foundation; send with reenvio=true to replace them') end,
          case when b.entrada_id is not null and b.id_curso is not null and b.id_curso <> b.curso_id then
            jsonb_build_object('campo', 'idCurso', 'regra', 'CURSO', 'mensagem',
              format('is %s but the student''s course is %s', b.id_curso, b.curso_id)) end
        ]::jsonb[], null)) as novos
      from base b
    )
    update valores_chunk s set
      entrada_id = v.entrada_id,
      ie_id = v.ie_id,
      processo_id = v.processo_id,
      situacao_anterior = v.situacao,
      motivo_anterior = v.motivo,
      erros = coalesce(s.erros, '[]'::jsonb) || v.novos,
      resultado = case when s.erros is not null or v.novos <> '[]'::jsonb then 'ERRO'
        when v.pendente then 'PENDENTE' else 'SUCESSO' end,
      processamento = case when s.erros is not null or v.novos <> '[]'::jsonb then 'NAO_APLICAVEL'
        else 'AGUARDANDO' end
    from avaliada v
    where s.linha = v.linha
  `.execute(trx);
}

/**
 * Reenvio: the values request in progress for each resent entry is cancelled and its rows in
 * earlier batches are marked replaced. Returns the earlier batches touched.
 */
export async function replacePrevious(trx: Q, loteId: number): Promise<number[]> {
  await sql`
    update solicitacao s set status = 'CANCELADA', concluida_em = now(),
      dados = s.dados || jsonb_build_object('substituidaPorLote', ${loteId}::int8)
    from valores_chunk v
    where v.resultado in ('SUCESSO', 'PENDENTE')
      and s.entrada_id = v.entrada_id and s.tipo = 'ENVIO_VALORES' and s.status = 'EM_ANDAMENTO'
  `.execute(trx);
  const touched = await sql<{ lote_id: number }>`
    with marcadas as (
      update lote_linha o set processamento = 'SUBSTITUIDO', processado_em = now()
      from valores_chunk v
      where v.resultado in ('SUCESSO', 'PENDENTE') and o.entrada_id = v.entrada_id and o.processamento = 'AGUARDANDO'
        and o.lote_id <> ${loteId}::int8
      returning o.lote_id
    )
    select distinct lote_id from marcadas
  `.execute(trx);
  return touched.rows.map((r) => r.lote_id);
}

export interface ApplyParams {
  loteId: number;
  caller: Pick<Caller, 'sub' | 'name'>;
  acao: string;
  origem: Origem;
}

/**
 * Moves the chunk's SUCESSO entries to EM_PROCESSAMENTO and locks its PENDENTE entries, each only
 * if it is still in the state the check read. Returns how many rows were expected and how many
 * entries were still in that state: fewer means another change got there first, and the batch
 * must not be recorded (the caller rolls it back).
 */
export async function moveEntries(trx: Q): Promise<{ expected: number; held: number }> {
  const result = await sql<{ expected: number; held: number }>`
    with movidas as (
      update entrada_jornada e set situacao = 'EM_PROCESSAMENTO', motivo = null, versao = e.versao + 1,
        updated_at = now()
      from valores_chunk v
      where v.resultado = 'SUCESSO' and e.id = v.entrada_id
        and e.situacao = v.situacao_anterior and e.motivo is not distinct from v.motivo_anterior
      returning e.id
    ),
    retidas as (
      select e.id from entrada_jornada e join valores_chunk v on v.entrada_id = e.id
      where v.resultado = 'PENDENTE' and e.situacao = v.situacao_anterior
        and e.motivo is not distinct from v.motivo_anterior
      for update of e
    )
    select (select count(*) from valores_chunk where resultado in ('SUCESSO', 'PENDENTE'))::int4 as expected,
      ((select count(*) from movidas) + (select count(*) from retidas))::int4 as held
  `.execute(trx);
  return result.rows[0]!;
}

/**
 * Records the chunk: every row goes to lote_linha with its outcome; SUCESSO and PENDENTE rows open
 * an ENVIO_VALORES request and write a timeline event. One statement.
 */
export async function recordChunk(trx: Q, p: ApplyParams): Promise<void> {
  await sql`
    with registro as (
      insert into lote_linha (lote_id, linha, brb_id, entrada_id, ie_id, processo_id, situacao_anterior, motivo_anterior,
        resultado, erros, processamento, nome_estudante, qtd_parcelas_cobertura, qtd_creditos, valor_contrato,
        valor_ctr_prest_servico, percentual_concedido, parc_meses, id_curso, regime_contrato, contrato_anual,
        motivo_reenvio, motivo, serie_semestre)
      select ${p.loteId}::int8, linha, brb_id, entrada_id, ie_id, processo_id, situacao_anterior, motivo_anterior,
        resultado, erros, processamento, nome_estudante, qtd_parcelas_cobertura, qtd_creditos, valor_contrato,
        valor_ctr_prest_servico, percentual_concedido, parc_meses, id_curso, regime_contrato, contrato_anual,
        motivo_reenvio, motivo, serie_semestre
      from valores_chunk
    ),
    novas as (
      insert into solicitacao (processo_id, entrada_id, ie_id, tipo, status, motivo_espera, dados, criada_por)
      select v.processo_id, v.entrada_id, v.ie_id, 'ENVIO_VALORES', 'EM_ANDAMENTO', 'EM_ANALISE_FUNDACAO',
        jsonb_build_object('lote', ${p.loteId}::int8, 'linha', v.linha, 'valorContrato', v.valor_contrato,
          'valorCtrPrestServico', v.valor_ctr_prest_servico, 'percentualConcedido', v.percentual_concedido,
          'qtdParcelasCobertura', v.qtd_parcelas_cobertura), ${p.caller.sub}
      from valores_chunk v
      where v.resultado in ('SUCESSO', 'PENDENTE')
      returning id, entrada_id
    )
    insert into evento_timeline (processo_id, entrada_id, ie_id, acao, situacao_anterior, motivo_anterior,
      situacao_nova, motivo_novo, usuario, usuario_nome, detalhes)
    select v.processo_id, v.entrada_id, v.ie_id, ${p.acao}, v.situacao_anterior, v.motivo_anterior,
      case when v.resultado = 'SUCESSO' then 'EM_PROCESSAMENTO' else v.situacao_anterior end,
      case when v.resultado = 'SUCESSO' then null else v.motivo_anterior end,
      ${p.caller.sub}, ${p.caller.name},
      jsonb_build_object('lote', ${p.loteId}::int8, 'linha', v.linha, 'origem', ${p.origem}::text,
        'pendenteFundacao', v.resultado = 'PENDENTE', 'solicitacaoId', n.id, 'valorContrato', v.valor_contrato,
        'valorCtrPrestServico', v.valor_ctr_prest_servico, 'percentualConcedido', v.percentual_concedido,
        'qtdParcelasCobertura', v.qtd_parcelas_cobertura)
    from novas n
    join valores_chunk v on v.entrada_id = n.entrada_id and v.resultado in ('SUCESSO', 'PENDENTE')
  `.execute(trx);
}

/** Writes the batch's counts; a batch with nothing waiting for the foundation is processed at once. */
export async function closeCounts(trx: Q, loteId: number) {
  const result = await sql<{ total: number; sucesso: number; erro: number; pendente: number }>`
    with c as (
      select count(*)::int4 as total,
        count(*) filter (where resultado = 'SUCESSO')::int4 as sucesso,
        count(*) filter (where resultado = 'ERRO')::int4 as erro,
        count(*) filter (where resultado = 'PENDENTE')::int4 as pendente
      from lote_linha where lote_id = ${loteId}::int8
    )
    update lote set total = c.total, sucesso = c.sucesso, erro = c.erro, pendente = c.pendente,
      status = case when c.sucesso + c.pendente = 0 then 'PROCESSADO' else 'EM_PROCESSAMENTO' end,
      processado_em = case when c.sucesso + c.pendente = 0 then now() end
    from c where lote.id = ${loteId}
    returning c.total, c.sucesso, c.erro, c.pendente
  `.execute(trx);
  return result.rows[0]!;
}

export interface OutcomeRow {
  linha: number;
  brb_id: number | null;
  resultado: Resultado;
  erros: RowError[];
  situacao_anterior: string | null;
}

/** The rows of a batch with an outcome other than SUCESSO (or all of them), in row order. */
export function batchOutcomes(trx: Q, loteId: number, all = false): Promise<OutcomeRow[]> {
  return trx
    .selectFrom('lote_linha')
    .select(['linha', 'brb_id', 'resultado', 'erros', 'situacao_anterior'])
    .where('lote_id', '=', loteId)
    .$if(!all, (q) => q.where('resultado', 'in', ['ERRO', 'PENDENTE']))
    .orderBy('linha')
    .execute() as Promise<OutcomeRow[]>;
}
