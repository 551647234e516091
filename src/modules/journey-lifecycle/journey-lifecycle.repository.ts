import { type Kysely, sql, type Transaction } from 'kysely';
import { analyzeStale } from '../../db/embedded-stats.js';
import { mergeGinPending } from '../../db/gin-pending.js';
import type { Database, MotivoSemRenovacao, Situacao } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

type Trx = Transaction<Database>;
type Conn = Kysely<Database>;

/** Who gets an entry when a journey is opened or refreshed. */
export type EligibilityRule = 'TODOS_ATIVOS' | 'NAO_RENOVADOS_ANTERIOR';

export const ruleOfType = (tipo: string): EligibilityRule =>
  tipo === 'REGULARIZACAO' ? 'NAO_RENOVADOS_ANTERIOR' : 'TODOS_ATIVOS';

/** The period before (ano, semestre). */
export const previousPeriod = (ano: number, semestre: number) =>
  semestre === 2 ? { ano, semestre: 1 } : { ano: ano - 1, semestre: 2 };

export interface JourneyRow {
  id: number;
  ie_id: number;
  tipo: string;
  ano: number;
  semestre: number;
  status: 'ABERTA' | 'ENCERRADA';
  janela_inicio: string;
  janela_fim: string;
  aberta_por: string;
  aberta_em: Date;
}

const JOURNEY_COLUMNS = [
  'id',
  'ie_id',
  'tipo',
  'ano',
  'semestre',
  'status',
  'janela_inicio',
  'janela_fim',
  'aberta_por',
  'aberta_em',
] as const;

export function existingIes(db: Conn, ieIds: number[]) {
  return db.selectFrom('ie').select('id').where('id', 'in', ieIds).execute();
}

/** The longest renewal window (days) among the IE's active convênios; null when it has none. */
export async function windowDays(trx: Trx, ieId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('convenio')
    .select((eb) => eb.fn.max('janela_dias').as('dias'))
    .where('ie_id', '=', ieId)
    .where('ativo', '=', true)
    .executeTakeFirst();
  return row?.dias ?? null;
}

export function insertJourney(
  trx: Trx,
  values: { ieId: number; tipo: string; ano: number; semestre: number; inicio: string; fim: string; por: string },
): Promise<JourneyRow> {
  return trx
    .insertInto('jornada')
    .values({
      ie_id: values.ieId,
      tipo: values.tipo,
      ano: values.ano,
      semestre: values.semestre,
      janela_inicio: values.inicio,
      janela_fim: values.fim,
      aberta_por: values.por,
    })
    .returning(JOURNEY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A journey the caller may see, locked so a refresh, an insert and the window job never overlap. */
export function lockJourney(trx: Trx, caller: Caller, jornadaId: number): Promise<JourneyRow | undefined> {
  return trx
    .selectFrom('jornada')
    .select(JOURNEY_COLUMNS)
    .where('id', '=', jornadaId)
    .where((eb) => inCallerIes(eb, 'jornada.ie_id', caller))
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The open journeys of the given IEs, locked. */
export function lockOpenJourneys(trx: Trx, ieIds: number[]): Promise<JourneyRow[]> {
  return trx
    .selectFrom('jornada')
    .select(JOURNEY_COLUMNS)
    .where('ie_id', 'in', ieIds)
    .where('status', '=', 'ABERTA')
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

export interface SituationTotal {
  situacao: Situacao;
  motivo: MotivoSemRenovacao | null;
  total: number;
}

export async function journeyCounters(trx: Trx, jornadaId: number): Promise<SituationTotal[]> {
  const rows = await trx
    .selectFrom('contador_jornada')
    .select(['situacao', 'motivo', 'total'])
    .where('jornada_id', '=', jornadaId)
    .where('total', '<>', 0)
    .orderBy('situacao')
    .orderBy('motivo')
    .execute();
  return rows.map((r) => ({ ...r, motivo: (r.motivo || null) as MotivoSemRenovacao | null }));
}

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
 * One statement, set-based: every eligible contract of the journey's IE not yet in the journey
 * gets an entry (APTO, or SEM_RENOVACAO/TRANCAMENTO when its previous-period entry ended locked),
 * its process and an opening timeline event. The counters follow by the entry table's triggers.
 * Answers how many entries were created per situação.
 *
 * Opening a journey writes up to 100,000 rows into each table, so the statement is shaped for
 * that: the entry and process ids are drawn from their identity sequences once per eligible
 * contract (`novas`), and the three inserts read that one set, instead of the process insert
 * reading the entries' RETURNING and the event insert joining both (two sorts and a join of
 * 100,000 rows). Every insert runs against the same snapshot and the key checks run at the end of
 * the statement, so an event may name a process written by a sibling insert. For the rest of the
 * transaction JIT is off (the row estimates make the planner compile the statement, which cost
 * more than it saved) and work_mem is raised so the 100,000-row set and its sorts stay in memory.
 */
export async function insertEligibleEntries(trx: Trx, input: InsertEntries): Promise<SituationTotal[]> {
  await analyzeStale(trx, ELIGIBILITY_TABLES);
  await sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`.execute(trx);
  const result = await eligibleEntriesStatement(input).execute(trx);
  const written = result.rows.reduce((n, r) => n + Number(r.total), 0);
  if (written >= BULK_NAMES) await mergeGinPending(trx, 'entrada_nome_chaves_idx');
  return result.rows.map((r) =>
    r.herdado
      ? { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO', total: r.total }
      : { situacao: 'APTO', motivo: null, total: r.total },
  );
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

/** The statement of insertEligibleEntries (exported for its plan's test). */
export function eligibleEntriesStatement(input: InsertEntries) {
  const { journey, caller } = input;
  const prev = previousPeriod(journey.ano, journey.semestre);
  const onlyNotRenewed =
    input.rule === 'NAO_RENOVADOS_ANTERIOR'
      ? sql`and p.situacao = 'SEM_RENOVACAO' and p.motivo = 'NAO_RENOVADO'`
      : sql``;
  const onlyContracts = input.contratoIds ? sql`and c.id = any(${input.contratoIds}::int8[])` : sql``;
  const detalhes = {
    jornadaId: journey.id,
    tipo: journey.tipo,
    ano: journey.ano,
    semestre: journey.semestre,
  };
  const detalhesHerdado = JSON.stringify({ ...detalhes, trancamentoHerdado: true });
  return sql<{ herdado: boolean; total: number }>`
    with prev as (
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
      order by contrato_id
    ),
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

/** Contracts the caller can see matching every identifier given (insert by hand). */
export function findContracts(trx: Trx, caller: Caller, by: { contratoId?: number; bolsaId?: number; cpf?: string }) {
  let query = trx
    .selectFrom('contrato as c')
    .innerJoin('bolsa as b', 'b.id', 'c.bolsa_id')
    .innerJoin('estudante as es', 'es.id', 'b.estudante_id')
    .select([
      'c.id',
      'c.ie_id',
      'c.status',
      'c.bolsa_id',
      'b.status as bolsa_status',
      'b.situacao_matricula',
      'c.numero',
    ])
    .where((eb) => inCallerIes(eb, 'c.ie_id', caller));
  if (by.contratoId !== undefined) query = query.where('c.id', '=', by.contratoId);
  if (by.bolsaId !== undefined) query = query.where('b.id', '=', by.bolsaId);
  if (by.cpf !== undefined) query = query.where('es.cpf', '=', by.cpf);
  return query.orderBy('c.id').execute();
}

export function entryOfContract(trx: Trx, jornadaId: number, contratoId: number) {
  return trx
    .selectFrom('entrada_jornada as e')
    .innerJoin('processo as p', 'p.entrada_id', 'e.id')
    .select(['e.id', 'p.id as processo_id', 'e.ie_id', 'e.contrato_id', 'e.bolsa_id', 'e.situacao', 'e.motivo'])
    .where('e.jornada_id', '=', jornadaId)
    .where('e.contrato_id', '=', contratoId)
    .executeTakeFirst();
}
