import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import type { ValuesRow } from './values.rows.js';
import type { Origem, RowError } from './values.tables.js';

/**
 * The set-based batch pipeline. Rows are staged in lote_linha (which stays as their record), then
 * checked against their entries and applied with a handful of statements whatever the batch size:
 * no statement runs per row. Every function takes the batch's transaction.
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
 * The batch's staging table: temporary (no WAL, no indexes, dropped at commit), so 100k rows are
 * loaded, checked and decided without touching the indexed record table until one final insert.
 */
export async function openStaging(trx: Q): Promise<void> {
  await sql`
    create temp table if not exists valores_stage (
      linha int4 not null, brb_id int8, erros jsonb, nome_estudante text, qtd_parcelas_cobertura int4,
      qtd_creditos int4, valor_contrato numeric(14,2), valor_ctr_prest_servico numeric(14,2),
      percentual_concedido numeric(9,4), parc_meses text, id_curso int8, regime_contrato text, contrato_anual bool,
      motivo_reenvio text, motivo text, serie_semestre text,
      entrada_id int8, ie_id int8, processo_id int8, situacao_anterior text, motivo_anterior text,
      resultado text, processamento text
    ) on commit drop
  `.execute(trx);
  await sql`truncate valores_stage`.execute(trx);
}

/** Stages rows with one statement: each column travels as one array parameter and is unnested. */
export async function stageRows(trx: Q, rows: ValuesRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into valores_stage (linha, brb_id, erros, nome_estudante, qtd_parcelas_cobertura, qtd_creditos,
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
}

/**
 * Settings for a large batch, for the rest of its transaction: no JIT (compiling the check's plan
 * costs more than it saves, about half a second at 100k rows) and enough work memory for its
 * hashes and sorts to stay in memory.
 */
export async function tuneForLargeBatch(trx: Q): Promise<void> {
  await sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`.execute(trx);
}

/** Fresh planner statistics for the staging table (a large batch would otherwise look empty). */
export async function analyzeStaging(trx: Q): Promise<void> {
  await sql`analyze valores_stage`.execute(trx);
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
 * Locks the batch's entries (in id order, so concurrent batches never deadlock), then decides
 * every staged row in one statement: entry found among the caller's IEs (else "not found", never
 * hinting it exists elsewhere), not repeated in the batch, state accepting values, no values request
 * already in progress (unless reenvio), course matching. Outcome: ERRO, PENDENTE or SUCESSO.
 */
export async function checkRows(trx: Q, p: CheckParams): Promise<void> {
  const plain = p.allowedFrom.filter((f) => !f.includes('/'));
  const pairs = p.allowedFrom.filter((f) => f.includes('/'));
  await sql`
    with alvo as materialized (
      select e.id, e.ie_id, e.situacao, e.motivo, e.curso_id
      from entrada_jornada e
      where e.id in (select brb_id from valores_stage where brb_id is not null)
        and (${p.caller.all}::bool or e.ie_id = any(${p.caller.ies}::int8[]))
      order by e.id
      for update of e
    ),
    primeira as (
      select brb_id, min(linha) as linha from valores_stage where brb_id is not null group by brb_id
    ),
    base as (
      select s.linha, s.brb_id, s.id_curso, a.id as entrada_id, a.ie_id, a.situacao, a.motivo, a.curso_id,
        pr.id as processo_id, f.linha as primeira_linha,
        coalesce(a.situacao = any(${p.pendingIn}::text[]), false) as pendente,
        coalesce(a.situacao = any(${plain}::text[])
          or (a.situacao || '/' || coalesce(a.motivo, '')) = any(${pairs}::text[]), false) as permitido,
        exists (select 1 from solicitacao x where x.entrada_id = a.id and x.tipo = 'ENVIO_VALORES'
          and x.status = 'EM_ANDAMENTO') as em_andamento
      from valores_stage s
      left join alvo a on a.id = s.brb_id
      left join processo pr on pr.entrada_id = a.id
      left join primeira f on f.brb_id = s.brb_id
    ),
    -- The row's new errors as one jsonb array: plain expressions, no subquery or aggregate per row.
    avaliada as (
      select b.*, to_jsonb(array_remove(array[
          case when b.brb_id is not null and b.entrada_id is null then jsonb_build_object('campo', 'brbId',
            'regra', 'NAO_ENCONTRADO', 'mensagem', 'was not found among the journey entries of your institutions') end,
          case when b.entrada_id is not null and b.primeira_linha < b.linha then jsonb_build_object('campo', 'brbId',
            'regra', 'DUPLICADO', 'mensagem', format('repeats row %s of this batch; send each student once', b.primeira_linha)) end,
          case when b.entrada_id is not null and not b.pendente and not b.permitido then jsonb_build_object(
            'campo', 'brbId', 'regra', 'SITUACAO', 'mensagem',
            format('is %s%s, which does not accept values; %s', b.situacao, coalesce('/' || b.motivo, ''),
              ${p.allowedText}::text)) end,
          case when (b.pendente or b.permitido) and b.em_andamento and not ${p.reenvio}::bool then
            jsonb_build_object('campo', 'brbId', 'regra', 'EM_ANDAMENTO', 'mensagem',
              'already has values being processed by the foundation; send with reenvio=true to replace them') end,
          case when b.entrada_id is not null and b.id_curso is not null and b.id_curso <> b.curso_id then
            jsonb_build_object('campo', 'idCurso', 'regra', 'CURSO', 'mensagem',
              format('is %s but the student''s course is %s', b.id_curso, b.curso_id)) end
        ]::jsonb[], null)) as novos
      from base b
    )
    update valores_stage s set
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
    from valores_stage v
    where v.resultado in ('SUCESSO', 'PENDENTE')
      and s.entrada_id = v.entrada_id and s.tipo = 'ENVIO_VALORES' and s.status = 'EM_ANDAMENTO'
  `.execute(trx);
  const touched = await sql<{ lote_id: number }>`
    with marcadas as (
      update lote_linha o set processamento = 'SUBSTITUIDO', processado_em = now()
      from valores_stage v
      where v.resultado in ('SUCESSO', 'PENDENTE') and o.entrada_id = v.entrada_id and o.processamento = 'AGUARDANDO'
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
 * Records and applies the decided rows in two statements: every row goes to lote_linha with its
 * outcome; SUCESSO and PENDENTE rows open an ENVIO_VALORES request and write a timeline event;
 * then SUCESSO entries move to EM_PROCESSAMENTO. The entries move last so that the foreign-key
 * checks of the request and event rows find the entry versions the check already locked FOR
 * UPDATE (no lock to write); checked against the moved versions, each one would first write a
 * key-share lock on 100k fresh tuples.
 */
export async function applyRows(trx: Q, p: ApplyParams): Promise<void> {
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
      from valores_stage
    ),
    novas as (
      insert into solicitacao (processo_id, entrada_id, ie_id, tipo, status, motivo_espera, dados, criada_por)
      select v.processo_id, v.entrada_id, v.ie_id, 'ENVIO_VALORES', 'EM_ANDAMENTO', 'EM_ANALISE_FUNDACAO',
        jsonb_build_object('lote', ${p.loteId}::int8, 'linha', v.linha, 'valorContrato', v.valor_contrato,
          'valorCtrPrestServico', v.valor_ctr_prest_servico, 'percentualConcedido', v.percentual_concedido,
          'qtdParcelasCobertura', v.qtd_parcelas_cobertura), ${p.caller.sub}
      from valores_stage v
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
    join valores_stage v on v.entrada_id = n.entrada_id and v.resultado in ('SUCESSO', 'PENDENTE')
  `.execute(trx);
  await sql`
    update entrada_jornada e set situacao = 'EM_PROCESSAMENTO', motivo = null, versao = e.versao + 1, updated_at = now()
    from valores_stage v where v.resultado = 'SUCESSO' and e.id = v.entrada_id
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
      from valores_stage
    )
    update lote set total = c.total, sucesso = c.sucesso, erro = c.erro, pendente = c.pendente,
      status = case when c.sucesso + c.pendente = 0 then 'PROCESSADO' else 'EM_PROCESSAMENTO' end,
      processado_em = case when c.sucesso + c.pendente = 0 then now() end
    from c where lote.id = ${loteId}
    returning c.total, c.sucesso, c.erro, c.pendente
  `.execute(trx);
  return result.rows[0]!;
}

type OutcomeRow = {
  linha: number;
  brb_id: number | null;
  resultado: 'ERRO' | 'PENDENTE' | 'SUCESSO';
  erros: RowError[];
  situacao_anterior: string | null;
};

/** The staged rows with an outcome other than SUCESSO (or all), in row order. */
export async function stagedOutcomes(trx: Q, all: boolean): Promise<OutcomeRow[]> {
  const result = await sql<OutcomeRow>`
    select linha, brb_id, resultado, erros, situacao_anterior from valores_stage
    where ${all}::bool or resultado <> 'SUCESSO' order by linha
  `.execute(trx);
  return result.rows;
}

export function batchCounts(trx: Q, loteId: number) {
  return trx
    .selectFrom('lote')
    .select(['id', 'total', 'sucesso', 'erro', 'pendente', 'arquivo_nome', 'arquivo_formato'])
    .where('id', '=', loteId)
    .executeTakeFirst();
}

/** The rows of a batch with an outcome other than SUCESSO, in row order. */
export function unsuccessfulRows(trx: Q, loteId: number) {
  return trx
    .selectFrom('lote_linha')
    .select(['linha', 'brb_id', 'resultado', 'erros', 'situacao_anterior'])
    .where('lote_id', '=', loteId)
    .where('resultado', 'in', ['ERRO', 'PENDENTE'])
    .orderBy('linha')
    .execute() as Promise<
    {
      linha: number;
      brb_id: number | null;
      resultado: 'ERRO' | 'PENDENTE';
      erros: RowError[];
      situacao_anterior: string | null;
    }[]
  >;
}
