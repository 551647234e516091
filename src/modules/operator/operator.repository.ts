import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The foundation's decisions on batch rows, set-based like the send. Rows decided in the current
 * transaction are recognised by processado_em = now(), which is the transaction's start time.
 */
type Q = Kysely<Database>;

export function findBatch(db: Q, loteId: number) {
  return db.selectFrom('lote').selectAll().where('id', '=', loteId).executeTakeFirst();
}

/** Asked-for rows of the batch that are not waiting for a decision. */
export function rowsNotWaiting(db: Q, loteId: number, linhas: number[]) {
  return sql<{ linha: number; estado: string | null }>`
    select x.linha, coalesce(l.resultado || '/' || l.processamento, null) as estado
    from unnest(${linhas}::int4[]) as x(linha)
    left join lote_linha l on l.lote_id = ${loteId} and l.linha = x.linha
    where l.lote_id is null or l.processamento <> 'AGUARDANDO'
    order by x.linha
  `
    .execute(db)
    .then((r) => r.rows);
}

/**
 * Locks the entries of the waiting rows (all, or the listed ones) in id order and marks each row
 * with the decision, or DESCARTADO when its entry has left the states the decision applies from.
 */
export async function decideRows(
  db: Q,
  p: {
    loteId: number;
    linhas: number[] | null;
    decisao: 'ACEITO' | 'RECUSADO';
    allowedFrom: string[];
    by: string;
    motivo: string | null;
  },
): Promise<void> {
  await sql`
    with alvo as (
      select l.linha, l.entrada_id from lote_linha l
      where l.lote_id = ${p.loteId} and l.processamento = 'AGUARDANDO'
        and (${p.linhas}::int4[] is null or l.linha = any(${p.linhas}::int4[]))
    ),
    bloqueio as materialized (
      select e.id, e.situacao, e.motivo from entrada_jornada e
      where e.id in (select entrada_id from alvo) order by e.id for update of e
    )
    update lote_linha l set
      processamento = case when b.situacao = any(${p.allowedFrom}::text[]) then ${p.decisao} else 'DESCARTADO' end,
      motivo_recusa = case when b.situacao = any(${p.allowedFrom}::text[]) then ${p.motivo}::text
        else format('the entry is %s%s now; the decision does not apply', b.situacao, coalesce('/' || b.motivo, '')) end,
      processado_em = now(),
      processado_por = ${p.by}
    from alvo a join bloqueio b on b.id = a.entrada_id
    where l.lote_id = ${p.loteId} and l.linha = a.linha
  `.execute(db);
}

/** Addenda (GERADO, value = the row's valorContrato) for the rows accepted now. */
export async function generateAddenda(db: Q, loteId: number): Promise<void> {
  await sql`
    with novos as (
      insert into aditivo (contrato_id, entrada_id, ie_id, ano, semestre, status, valor)
      select p.contrato_id, l.entrada_id, l.ie_id, p.ano, p.semestre, 'GERADO', l.valor_contrato
      from lote_linha l join processo p on p.id = l.processo_id
      where l.lote_id = ${loteId} and l.processamento = 'ACEITO' and l.processado_em = now()
      order by l.linha
      returning id, entrada_id
    )
    update lote_linha l set aditivo_id = n.id
    from novos n
    where l.lote_id = ${loteId} and l.entrada_id = n.entrada_id and l.processamento = 'ACEITO' and l.processado_em = now()
  `.execute(db);
}

/**
 * Moves the entries of the rows decided now and writes their timeline. A row is its own values
 * request (todas_solicitacoes); a request row written before migration 0405 is closed here too.
 */
export async function applyDecision(
  db: Q,
  p: { loteId: number; decisao: 'ACEITO' | 'RECUSADO'; to: string; acao: string; by: { sub: string; name: string } },
): Promise<void> {
  const decided = sql`l.lote_id = ${p.loteId} and l.processamento = ${p.decisao} and l.processado_em = now()`;
  await sql`
    insert into evento_timeline (processo_id, entrada_id, ie_id, acao, situacao_anterior, motivo_anterior,
      situacao_nova, motivo_novo, usuario, usuario_nome, detalhes)
    select l.processo_id, l.entrada_id, l.ie_id, ${p.acao}, e.situacao, e.motivo, ${p.to}, null, ${p.by.sub},
      ${p.by.name}, jsonb_strip_nulls(jsonb_build_object('lote', l.lote_id, 'linha', l.linha, 'aditivoId', l.aditivo_id,
        'valorContrato', l.valor_contrato, 'motivo', l.motivo_recusa))
    from lote_linha l join entrada_jornada e on e.id = l.entrada_id
    where ${decided}
    order by l.linha
  `.execute(db);
  await sql`
    update entrada_jornada e set situacao = ${p.to}, motivo = null, versao = e.versao + 1, updated_at = now()
    from lote_linha l where ${decided} and e.id = l.entrada_id
  `.execute(db);
  await sql`
    update solicitacao s set status = ${p.decisao === 'ACEITO' ? 'CONCLUIDA' : 'RECUSADA'}, concluida_em = now(),
      motivo_espera = null
    from lote_linha l
    where ${decided} and s.entrada_id = l.entrada_id and s.tipo = 'ENVIO_VALORES' and s.status = 'EM_ANDAMENTO'
  `.execute(db);
}

/** Per IE: the rows decided now (count and the first brbIds), for the notifications. */
export function decidedByIe(db: Q, loteId: number, processamento: string) {
  return sql<{ ie_id: number; total: number; brb_ids: number[]; linhas: number[] }>`
    select l.ie_id, count(*)::int4 as total, (array_agg(l.entrada_id order by l.linha))[1:50] as brb_ids,
      (array_agg(l.linha order by l.linha))[1:50] as linhas
    from lote_linha l
    where l.lote_id = ${loteId} and l.processamento = ${processamento} and l.processado_em = now()
    group by l.ie_id order by l.ie_id
  `
    .execute(db)
    .then((r) => r.rows);
}

export function discardedNow(db: Q, loteId: number) {
  return db
    .selectFrom('lote_linha')
    .select(['linha', 'brb_id', 'motivo_recusa'])
    .where('lote_id', '=', loteId)
    .where('processamento', '=', 'DESCARTADO')
    .where('processado_em', '=', sql<Date>`now()`)
    .orderBy('linha')
    .execute();
}

/** Recounts the batch's decisions; a batch with nothing waiting becomes PROCESSADO. */
export function closeBatch(db: Q, loteId: number) {
  return sql<{ aceitas: number; recusadas: number; aguardando: number; status: string; fechou: boolean }>`
    with c as (
      select count(*) filter (where processamento = 'ACEITO')::int4 as aceitas,
        count(*) filter (where processamento = 'RECUSADO')::int4 as recusadas,
        count(*) filter (where processamento = 'AGUARDANDO')::int4 as aguardando
      from lote_linha where lote_id = ${loteId}
    ), antes as (select status from lote where id = ${loteId})
    update lote set aceitas = c.aceitas, recusadas = c.recusadas,
      status = case when c.aguardando = 0 then 'PROCESSADO' else 'EM_PROCESSAMENTO' end,
      processado_em = case when c.aguardando = 0 then coalesce(lote.processado_em, now()) end
    from c, antes where lote.id = ${loteId}
    returning c.aceitas, c.recusadas, c.aguardando, lote.status, (antes.status <> lote.status) as fechou
  `
    .execute(db)
    .then((r) => r.rows[0]!);
}

/**
 * Per IE, the batch's row outcomes (for the LOTE_PROCESSADO notification). A row that names no
 * entry of the sender's IEs (unknown brbId, unreadable row) has no IE, yet it is one of the send's
 * registrosComErro: it counts as an error for every IE of the batch, so a single-IE batch's
 * notification says exactly what the send answered (issue 12, case 11).
 */
export function batchCountsByIe(db: Q, loteId: number) {
  return sql<{ ie_id: number; sucesso: number; erro: number; pendente: number; aceitas: number; recusadas: number }>`
    with sem_ie as (
      select count(*)::int4 as erro from lote_linha where lote_id = ${loteId} and ie_id is null and resultado = 'ERRO'
    )
    select ie_id, count(*) filter (where resultado = 'SUCESSO')::int4 as sucesso,
      (count(*) filter (where resultado = 'ERRO') + (select erro from sem_ie))::int4 as erro,
      count(*) filter (where resultado = 'PENDENTE')::int4 as pendente,
      count(*) filter (where processamento = 'ACEITO')::int4 as aceitas,
      count(*) filter (where processamento = 'RECUSADO')::int4 as recusadas
    from lote_linha where lote_id = ${loteId} and ie_id is not null
    group by ie_id order by ie_id
  `
    .execute(db)
    .then((r) => r.rows);
}
