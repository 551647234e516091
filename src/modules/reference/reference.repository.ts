import type { Db } from '../../db/database.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

/** Reference lists (lista_referencia): the codes the v1/v2 list operations serve and bodies are checked against. */
export const LISTS = {
  tiposSituacaoMatricula: 'tipo-situacao-matricula',
  situacoesMatricula: 'situacao-matricula',
  situacoesRestituicao: 'situacao-restituicao',
  motivosSituacaoMatricula: 'motivo-situacao-matricula',
  motivosEspera: 'motivo-espera',
  situacoesAcao: 'situacao-acao',
  tiposJornada: 'tipo-jornada',
} as const;
export type ListName = (typeof LISTS)[keyof typeof LISTS];

export function listReference(db: Db, lista: ListName | string) {
  return db
    .selectFrom('lista_referencia')
    .select(['codigo', 'descricao', 'dados'])
    .where('lista', '=', lista)
    .orderBy('ordem')
    .orderBy('codigo')
    .execute();
}

export async function referenceCodes(db: Db, lista: ListName | string): Promise<string[]> {
  return (await listReference(db, lista)).map((r) => r.codigo);
}

export function listCampuses(db: Db, caller: Caller, ieId?: number) {
  let query = db
    .selectFrom('campus')
    .select(['id', 'ie_id', 'nome', 'cidade', 'uf'])
    .where((eb) => inCallerIes(eb, 'campus.ie_id', caller));
  if (ieId !== undefined) query = query.where('campus.ie_id', '=', ieId);
  return query.orderBy('nome').orderBy('id').execute();
}

export function listCourses(db: Db, caller: Caller, ieId?: number) {
  let query = db
    .selectFrom('curso')
    .select(['id', 'ie_id', 'campus_id', 'turno_id', 'nome', 'grau', 'duracao_semestres'])
    .where((eb) => inCallerIes(eb, 'curso.ie_id', caller));
  if (ieId !== undefined) query = query.where('curso.ie_id', '=', ieId);
  return query.orderBy('nome').orderBy('id').execute();
}

/** Shifts offered by at least one course of the caller's IEs. */
export function listShifts(db: Db, caller: Caller, ieId?: number) {
  return db
    .selectFrom('turno')
    .select(['turno.id', 'turno.codigo', 'turno.nome'])
    .where(({ exists, selectFrom }) => {
      let courses = selectFrom('curso')
        .select('curso.id')
        .whereRef('curso.turno_id', '=', 'turno.id')
        .where((eb) => inCallerIes(eb, 'curso.ie_id', caller));
      if (ieId !== undefined) courses = courses.where('curso.ie_id', '=', ieId);
      return exists(courses);
    })
    .orderBy('turno.id')
    .execute();
}
