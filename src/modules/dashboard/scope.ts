import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { callerHasIe, inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { invalidField, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { rememberBuilt } from './statement-cache.js';

export interface ScopeInput {
  ieId?: number;
  grupoIeId?: number;
}

export interface JourneySelectionInput extends ScopeInput {
  journeyId?: number;
  ano?: number;
  semestre?: number;
}

export interface JourneyRef {
  id: number;
  ieId: number;
  tipo: string;
  ano: number;
  semestre: number;
  status: 'ABERTA' | 'ENCERRADA';
  janelaInicio: string;
  janelaFim: string;
}

export interface Scope {
  journeys: JourneyRef[];
}

const int8Array = (ids: number[]) => sql`any(${ids}::int8[])`;

/**
 * The IEs a dashboard operation reads, the same way for every operation: `ieId` (one of the
 * caller's), else `grupoIeId` (the caller's IEs of that group), else the user's preferred group
 * (preferencia_usuario, key caller.sub) intersected with the caller's IEs when that leaves any,
 * else all the caller's IEs.
 */
export async function resolveIes(
  db: Db,
  caller: Caller,
  input: ScopeInput & { journeyId?: number },
): Promise<number[] | null> {
  if (input.ieId !== undefined && !callerHasIe(caller, input.ieId))
    throw notFound(t(`IE ${input.ieId} não encontrada.`, `IE ${input.ieId} not found.`));
  if (input.grupoIeId !== undefined) {
    let query = db
      .selectFrom('ie')
      .select('ie.id')
      .where('ie.grupo_ie_id', '=', input.grupoIeId)
      .where((eb) => inCallerIes(eb, 'ie.id', caller));
    if (input.ieId !== undefined) query = query.where('ie.id', '=', input.ieId);
    const rows = await query.orderBy('ie.id').execute();
    if (rows.length === 0) {
      throw input.ieId !== undefined
        ? notFound(
            t(
              `IE ${input.ieId} não encontrada no grupo ${input.grupoIeId}.`,
              `IE ${input.ieId} in group ${input.grupoIeId} not found.`,
            ),
          )
        : notFound(t(`Grupo de IE ${input.grupoIeId} não encontrado.`, `IE group ${input.grupoIeId} not found.`));
    }
    return rows.map((r) => r.id);
  }
  if (input.ieId !== undefined) return [input.ieId];
  if (input.journeyId !== undefined) return caller.all ? null : [...caller.ies].sort((a, b) => a - b);
  const preferred = await db
    .selectFrom('preferencia_usuario as p')
    .innerJoin('ie', 'ie.grupo_ie_id', 'p.grupo_ie_id')
    .select('ie.id')
    .where('p.usuario', '=', caller.sub)
    .where((eb) => inCallerIes(eb, 'ie.id', caller))
    .orderBy('ie.id')
    .execute();
  if (preferred.length > 0) return preferred.map((r) => r.id);
  return caller.all ? null : [...caller.ies].sort((a, b) => a - b);
}

/**
 * The journeys an operation reads: `journeyId` (404 unless it is a journey of an IE in scope),
 * else every journey of `ano`/`semestre`, else the current journey of each IE in scope: its
 * ABERTA journey (the semester's RENOVACAO before another type open beside it, so a
 * REGULARIZACAO never hides the renewal) of the latest period, else its latest journey (period,
 * then opening time). Without ieId/grupoIeId the preferred group is applied inside the same statement, so the
 * common case costs one round trip.
 */
export async function resolveScope(db: Db, caller: Caller, input: JourneySelectionInput): Promise<Scope> {
  const rows = await (await journeysQuery(db, caller, input)).execute();
  if (input.journeyId !== undefined && rows.length === 0)
    throw notFound(t(`Jornada ${input.journeyId} não encontrada.`, `Journey ${input.journeyId} not found.`));
  return { journeys: toJourneys(rows) };
}

export const toJourneys = (
  rows: {
    id: number;
    ie_id: number;
    tipo: string;
    ano: number;
    semestre: number;
    status: 'ABERTA' | 'ENCERRADA';
    janela_inicio: string;
    janela_fim: string;
  }[],
): JourneyRef[] =>
  rows
    .map((r) => ({
      id: r.id,
      ieId: r.ie_id,
      tipo: r.tipo,
      ano: r.ano,
      semestre: r.semestre,
      status: r.status,
      janelaInicio: r.janela_inicio,
      janelaFim: r.janela_fim,
    }))
    .sort((a, b) => a.ieId - b.ieId || a.id - b.id);

/**
 * What a statement built from a journey selection depends on, for statement-cache.ts: the
 * caller's tenancy and the selection (add caller.sub when the preferred group is read).
 */
export const scopeKey = (caller: Pick<Caller, 'all' | 'ies'>, q: JourneySelectionInput) => [
  caller.all,
  caller.ies,
  q.ieId,
  q.grupoIeId,
  q.journeyId,
  q.ano,
  q.semestre,
];

/** The statement resolveScope runs, for callers that read more in the same statement (counters). */
export async function journeysQuery(db: Db, caller: Caller, input: JourneySelectionInput) {
  if ((input.ano === undefined) !== (input.semestre === undefined)) {
    const missing = input.ano === undefined ? 'ano' : 'semestre';
    throw invalidField(
      `/querystring/${missing}`,
      t('informe ano e semestre juntos para escolher um período', 'give ano and semestre together to choose a period'),
    );
  }
  // An explicit choice (IE, group or journey) overrides the preferred group.
  const named = input.ieId !== undefined || input.grupoIeId !== undefined || input.journeyId !== undefined;
  const ies = named ? await resolveIes(db, caller, input) : null;
  let query = db
    .with('preferidas', (qb) =>
      qb
        .selectFrom('preferencia_usuario as p')
        .innerJoin('ie', 'ie.grupo_ie_id', 'p.grupo_ie_id')
        .select('ie.id')
        .where('p.usuario', '=', caller.sub)
        .where((eb) => inCallerIes(eb, 'ie.id', caller))
        .$if(named, (q) => q.where(sql<boolean>`false`)),
    )
    .selectFrom('jornada')
    .select([
      'jornada.id',
      'jornada.ie_id',
      'jornada.tipo',
      'jornada.ano',
      'jornada.semestre',
      'jornada.status',
      'jornada.janela_inicio',
      'jornada.janela_fim',
    ])
    .where((eb) => inCallerIes(eb, 'jornada.ie_id', caller))
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('preferidas').select('preferidas.id'))),
        eb('jornada.ie_id', 'in', eb.selectFrom('preferidas').select('preferidas.id')),
      ]),
    );
  if (ies) query = query.where('jornada.ie_id', '=', int8Array(ies) as never);
  if (input.journeyId !== undefined) {
    query = query.where('jornada.id', '=', input.journeyId);
  } else if (input.ano !== undefined && input.semestre !== undefined) {
    query = query.where('jornada.ano', '=', input.ano).where('jornada.semestre', '=', input.semestre);
  } else {
    query = query
      .distinctOn('jornada.ie_id')
      .orderBy('jornada.ie_id')
      .orderBy(sql`jornada.status = 'ABERTA'`, 'desc')
      .orderBy(sql`jornada.tipo = 'RENOVACAO'`, 'desc')
      .orderBy('jornada.ano', 'desc')
      .orderBy('jornada.semestre', 'desc')
      .orderBy('jornada.aberta_em', 'desc');
  }
  return query.orderBy('jornada.id', 'desc');
}

/**
 * When the selection names at most one journey and that is known without reading the database
 * (a journeyId, or the current journey of a single IE), the subquery that finds it: lists put it
 * inside their own statements and save the round trip of resolveScope. Null otherwise. It yields
 * no row for a journey of another IE, which the caller then reports with resolveScope (404).
 */
export function singleJourney(db: Db, caller: Caller, input: JourneySelectionInput): Expression<number | null> | null {
  if (input.ano !== undefined || input.semestre !== undefined || input.grupoIeId !== undefined) return null;
  if (input.ieId !== undefined && !callerHasIe(caller, input.ieId))
    throw notFound(t(`IE ${input.ieId} não encontrada.`, `IE ${input.ieId} not found.`));
  const ieId = input.ieId ?? (!caller.all && caller.ies.length === 1 ? caller.ies[0] : undefined);
  if (ieId === undefined && input.journeyId === undefined) return null;
  // Kysely expressions are immutable: the one built for this caller's IEs and selection is reused.
  const key = ['singleJourney', caller.all, caller.ies, ieId, input.journeyId];
  return rememberBuilt(db, key, () => singleJourneyQuery(db, caller, ieId, input.journeyId));
}

function singleJourneyQuery(
  db: Db,
  caller: Caller,
  ieId: number | undefined,
  journeyId: number | undefined,
): Expression<number | null> {
  let query = db
    .selectFrom('jornada')
    .select('jornada.id')
    .where((eb) => inCallerIes(eb, 'jornada.ie_id', caller));
  if (ieId !== undefined) query = query.where('jornada.ie_id', '=', ieId);
  if (journeyId !== undefined) return query.where('jornada.id', '=', journeyId).$asScalar();
  return query
    .orderBy(sql`jornada.status = 'ABERTA'`, 'desc')
    .orderBy(sql`jornada.tipo = 'RENOVACAO'`, 'desc')
    .orderBy('jornada.ano', 'desc')
    .orderBy('jornada.semestre', 'desc')
    .orderBy('jornada.aberta_em', 'desc')
    .orderBy('jornada.id', 'desc')
    .limit(1)
    .$asScalar();
}

export interface FilterIds {
  cursoId?: number;
  campusId?: number;
  turnoId?: number;
}

/**
 * A course or campus filter must name one of the caller's (404 otherwise, like an unknown id); a
 * shift must exist. Lists call it only when they come back empty: rows prove the ids are the caller's.
 */
export async function checkFilterIds(db: Db, caller: Caller, ids: FilterIds): Promise<void> {
  const checks: Promise<void>[] = [];
  if (ids.cursoId !== undefined) {
    const id = ids.cursoId;
    checks.push(
      db
        .selectFrom('curso')
        .select('id')
        .where('id', '=', id)
        .where((eb) => inCallerIes(eb, 'curso.ie_id', caller))
        .executeTakeFirst()
        .then((row) => {
          if (!row) throw notFound(t(`Curso ${id} não encontrado.`, `Course ${id} not found.`));
        }),
    );
  }
  if (ids.campusId !== undefined) {
    const id = ids.campusId;
    checks.push(
      db
        .selectFrom('campus')
        .select('id')
        .where('id', '=', id)
        .where((eb) => inCallerIes(eb, 'campus.ie_id', caller))
        .executeTakeFirst()
        .then((row) => {
          if (!row) throw notFound(t(`Campus ${id} não encontrado.`, `Campus ${id} not found.`));
        }),
    );
  }
  if (ids.turnoId !== undefined) {
    const id = ids.turnoId;
    checks.push(
      db
        .selectFrom('turno')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst()
        .then((row) => {
          if (!row) throw notFound(t(`Turno ${id} não encontrado.`, `Shift (turno) ${id} not found.`));
        }),
    );
  }
  await Promise.all(checks);
}
