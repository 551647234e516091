import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { noteAuditTarget } from '../audit/audit.context.js';
import type { Fonte, Origem, Resultado, RowError } from './values.tables.js';

/**
 * The set-based batch pipeline. Rows arrive in chunks; each chunk is staged in a temporary table
 * (batch-staging.ts), decided against its entries and recorded in lote_linha, which stays as the
 * rows' record, and applied, with a handful of statements whatever its size (no statement runs per
 * row). Every function takes the batch's transaction.
 */
type Q = Kysely<Database>;

export interface NewBatch {
  origem: Origem;
  porta: 'padrao' | 'alterar-status';
  reenvio: boolean;
  caller: Pick<Caller, 'sub' | 'name' | 'role' | 'all' | 'ies'>;
  arquivo?: { nome: string; formato: 'csv' | 'xlsx' };
}

/** Where a batch came from: a sheet import, an IE system (role API), or a send from the portal. */
const fonteOf = (batch: NewBatch): Fonte =>
  batch.origem === 'PLANILHA' ? 'PLANILHA' : batch.caller.role === 'API' ? 'API' : 'ENVIO_UNICO';

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
      fonte: fonteOf(batch),
      // The sender's IEs; a foundation's batch takes its rows' IEs when it is counted (finishBatch).
      ie_ids: batch.caller.all ? [] : batch.caller.ies,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  noteAuditTarget({ loteId: id });
  return id;
}

/** The rows of one chunk in lote_linha: its batch and its first and last row numbers. */
export interface ChunkRows {
  loteId: number;
  first: number;
  last: number;
}

/**
 * An entry's open values request of its own (written before 0405), as a subquery (lateral, or a
 * value per row): one probe of solicitacao_em_andamento_uk per row, which holds at most one per
 * entry and type. LIMIT keeps it a probe; as a join or an EXISTS, PostgreSQL hashed or scanned
 * every request. The uncorrelated EXISTS first is evaluated once a statement (an InitPlan, the
 * probe's one-time filter): where no such request is open, as in every database begun after 0405
 * once its old requests were settled, no row probes at all. Each probe of a small table was a seq
 * scan restarted per row, a system call each (0.2 s of a 100,000-row import, #25).
 */
const openValuesRequest = (entry: ReturnType<typeof sql.ref>) =>
  sql`(select x.id from solicitacao x
    where exists (select from solicitacao y where y.tipo = 'ENVIO_VALORES' and y.status = 'EM_ANDAMENTO')
      and x.entrada_id = ${entry} and x.tipo = 'ENVIO_VALORES' and x.status = 'EM_ANDAMENTO' limit 1)`;

/** The chunk's rows in lote_linha as `v`. */
const chunkRows = (c: ChunkRows) =>
  sql`lote_linha v where v.lote_id = ${c.loteId}::int8 and v.linha between ${c.first}::int4 and ${c.last}::int4`;

export interface CheckParams {
  loteId: number;
  caller: Pick<Caller, 'all' | 'ies'>;
  reenvio: boolean;
  /** State patterns the batch's action starts from ('APTO', 'SEM_RENOVACAO/TRANCAMENTO'). */
  allowedFrom: string[];
  /** Situations whose rows wait for the foundation (PENDENTE) instead of moving. */
  pendingIn: string[];
  /** What the SITUACAO row error names as accepted (its params: aceitas, porta, reenvio). */
  allowed: { aceitas: string[]; porta: 'padrao' | 'alterar-status'; reenvio: boolean };
}

/**
 * Decides every row of the chunk and records it in lote_linha, in one statement: entry found among
 * the caller's IEs (else "not found", never hinting it exists elsewhere), not repeated in the
 * batch, state accepting values, no values already waiting for the foundation (unless reenvio),
 * course matching. A repeated row is reported as a repeat only: the entry's state is the first
 * row's business (and an earlier chunk may already have moved it). Repeats and values waiting are
 * read from the entry's lote_linha rows, earlier chunks of this batch included, by one index probe
 * per row. Outcome: ERRO, PENDENTE or SUCESSO, with the state the entry was read in; a row that
 * waits for the foundation (SUCESSO, PENDENTE) is also the entry's values request and timeline
 * event (views todas_solicitacoes, todos_eventos) and draws their ids here. Nothing is locked:
 * moveEntries moves an entry only if it is still in the state read here.
 */
export async function decideChunk(trx: Q, p: CheckParams): Promise<void> {
  const plain = p.allowedFrom.filter((f) => !f.includes('/'));
  const pairs = p.allowedFrom.filter((f) => f.includes('/'));
  await sql`
    with base as (
      select s.*, a.id as entrada_id, a.ie_id, a.situacao, a.motivo as motivo_entrada, a.curso_id,
        pr.id as processo_id, coalesce(jo.status <> 'ABERTA', false) as encerrada, least(h.primeira, min(s.linha) over (partition by a.id)) as primeira_linha,
        coalesce(a.id is not null and least(h.primeira, min(s.linha) over (partition by a.id)) < s.linha, false)
          as repetida,
        coalesce(a.situacao = any(${p.pendingIn}::text[]), false) as pendente,
        coalesce(a.situacao = any(${plain}::text[])
          or (a.situacao || '/' || coalesce(a.motivo, '')) = any(${pairs}::text[]), false) as permitido,
        coalesce(h.aguardando, false) or sx.id is not null as em_andamento
      from valores_chunk s
      left join entrada_jornada a on a.id = s.brb_id
        and (${p.caller.all}::bool or a.ie_id = any(${p.caller.ies}::int8[]))
      left join processo pr on pr.entrada_id = a.id
      left join jornada jo on jo.id = a.jornada_id
      -- The entry's rows so far: its first row in this batch, and whether values wait for the
      -- foundation (a request written before 0405 counts too, above).
      left join lateral (
        select min(x.linha) filter (where x.lote_id = ${p.loteId}::int8) as primeira,
          bool_or(x.processamento = 'AGUARDANDO') as aguardando
        from lote_linha x where x.entrada_id = a.id
      ) h on a.id is not null
      -- A request written before 0405. As an EXISTS, PostgreSQL hashed every open values request of
      -- the database once per chunk (#25: 5 passes over 637,681 on the 5M bench database).
      left join lateral ${openValuesRequest(sql.ref('a.id'))} sx on a.id is not null
    ),
    -- The row's new errors as one jsonb array: plain expressions, no subquery or aggregate per row.
    -- Each error is its field, rule code and params; the message is built when read (row-errors.ts).
    -- Materialized: the insert below reads novos several times, and each read would rebuild it.
    avaliada as materialized (
      select b.*, to_jsonb(array_remove(array[
          case when b.brb_id is not null and b.entrada_id is null then jsonb_build_object('campo', 'brbId',
            'regra', 'NAO_ENCONTRADO', 'params', '{}'::jsonb) end,
          -- DOMAIN.md, "Journey periods": a journey that is not ABERTA takes no more values.
          case when b.encerrada and not b.repetida then jsonb_build_object('campo', 'brbId',
            'regra', 'JORNADA_ENCERRADA', 'params', '{}'::jsonb) end,
          case when b.repetida then jsonb_build_object('campo', 'brbId',
            'regra', 'DUPLICADO', 'params', jsonb_build_object('linha', b.primeira_linha)) end,
          case when b.entrada_id is not null and not b.repetida and not b.pendente and not b.permitido then jsonb_build_object(
            'campo', 'brbId', 'regra', 'SITUACAO', 'params',
            jsonb_build_object('situacao', b.situacao, 'motivo', b.motivo_entrada) || ${JSON.stringify(p.allowed)}::jsonb) end,
          case when not b.repetida and (b.pendente or b.permitido) and b.em_andamento and not ${p.reenvio}::bool then
            jsonb_build_object('campo', 'brbId', 'regra', 'EM_ANDAMENTO', 'params', '{}'::jsonb) end,
          case when b.entrada_id is not null and b.id_curso is not null and b.id_curso <> b.curso_id then
            jsonb_build_object('campo', 'idCurso', 'regra', 'CURSO', 'params',
              jsonb_build_object('informado', b.id_curso, 'curso', b.curso_id)) end
        ]::jsonb[], null)) as novos
      from base b
    ),
    decidida as (
      select v.*, case when v.erros is not null or v.novos <> '[]'::jsonb then 'ERRO'
        when v.pendente then 'PENDENTE' else 'SUCESSO' end as resultado
      from avaliada v
    )
    insert into lote_linha (lote_id, linha, brb_id, entrada_id, ie_id, processo_id, situacao_anterior, motivo_anterior,
      resultado, erros, processamento, nome_estudante, qtd_parcelas_cobertura, qtd_creditos, valor_contrato,
      valor_ctr_prest_servico, percentual_concedido, parc_meses, id_curso, regime_contrato, contrato_anual,
      motivo_reenvio, motivo, serie_semestre, solicitacao_id, evento_id)
    select ${p.loteId}::int8, d.linha, d.brb_id, d.entrada_id, d.ie_id, d.processo_id, d.situacao, d.motivo_entrada,
      d.resultado, coalesce(d.erros, '[]'::jsonb) || d.novos,
      case when d.resultado = 'ERRO' then 'NAO_APLICAVEL' else 'AGUARDANDO' end,
      d.nome_estudante, d.qtd_parcelas_cobertura, d.qtd_creditos, d.valor_contrato, d.valor_ctr_prest_servico,
      d.percentual_concedido, d.parc_meses, d.id_curso, d.regime_contrato, d.contrato_anual, d.motivo_reenvio,
      d.motivo, d.serie_semestre,
      case when d.resultado <> 'ERRO' then nextval('solicitacao_id_seq') end,
      case when d.resultado <> 'ERRO' then nextval('evento_timeline_id_seq') end
    from decidida d
  `.execute(trx);
}

/**
 * Reenvio: the values in progress for each resent entry are replaced: their rows in earlier
 * batches (and a request written before 0405, if any) are marked so. Returns the earlier batches
 * touched.
 */
export async function replacePrevious(trx: Q, chunk: ChunkRows): Promise<number[]> {
  // As a join, PostgreSQL read all of solicitacao for every chunk (0.84 s a 20,000-row chunk on the
  // 5M bench database); the ids come from one probe per row, the update reads them by key.
  await sql`
    update solicitacao s set status = 'CANCELADA', concluida_em = now(),
      dados = s.dados || jsonb_build_object('substituidaPorLote', ${chunk.loteId}::int8)
    where s.status = 'EM_ANDAMENTO' and s.id = any(array(
      select ${openValuesRequest(sql.ref('v.entrada_id'))} from ${chunkRows(chunk)} and v.resultado in ('SUCESSO', 'PENDENTE')))
  `.execute(trx);
  const touched = await sql<{ lote_id: number }>`
    with marcadas as (
      update lote_linha o set processamento = 'SUBSTITUIDO', processado_em = now()
      from ${chunkRows(chunk)} and v.resultado in ('SUCESSO', 'PENDENTE')
        and o.entrada_id = v.entrada_id and o.processamento = 'AGUARDANDO' and o.lote_id <> ${chunk.loteId}::int8
      returning o.lote_id
    )
    select distinct lote_id from marcadas
  `.execute(trx);
  return touched.rows.map((r) => r.lote_id);
}

/**
 * Moves the chunk's SUCESSO entries to EM_PROCESSAMENTO and locks its PENDENTE entries, each only
 * if it is still in the state the check read. An entry another transaction holds is waited for
 * (the row lock); one that another change moved meanwhile (committed between the check and here)
 * is not moved, and its row becomes that row's error (CONCORRENCIA): the batch keeps every other
 * row (issue 12, case 12: one student changed by hand must not cost the other 99,999). The row
 * then stands for no request or event, like any other error. Returns how many rows that hit.
 */
export async function moveEntries(trx: Q, chunk: ChunkRows): Promise<{ lost: number }> {
  const result = await sql<{ lost: number }>`
    with movidas as (
      update entrada_jornada e set situacao = 'EM_PROCESSAMENTO', motivo = null, versao = e.versao + 1,
        updated_at = now()
      from ${chunkRows(chunk)} and v.resultado = 'SUCESSO'
        and e.id = v.entrada_id and e.situacao = v.situacao_anterior
        and e.motivo is not distinct from v.motivo_anterior
      returning e.id
    ),
    retidas as (
      select e.id from entrada_jornada e, ${chunkRows(chunk)} and v.resultado = 'PENDENTE'
        and v.entrada_id = e.id and e.situacao = v.situacao_anterior
        and e.motivo is not distinct from v.motivo_anterior
      for update of e
    ),
    -- The rows' own entrada_id, not a join to their entries: the join probed entrada_jornada once a
    -- row (#25), and an entry gone meanwhile would have left its row a success.
    perdidas as (
      update lote_linha v set resultado = 'ERRO', processamento = 'NAO_APLICAVEL', solicitacao_id = null,
        evento_id = null, erros = v.erros || jsonb_build_array(jsonb_build_object('campo', 'brbId',
          'regra', 'CONCORRENCIA', 'params', jsonb_build_object('situacao', v.situacao_anterior)))
      where v.lote_id = ${chunk.loteId}::int8 and v.linha between ${chunk.first}::int4 and ${chunk.last}::int4
        and v.resultado in ('SUCESSO', 'PENDENTE')
        and v.entrada_id not in (select id from movidas) and v.entrada_id not in (select id from retidas)
      returning v.linha
    )
    select (select count(*) from perdidas)::int4 as lost
  `.execute(trx);
  return result.rows[0]!;
}

/** Earlier batches left with no row waiting for the foundation are processed. */
export async function closeSettledBatches(trx: Q, loteIds: number[]): Promise<void> {
  await trx
    .updateTable('lote')
    .set({ status: 'PROCESSADO', processado_em: sql<Date>`now()` })
    .where('id', 'in', loteIds)
    .where('status', '=', 'EM_PROCESSAMENTO')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lote_linha')
            .select('lote_linha.linha')
            .whereRef('lote_linha.lote_id', '=', 'lote.id')
            .where('lote_linha.processamento', '=', 'AGUARDANDO'),
        ),
      ),
    )
    .execute();
}

/**
 * A contract that ends leaves no values waiting: the entry's rows waiting for the foundation are
 * discarded (their requests read CANCELADA), and batches left with nothing waiting are processed.
 */
export async function discardWaitingRows(trx: Q, brbId: number, reason: string): Promise<void> {
  const rows = await trx
    .updateTable('lote_linha')
    .set({ processamento: 'DESCARTADO', motivo_recusa: reason, processado_em: sql<Date>`now()` })
    .where('entrada_id', '=', brbId)
    .where('processamento', '=', 'AGUARDANDO')
    .returning('lote_id')
    .execute();
  if (rows.length > 0) await closeSettledBatches(trx, [...new Set(rows.map((r) => r.lote_id))]);
}

/** Writes the batch's counts; a batch with nothing waiting for the foundation is processed at once. */
export async function closeCounts(trx: Q, loteId: number) {
  const result = await sql<{ total: number; sucesso: number; erro: number; pendente: number }>`
    with c as (
      select count(*)::int4 as total,
        count(*) filter (where resultado = 'SUCESSO')::int4 as sucesso,
        count(*) filter (where resultado = 'ERRO')::int4 as erro,
        count(*) filter (where resultado = 'PENDENTE')::int4 as pendente,
        coalesce(array_agg(distinct ie_id) filter (where ie_id is not null), '{}') as ies
      from lote_linha where lote_id = ${loteId}::int8
    )
    update lote set total = c.total, sucesso = c.sucesso, erro = c.erro, pendente = c.pendente,
      -- A foundation's batch (sent for no IE of its own) belongs to the IEs of its rows.
      ie_ids = case when lote.ie_ids = '{}' then c.ies else lote.ie_ids end,
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

/** Rows of a batch's outcomes read at a time (batchOutcomePages). */
const OUTCOME_PAGE_ROWS = 5000;

/**
 * The rows of a batch with an outcome other than SUCESSO (or all of them), in row order, a page at
 * a time (keyset on the primary key): a 100,000-row batch's outcomes, their errors parsed from
 * jsonb, would otherwise sit in memory all at once while the answer is built.
 */
export async function* batchOutcomePages(trx: Q, loteId: number, all = false): AsyncGenerator<OutcomeRow[]> {
  let after = 0;
  for (;;) {
    const rows = (await trx
      .selectFrom('lote_linha')
      .select(['linha', 'brb_id', 'resultado', 'erros', 'situacao_anterior'])
      .where('lote_id', '=', loteId)
      .where('linha', '>', after)
      .$if(!all, (q) => q.where('resultado', 'in', ['ERRO', 'PENDENTE']))
      .orderBy('linha')
      .limit(OUTCOME_PAGE_ROWS)
      .execute()) as OutcomeRow[];
    if (rows.length > 0) yield rows;
    if (rows.length < OUTCOME_PAGE_ROWS) return;
    after = rows.at(-1)!.linha;
  }
}
