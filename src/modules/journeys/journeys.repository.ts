import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

export const JOURNEY_TYPES_LIST = 'tipo-jornada';

export interface JourneyListFilters {
  ieId?: number;
  ano?: number;
  semestre?: number;
  status?: 'ABERTA' | 'ENCERRADA';
  tipo?: string;
}

function journeys(db: Db, caller: Caller) {
  return db
    .selectFrom('jornada as j')
    .innerJoin('ie', 'ie.id', 'j.ie_id')
    .where((eb) => inCallerIes(eb, 'j.ie_id', caller));
}

function filtered(db: Db, caller: Caller, f: JourneyListFilters) {
  let query = journeys(db, caller);
  if (f.ieId !== undefined) query = query.where('j.ie_id', '=', f.ieId);
  if (f.ano !== undefined) query = query.where('j.ano', '=', f.ano);
  if (f.semestre !== undefined) query = query.where('j.semestre', '=', f.semestre);
  if (f.status !== undefined) query = query.where('j.status', '=', f.status);
  if (f.tipo !== undefined) query = query.where('j.tipo', '=', f.tipo);
  return query;
}

const typeDescription = (eb: ExpressionBuilder<Database & { j: Database['jornada'] }, 'j'>) =>
  eb
    .selectFrom('lista_referencia as lr')
    .select('lr.descricao')
    .where('lr.lista', '=', JOURNEY_TYPES_LIST)
    .whereRef('lr.codigo', '=', 'j.tipo')
    .as('tipo_descricao');

const JOURNEY_COLUMNS = [
  'j.id',
  'j.ie_id',
  'ie.nome as ie_nome',
  'ie.sigla as ie_sigla',
  'ie.grupo_ie_id',
  'j.tipo',
  'j.ano',
  'j.semestre',
  'j.status',
  'j.janela_inicio',
  'j.janela_fim',
  'j.aberta_por',
  'j.aberta_em',
  'j.encerrada_em',
] as const;

/** Newest period first; within a period by IE name, then type. */
export async function listJourneys(db: Db, caller: Caller, f: JourneyListFilters, limit: number, offset: number) {
  const { total } = await filtered(db, caller, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, caller, f)
    .select(JOURNEY_COLUMNS)
    .select(typeDescription)
    .orderBy('j.ano', 'desc')
    .orderBy('j.semestre', 'desc')
    .orderBy('ie.nome')
    .orderBy('j.tipo')
    .orderBy('j.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}
export type JourneyRow = Awaited<ReturnType<typeof listJourneys>>['rows'][number];

/** Every journey the filters select, in the list's order, with its entries (for exports). */
export function journeysExportQuery(db: Db, caller: Caller, f: JourneyListFilters) {
  return filtered(db, caller, f)
    .select(JOURNEY_COLUMNS)
    .select(typeDescription)
    .select((eb) =>
      eb
        .selectFrom('contador_jornada as c')
        .select(sql<number>`coalesce(sum(c.total), 0)::int4`.as('n'))
        .whereRef('c.jornada_id', '=', 'j.id')
        .where('c.situacao', 'not in', ['CANCELADO', 'EXCLUIDO'])
        .as('entradas'),
    )
    .orderBy('j.ano', 'desc')
    .orderBy('j.semestre', 'desc')
    .orderBy('ie.nome')
    .orderBy('j.tipo')
    .orderBy('j.id');
}

export function findJourney(db: Db, caller: Caller, journeyId: number) {
  return journeys(db, caller)
    .select(JOURNEY_COLUMNS)
    .select(typeDescription)
    .where('j.id', '=', journeyId)
    .executeTakeFirst();
}

/** The counters the triggers keep per journey, situation and motivo ('' when none). */
export function countersOf(db: Db, caller: Caller, journeyIds: number[]) {
  if (journeyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contador_jornada as c')
    .innerJoin('jornada as j', 'j.id', 'c.jornada_id')
    .select(['c.jornada_id', 'c.situacao', 'c.motivo', 'c.total'])
    .where('c.jornada_id', 'in', journeyIds)
    .where('c.total', '>', 0)
    .where((eb) => inCallerIes(eb, 'j.ie_id', caller))
    .execute();
}
export type CounterRow = Awaited<ReturnType<typeof countersOf>>[number];

/** Every (group, IE) pair that has at least one journey the caller sees. */
export function groupsWithJourneys(db: Db, caller: Caller) {
  return db
    .selectFrom('ie')
    .innerJoin('grupo_ie as g', 'g.id', 'ie.grupo_ie_id')
    .select(['g.id as grupo_id', 'g.nome as grupo_nome', 'ie.id', 'ie.nome', 'ie.sigla'])
    .where((eb) => inCallerIes(eb, 'ie.id', caller))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('jornada')
          .select('jornada.id')
          .whereRef('jornada.ie_id', '=', 'ie.id')
          .where((eb) => inCallerIes(eb, 'jornada.ie_id', caller)),
      ),
    )
    .orderBy('g.nome')
    .orderBy('g.id')
    .orderBy('ie.nome')
    .orderBy('ie.id')
    .execute();
}

export function journeyTypes(db: Db) {
  return db
    .selectFrom('lista_referencia')
    .select(['codigo', 'descricao'])
    .where('lista', '=', JOURNEY_TYPES_LIST)
    .orderBy('ordem')
    .orderBy('codigo')
    .execute();
}
