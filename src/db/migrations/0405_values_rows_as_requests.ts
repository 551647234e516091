import { type Kysely, sql } from 'kysely';

/**
 * A values send no longer writes a request (solicitacao ENVIO_VALORES) and a timeline event per
 * row: the batch row (lote_linha) already holds everything both said, and writing them cost about
 * a second per 100,000 rows (two more inserts with their indexes and the join between them).
 *
 * - Each row that waits for the foundation (SUCESSO or PENDENTE) draws its request id from
 *   solicitacao's sequence and its event id from evento_timeline's when it is recorded, so the ids
 *   it is known by share the space of the other requests and events.
 * - The views todas_solicitacoes and todos_eventos read requests and timeline events whole: the
 *   rows of the tables, and the ones each batch row stands for. The request's status is the row's
 *   processing (AGUARDANDO → EM_ANDAMENTO, ACEITO → CONCLUIDA, RECUSADO → RECUSADA, SUBSTITUIDO
 *   or DESCARTADO → CANCELADA); the event is the send (ENVIAR_VALORES, or REENVIAR_VALORES for a
 *   resend through the padrao door), at the batch's time and by its author.
 * - fim_trancamento keeps the lock end sent with the values (dadosTrancamento), shown on the event.
 * - lote_linha_pendente_ex keeps what solicitacao_em_andamento_uk guaranteed for the rows that do
 *   not move their entry (PENDENTE, entry in REVISAO_ANALISE): one waiting send per entry, even
 *   when two batches race. It is checked at commit, because a resend records its row before it
 *   marks the row it replaces. A SUCESSO row moves its entry only from the state its check read,
 *   so a second one for the same entry cannot be recorded.
 * Requests and events written before this migration (and the seed's history) stay in their
 * tables: their batch rows carry no ids, so nothing is read twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table lote_linha
  add column solicitacao_id bigint,
  add column evento_id bigint,
  add column fim_trancamento jsonb;
alter table lote_linha add constraint lote_linha_pendente_ex exclude (entrada_id with =)
  where (processamento = 'AGUARDANDO' and resultado = 'PENDENTE') deferrable initially deferred;

create view todas_solicitacoes as
select id, processo_id, entrada_id, ie_id, tipo, status, motivo_espera, dados, criada_por, created_at, concluida_em
from solicitacao
union all
select l.solicitacao_id, l.processo_id, l.entrada_id, l.ie_id, 'ENVIO_VALORES',
  case l.processamento when 'AGUARDANDO' then 'EM_ANDAMENTO' when 'ACEITO' then 'CONCLUIDA'
    when 'RECUSADO' then 'RECUSADA' else 'CANCELADA' end,
  case when l.processamento = 'AGUARDANDO' then 'EM_ANALISE_FUNDACAO' end,
  jsonb_build_object('lote', l.lote_id, 'linha', l.linha, 'valorContrato', l.valor_contrato,
    'valorCtrPrestServico', l.valor_ctr_prest_servico, 'percentualConcedido', l.percentual_concedido,
    'qtdParcelasCobertura', l.qtd_parcelas_cobertura),
  b.criado_por, b.created_at, l.processado_em
from lote_linha l join lote b on b.id = l.lote_id
where l.solicitacao_id is not null;

create view todos_eventos as
select id, processo_id, entrada_id, ie_id, acao, situacao_anterior, motivo_anterior, situacao_nova, motivo_novo,
  usuario, usuario_nome, detalhes, created_at
from evento_timeline
union all
select l.evento_id, l.processo_id, l.entrada_id, l.ie_id,
  case when b.reenvio and b.porta = 'padrao' then 'REENVIAR_VALORES' else 'ENVIAR_VALORES' end,
  l.situacao_anterior, l.motivo_anterior,
  case when l.resultado = 'SUCESSO' then 'EM_PROCESSAMENTO' else l.situacao_anterior end,
  case when l.resultado = 'SUCESSO' then null else l.motivo_anterior end,
  b.criado_por, b.criado_por_nome,
  jsonb_build_object('lote', l.lote_id, 'linha', l.linha, 'origem', b.origem,
    'pendenteFundacao', l.resultado = 'PENDENTE', 'solicitacaoId', l.solicitacao_id,
    'valorContrato', l.valor_contrato, 'valorCtrPrestServico', l.valor_ctr_prest_servico,
    'percentualConcedido', l.percentual_concedido, 'qtdParcelasCobertura', l.qtd_parcelas_cobertura)
    || case when l.fim_trancamento is null then '{}'::jsonb
      else jsonb_build_object('fimTrancamento', l.fim_trancamento) end,
  b.created_at
from lote_linha l join lote b on b.id = l.lote_id
where l.evento_id is not null;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
drop view if exists todos_eventos;
drop view if exists todas_solicitacoes;
alter table lote_linha drop constraint if exists lote_linha_pendente_ex;
alter table lote_linha drop column if exists solicitacao_id, drop column if exists evento_id,
  drop column if exists fim_trancamento;
`)
    .execute(db);
}
