import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChunkRows } from './batch.repository.js';

/**
 * DOMAIN.md, "Values": parcMeses must be months of the journey's semester (of its year when
 * contratoAnual), and no month may be credited twice to the same contract across batches. A row
 * that breaks either is that row's error (PARC_MESES); the rest of the batch goes on. Months
 * already credited are those of the contract's addenda generated or signed (the foundation
 * accepted them), read as the refunds schedule reads them (migration 0521, meses_parcelas). Runs
 * on the chunk's rows after they are decided and before their entries move, in one statement;
 * only rows that name months are looked at.
 */
export async function checkCreditedMonths(trx: Kysely<Database>, chunk: ChunkRows): Promise<number> {
  // Two statements: the check reads the chunk's rows once; only the rows it finds (none, usually)
  // are updated, by key. Joined in one statement, the update met the check's rows by a nested
  // loop: the batch's rows are new, so the planner expects one of each, and a 20,000-row chunk
  // took minutes (import benchmark, session 7).
  const found = await sql<{ linha: number; erros: unknown[] }>`
    with alvo as (
      select v.linha, j.ano, j.semestre, coalesce(v.contrato_anual, false) as anual, e.contrato_id,
        meses_parcelas(v.parc_meses, j.ano, j.semestre, v.qtd_parcelas_cobertura) as meses
      from lote_linha v
      join entrada_jornada e on e.id = v.entrada_id
      join jornada j on j.id = e.jornada_id
      where v.lote_id = ${chunk.loteId}::int8 and v.linha between ${chunk.first}::int4 and ${chunk.last}::int4
        and v.parc_meses is not null and v.resultado in ('SUCESSO', 'PENDENTE')
    ),
    achado as (
      select a.linha, a.ano, a.semestre, a.anual,
        (select string_agg(to_char(m, 'MM/YYYY'), ', ' order by m) from unnest(a.meses) m
          where m is not null and (extract(year from m) <> a.ano
            or (not a.anual and (case when extract(month from m) <= 6 then 1 else 2 end) <> a.semestre))) as fora,
        (select string_agg(to_char(m, 'MM/YYYY'), ', ' order by m) from unnest(a.meses) m
          where m in (
            select c from aditivo d
            left join lote_linha l on l.aditivo_id = d.id
            cross join unnest(meses_parcelas(l.parc_meses, d.ano, d.semestre, l.qtd_parcelas_cobertura)) c
            where d.contrato_id = a.contrato_id and d.status in ('GERADO', 'ASSINADO'))) as repetidos
      from alvo a
    )
    select x.linha, to_jsonb(array_remove(array[
        -- Field, rule and params: the message is built when the batch is read (row-errors.ts).
        case when x.fora is not null then jsonb_build_object('campo', 'parcMeses', 'regra', 'PARC_MESES', 'params',
          jsonb_build_object('tipo', 'fora', 'meses', x.fora, 'anual', x.anual,
            'periodo', case when x.anual then x.ano::text else x.ano || '/' || x.semestre end)) end,
        case when x.repetidos is not null then jsonb_build_object('campo', 'parcMeses', 'regra', 'PARC_MESES',
          'params', jsonb_build_object('tipo', 'creditado', 'meses', x.repetidos)) end
      ]::jsonb[], null)) as erros
    from achado x
    where x.fora is not null or x.repetidos is not null
  `.execute(trx);
  if (found.rows.length === 0) return 0;
  await sql`
    update lote_linha v set resultado = 'ERRO', processamento = 'NAO_APLICAVEL', solicitacao_id = null,
      evento_id = null, erros = v.erros || x.erros
    from jsonb_to_recordset(${JSON.stringify(found.rows)}::jsonb) as x(linha int4, erros jsonb)
    where v.lote_id = ${chunk.loteId}::int8 and v.linha = x.linha
  `.execute(trx);
  return found.rows.length;
}
