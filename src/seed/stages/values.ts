import { sql } from 'kysely';
import type { SeedStage } from '../context.js';
import { seedPayments } from './payments.js';

/**
 * Values batches and restitution payments for the demo, after the contracts stage.
 *
 * Batches: every ENVIO_VALORES request the history wrote becomes a row of a batch (lote), one
 * batch per IE, journey and send round (a resend after a rejection goes in the next batch), with
 * values consistent with the request's credited amount (percentage 50–90%, 6 installments) and the
 * outcome the request had: waiting (EM_ANDAMENTO), accepted with its addendum (CONCLUIDA),
 * rejected (RECUSADA) or replaced (CANCELADA).
 *
 * Payments: for contracts whose restitution has started (former students, and current ones who
 * dropped out or were cancelled), installments already due, by payer profile (seedPayments).
 */
export const valuesStage: SeedStage = {
  name: 'valores e pagamentos',
  bulkTables: ['lote', 'lote_linha', 'pagamento_restituicao'],
  async run(ctx, progress) {
    const { trx } = ctx;
    // The joins below sort and hash about a million rows on big seeds: in memory, not on disk.
    await sql`set local work_mem = '256MB'`.execute(trx);
    await sql`
      create temp table seed_envios on commit drop as
      select s.id as solicitacao_id, s.entrada_id, s.processo_id, s.ie_id, e.jornada_id, s.status, s.created_at,
        s.concluida_em, (s.dados->>'valor')::numeric(14,2) as valor, e.curso_id, e.estudante_id,
        row_number() over (partition by s.entrada_id order by s.created_at, s.id) as rodada,
        50 + (s.entrada_id % 5) * 10 as percentual
      from solicitacao s join entrada_jornada e on e.id = s.entrada_id
      where s.tipo = 'ENVIO_VALORES' and s.dados ? 'valor'`.execute(trx);
    await sql`
      create temp table seed_lotes on commit drop as
      select row_number() over (order by ie_id, jornada_id, rodada) as n, ie_id, jornada_id, rodada,
        min(created_at) as criado_em
      from seed_envios group by ie_id, jornada_id, rodada`.execute(trx);
    // Explicit ids, like every seeded table (the seed moves the identities past them at the end).
    await sql`
      insert into lote (id, origem, porta, reenvio, criado_por, criado_por_nome, arquivo_nome, arquivo_formato, status,
        created_at, fonte, ie_ids)
      select n, 'PLANILHA', 'padrao', rodada > 1, 'seed', 'Secretaria acadêmica',
        format('valores-%s-%s.xlsx', jornada_id, rodada), 'xlsx', 'EM_PROCESSAMENTO', criado_em, 'PLANILHA', array[ie_id]
      from seed_lotes`.execute(trx);
    await sql`
      insert into lote_linha (lote_id, linha, brb_id, entrada_id, ie_id, processo_id, aditivo_id, situacao_anterior,
        resultado, erros, processamento, motivo_recusa, processado_em, processado_por, nome_estudante,
        qtd_parcelas_cobertura, valor_contrato, valor_ctr_prest_servico, percentual_concedido, id_curso, contrato_anual)
      select l.n, (row_number() over (partition by l.n order by v.entrada_id) + 1)::int4, v.entrada_id,
        v.entrada_id, v.ie_id, v.processo_id, case when v.status = 'CONCLUIDA' then a.id end,
        case when v.rodada = 1 then 'APTO' else 'EM_PROCESSAMENTO' end, 'SUCESSO', '[]'::jsonb,
        case v.status when 'EM_ANDAMENTO' then 'AGUARDANDO' when 'CONCLUIDA' then 'ACEITO'
          when 'RECUSADA' then 'RECUSADO' else 'SUBSTITUIDO' end,
        case when v.status = 'RECUSADA' then 'Valores divergentes do contrato de prestação de serviços' end,
        v.concluida_em, case when v.concluida_em is not null then 'seed' end, est.nome, 6, v.valor,
        round(v.valor * 100 / v.percentual, 2), v.percentual, v.curso_id, false
      from seed_envios v
      join seed_lotes l on l.ie_id = v.ie_id and l.jornada_id = v.jornada_id and l.rodada = v.rodada
      join estudante est on est.id = v.estudante_id
      -- A seeded entry has at most one addendum, of its own semester.
      left join aditivo a on a.entrada_id = v.entrada_id`.execute(trx);
    await sql`
      update lote set total = c.total, sucesso = c.total, aceitas = c.aceitas, recusadas = c.recusadas,
        status = case when c.aguardando = 0 then 'PROCESSADO' else 'EM_PROCESSAMENTO' end,
        processado_em = case when c.aguardando = 0 then c.ultimo end
      from (
        select lote_id, count(*)::int4 as total, count(*) filter (where processamento = 'ACEITO')::int4 as aceitas,
          count(*) filter (where processamento = 'RECUSADO')::int4 as recusadas,
          count(*) filter (where processamento = 'AGUARDANDO') as aguardando, max(processado_em) as ultimo
        from lote_linha group by lote_id
      ) c
      where lote.id = c.lote_id`.execute(trx);
    progress(1, 2);
    await seedPayments(ctx);
    progress(2, 2);
  },
};
