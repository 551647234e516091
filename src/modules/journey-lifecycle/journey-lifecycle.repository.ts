import type { Kysely, Transaction } from 'kysely';
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
