import { type QueryResult, sql, type Transaction } from 'kysely';
import { analyzeStale } from '../../db/embedded-stats.js';
import { mergeGinPending } from '../../db/gin-pending.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import type { EntryNames, NamesBeside } from './entry-names.js';
import {
  type EligibilityRule,
  type JourneyRow,
  previousPeriod,
  type SituationTotal,
} from './journey-lifecycle.repository.js';

type Trx = Transaction<Database>;

export interface InsertEntries {
  journey: Pick<JourneyRow, 'id' | 'ie_id' | 'tipo' | 'ano' | 'semestre'>;
  rule: EligibilityRule;
  /** Timeline action of the events written, e.g. ABERTURA_JORNADA. */
  acao: string;
  caller: Pick<Caller, 'sub' | 'name'>;
  /** Only these contracts (insert by hand). */
  contratoIds?: number[];
  /** Enrolment situations (situacao-matricula of the bolsa) that cannot be renewed; default NOT_RENEWABLE. */
  excluirMatricula?: readonly string[];
}

/**
 * DOMAIN.md, "Journey periods": a new journey takes only contracts that can still be renewed — not
 * dropped out (E), withdrawn without return (F: a return is recorded by inserting the student by
 * hand), concluded (C) or inactive (I); cancelled and deleted contracts are not ATIVO.
 */
export const NOT_RENEWABLE = ['E', 'F', 'C', 'I'] as const;

/**
 * Set-based: every eligible contract of the journey's IE not yet in the journey gets an entry
 * (APTO, or SEM_RENOVACAO/TRANCAMENTO when its previous-period entry ended locked), its process
 * and an opening timeline event. The counters follow by the entry table's triggers. Answers how
 * many entries were created per situação.
 *
 * Opening a journey writes up to 100,000 rows into each table, so the statement is shaped for
 * that: the entry and process ids are drawn from their identity sequences once per eligible
 * contract (`novas`), and the three inserts read that one set, instead of the process insert
 * reading the entries' RETURNING and the event insert joining both (two sorts and a join of
 * 100,000 rows). Every insert runs against the same snapshot and the key checks run at the end of
 * the statement, so an event may name a process written by a sibling insert. For the rest of the
 * transaction JIT is off (the row estimates make the planner compile the statement, which cost
 * more than it saved) and work_mem is raised so the 100,000-row set and its sorts stay in memory.
 *
 * Given `names` (NamesBeside, on PostgreSQL), `novas` is first kept in a temporary table: a bulk
 * of them has its names written by the other connection while this one writes the rest.
 *
 * `novas` is in name order, so are the ids drawn for it: three of the entries' five btrees and the
 * names' order index lead with (jornada_id, [aba or curso_id,] nome_busca), so each insert lands
 * on or next to the page the one before it wrote (one such place per tab or course), instead of
 * anywhere among the journey's pages already written. With names in no relation to the contracts'
 * order (as in life), the entries' statement of a 100,000-contract opening took 3.85 s in contract
 * order and 3.25 s in name order (#25, docs/benchmarks.md "Session 32"); the sort costs ~0.15 s.
 */
export async function insertEligibleEntries(
  trx: Trx,
  input: InsertEntries,
  names?: NamesBeside,
): Promise<SituationTotal[]> {
  await analyzeStale(trx, ELIGIBILITY_TABLES);
  await sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`.execute(trx);
  const { rows } = names?.available ? await withNamesBeside(trx, input, names) : await inOneStatement(trx, input);
  return rows.map((r) =>
    r.herdado
      ? { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO', total: r.total }
      : { situacao: 'APTO', motivo: null, total: r.total },
  );
}

async function inOneStatement(trx: Trx, input: InsertEntries) {
  const result = await eligibleEntriesStatement(input).execute(trx);
  const written = result.rows.reduce((n, r) => n + Number(r.total), 0);
  if (written >= BULK_NAMES) await mergeGinPending(trx, 'entrada_nome_chaves_idx');
  return result;
}

const NOVAS = 'entradas_novas';

async function withNamesBeside(trx: Trx, input: InsertEntries, names: NamesBeside) {
  await sql`create temporary table ${sql.table(NOVAS)} on commit drop as
    with ${eligibleCtes(input)} select * from novas`.execute(trx);
  // Only a bulk's names leave the database: a few entries (or none) keep their names' trigger.
  const { rows } = await sql<Partial<EntryNames>>`
    select array_agg(entrada_id)::text as ids, array_agg(nome_busca)::text as nomes, array_agg(cpf)::text as cpfs,
      array_agg(matricula)::text as matriculas, min(entrada_id)::text as primeiro, max(entrada_id)::text as ultimo
    from ${sql.table(NOVAS)} having count(*) >= ${BULK_NAMES}`.execute(trx);
  const bulk = rows[0] as EntryNames | undefined;
  if (bulk) await names.hold(trx);
  const beside = bulk ? names.write(input.journey.id, bulk) : null;
  let result: QueryResult<{ herdado: boolean; total: number }>;
  try {
    if (beside) await setNamesApart(trx, true);
    result = await eligibleEntriesStatement(input, NOVAS).execute(trx);
  } finally {
    // Written or not, the names' statement is over before anything else happens here.
    await beside;
  }
  if (beside) {
    await setNamesApart(trx, false);
    if (!(await beside)) await namesHere(trx, input.journey.id);
    await names.settle(trx, input.journey.id);
  }
  await sql`drop table ${sql.table(NOVAS)}`.execute(trx);
  return result;
}

/** The names' trigger leaves a bulk's names to NamesBeside while this is on (migration 0780). */
function setNamesApart(trx: Trx, on: boolean) {
  return sql`select set_config('renova.nomes_a_parte', ${on ? 'on' : ''}, true)`.execute(trx);
}

/** The names NamesBeside did not write; those it did (a commit whose answer was lost) stay as they are. */
async function namesHere(trx: Trx, journey: number) {
  await sql`
    insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
    select entrada_id, ${journey}::int8, nome_busca, cpf, matricula from ${sql.table(NOVAS)}
    on conflict (entrada_id) do nothing`.execute(trx);
  await mergeGinPending(trx, 'entrada_nome_chaves_idx');
}

/**
 * From this many new entries on, the name keys they left in the GIN's pending list are merged
 * before commit (db/gin-pending.ts): a journey opened or refreshed in bulk is searched at once by
 * its staff. A few entries inserted by hand leave the list to grow until PostgreSQL merges it.
 */
const BULK_NAMES = 1000;

/**
 * The tables the eligibility statement reads. Planned without statistics (PGlite has no
 * autovacuum), each filter is taken for one row, and the demo's IE 1 (1,400 contracts) was opened
 * by re-scanning the IE's scholarships for every contract and every previous-period entry: a minute
 * instead of a tenth of a second. insertEligibleEntries analyzes the stale ones first.
 */
export const ELIGIBILITY_TABLES = ['bolsa', 'contrato', 'entrada_jornada', 'estudante', 'jornada'] as const;

/**
 * The eligible contracts as `novas` (with `prev` and `elig` before it), each with the entry and
 * process ids drawn for it: the first common table expressions of either way of writing them.
 */
function eligibleCtes(input: InsertEntries) {
  const { journey } = input;
  const prev = previousPeriod(journey.ano, journey.semestre);
  const onlyNotRenewed =
    input.rule === 'NAO_RENOVADOS_ANTERIOR'
      ? sql`and p.situacao = 'SEM_RENOVACAO' and p.motivo = 'NAO_RENOVADO'`
      : sql``;
  const onlyContracts = input.contratoIds ? sql`and c.id = any(${input.contratoIds}::int8[])` : sql``;
  return sql`prev as (
      select distinct on (e.contrato_id) e.contrato_id, e.situacao, e.motivo
      from entrada_jornada e
      join jornada j on j.id = e.jornada_id
      where j.ie_id = ${journey.ie_id}::int8 and j.ano = ${prev.ano}::int4 and j.semestre = ${prev.semestre}::int4
      order by e.contrato_id, j.aberta_em desc, e.id desc
    ),
    elig as (
      select c.id as contrato_id, b.id as bolsa_id, b.estudante_id, b.curso_id, b.campus_id, b.turno_id,
        es.nome_busca, es.cpf, b.matricula,
        coalesce(p.situacao = 'SEM_RENOVACAO' and p.motivo = 'TRANCAMENTO', false) as herdado
      from contrato c
      join bolsa b on b.id = c.bolsa_id
      join estudante es on es.id = b.estudante_id
      left join prev p on p.contrato_id = c.id
      where c.ie_id = ${journey.ie_id}::int8 and b.ie_id = c.ie_id
        and c.status = 'ATIVO' and b.status = 'ATIVA'
        and b.situacao_matricula <> all(${[...(input.excluirMatricula ?? NOT_RENEWABLE)]}::text[])
        and not exists (
          select 1 from entrada_jornada x where x.jornada_id = ${journey.id}::int8 and x.contrato_id = c.id
        )
        ${onlyNotRenewed}
        ${onlyContracts}
    ),
    novas as materialized (
      select elig.*, nextval('entrada_jornada_id_seq'::regclass) as entrada_id,
        nextval('processo_id_seq'::regclass) as processo_id
      from elig
      order by nome_busca, contrato_id
    )`;
}

/**
 * The statement that writes the entries, processes and events of `novas`: the eligibility's own
 * expressions, or (`fromTable`) a temporary table already holding them. Exported for its plan's test.
 */
export function eligibleEntriesStatement(input: InsertEntries, fromTable?: string) {
  const { journey, caller } = input;
  const detalhes = {
    jornadaId: journey.id,
    tipo: journey.tipo,
    ano: journey.ano,
    semestre: journey.semestre,
  };
  const detalhesHerdado = JSON.stringify({ ...detalhes, trancamentoHerdado: true });
  const novas = fromTable ? sql`novas as (select * from ${sql.table(fromTable)})` : eligibleCtes(input);
  return sql<{ herdado: boolean; total: number }>`
    with ${novas},
    ins as (
      insert into entrada_jornada (id, jornada_id, ie_id, contrato_id, bolsa_id, estudante_id, curso_id, campus_id,
        turno_id, nome_busca, cpf, matricula, situacao, motivo)
      select entrada_id, ${journey.id}::int8, ${journey.ie_id}::int8, contrato_id, bolsa_id, estudante_id, curso_id,
        campus_id, turno_id, nome_busca, cpf, matricula,
        case when herdado then 'SEM_RENOVACAO' else 'APTO' end,
        case when herdado then 'TRANCAMENTO' end
      from novas
    ),
    proc as (
      insert into processo (id, entrada_id, contrato_id, ie_id, ano, semestre, matricula)
      select processo_id, entrada_id, contrato_id, ${journey.ie_id}::int8, ${journey.ano}::int4,
        ${journey.semestre}::int4, matricula
      from novas
    ),
    ev as (
      insert into evento_timeline (processo_id, entrada_id, ie_id, acao, situacao_nova, motivo_novo, usuario,
        usuario_nome, detalhes)
      select processo_id, entrada_id, ${journey.ie_id}::int8, ${input.acao}::text,
        case when herdado then 'SEM_RENOVACAO' else 'APTO' end,
        case when herdado then 'TRANCAMENTO' end,
        ${caller.sub}::text, ${caller.name}::text,
        case when herdado then ${detalhesHerdado}::jsonb else ${JSON.stringify(detalhes)}::jsonb end
      from novas
    )
    select herdado, count(*)::int8 as total from novas group by herdado order by herdado`;
}
