import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { searchForm } from '../../lib/text.js';
import { cpfDigits } from './list-query.js';

const anyOf = (ids: number[]) => sql<number>`any(${ids}::int8[])`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The latest generated (unsigned) addendum of each entry. */
export function pendingAddenda(db: Db, caller: Caller, entryIds: number[]) {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('aditivo')
    .distinctOn('aditivo.entrada_id')
    .select(['aditivo.id', 'aditivo.entrada_id', 'aditivo.valor', 'aditivo.gerado_em'])
    .where('aditivo.entrada_id', '=', anyOf(entryIds))
    .where('aditivo.status', '=', 'GERADO')
    .where((eb) => inCallerIes(eb, 'aditivo.ie_id', caller))
    .orderBy('aditivo.entrada_id')
    .orderBy('aditivo.gerado_em', 'desc')
    .orderBy('aditivo.id', 'desc')
    .execute();
}

export function entryTags(db: Db, caller: Caller, entryIds: number[]) {
  return db
    .selectFrom('entrada_jornada as e')
    .select(['e.id', 'e.tags'])
    .where('e.id', '=', anyOf(entryIds))
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller))
    .execute();
}

export interface CandidateFilters {
  jornadaId: number;
  ieId: number;
  cursoId?: number;
  campusId?: number;
  turnoId?: number;
  busca?: string;
}

/**
 * Active contracts (contrato ATIVO, bolsa ATIVA) of the journey's IE without an entry in that
 * journey: the beneficiaries that may be inserted into it.
 */
function candidates(db: Db, caller: Caller, f: CandidateFilters) {
  let query = db
    .selectFrom('contrato as ct')
    .innerJoin('bolsa as b', 'b.id', 'ct.bolsa_id')
    .innerJoin('estudante as s', 's.id', 'b.estudante_id')
    .where('ct.ie_id', '=', f.ieId)
    .where('ct.status', '=', 'ATIVO')
    .where('b.status', '=', 'ATIVA')
    .where((eb) => inCallerIes(eb, 'ct.ie_id', caller))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('entrada_jornada as e')
            .select('e.id')
            .whereRef('e.contrato_id', '=', 'ct.id')
            .where('e.jornada_id', '=', f.jornadaId),
        ),
      ),
    );
  if (f.cursoId !== undefined) query = query.where('b.curso_id', '=', f.cursoId);
  if (f.campusId !== undefined) query = query.where('b.campus_id', '=', f.campusId);
  if (f.turnoId !== undefined) query = query.where('b.turno_id', '=', f.turnoId);
  if (f.busca !== undefined) {
    const text = f.busca.trim();
    const nome = searchForm(text);
    const digits = cpfDigits(text);
    query = query.where((eb) =>
      eb.or([
        eb('b.matricula', 'like', `${escapeLike(text)}%`),
        ...(nome ? [eb('s.nome_busca', 'like', `%${escapeLike(nome)}%`)] : []),
        ...(digits ? [eb.between('s.cpf', digits.padEnd(11, '0'), digits.padEnd(11, '9'))] : []),
      ]),
    );
  }
  return query;
}

export function candidatePage(db: Db, caller: Caller, f: CandidateFilters, limit: number, offset: number) {
  return candidates(db, caller, f)
    .innerJoin('curso as c', 'c.id', 'b.curso_id')
    .innerJoin('campus as ca', 'ca.id', 'b.campus_id')
    .innerJoin('turno as t', 't.id', 'b.turno_id')
    .select([
      'ct.id as contrato_id',
      'ct.numero',
      'ct.previsao_formatura',
      'b.id as bolsa_id',
      'b.cod_bolsa',
      'b.matricula',
      'b.ie_id',
      's.id as estudante_id',
      's.nome',
      's.cpf',
      'c.id as curso_id',
      'c.nome as curso_nome',
      'ca.id as campus_id',
      'ca.nome as campus_nome',
      't.id as turno_id',
      't.nome as turno_nome',
    ])
    .orderBy('s.nome_busca')
    .orderBy('ct.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function candidateCount(db: Db, caller: Caller, f: CandidateFilters): Promise<number> {
  const row = await candidates(db, caller, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
