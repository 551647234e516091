import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { MotivoSemRenovacao, Situacao } from '../../src/db/schema.js';
import {
  CONTRACT_TERMS,
  createContract,
  createEntry,
  type TestContract,
  type TestEntry,
  type TestIe,
  type TestJourney,
} from './factories.js';

/**
 * Dashboard test data: IEs with more than one course/campus/shift and entries with chosen names,
 * situações and tags. Built on factories.ts; every function takes the db first.
 */

let sequence = 0;

/** The same IE seen through another course (on a new campus and, optionally, another shift). */
export async function addCourse(
  db: Db,
  ie: TestIe,
  options: { nome?: string; campusNome?: string; turnoCodigo?: string } = {},
): Promise<TestIe> {
  const n = ++sequence;
  const { id: campusId } = await db
    .insertInto('campus')
    .values({ ie_id: ie.ieId, nome: options.campusNome ?? `Campus Norte ${n}`, cidade: 'Canoas', uf: 'RS' })
    .returning('id')
    .executeTakeFirstOrThrow();
  let turnoId = ie.turnoId;
  if (options.turnoCodigo) {
    const codigo = options.turnoCodigo;
    const found = await db.selectFrom('turno').select('id').where('codigo', '=', codigo).executeTakeFirst();
    turnoId =
      found?.id ??
      (await db.insertInto('turno').values({ codigo, nome: codigo }).returning('id').executeTakeFirstOrThrow()).id;
  }
  const { id: cursoId } = await db
    .insertInto('curso')
    .values({
      ie_id: ie.ieId,
      campus_id: campusId,
      turno_id: turnoId,
      nome: options.nome ?? `Direito ${n}`,
      grau: 'Bacharelado',
      duracao_semestres: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...ie, campusId, cursoId, turnoId };
}

export type DashEntry = TestEntry & TestContract;

/** A student contract with an entry in the journey, in the given course (the ie's). */
export async function addEntry(
  db: Db,
  ie: TestIe,
  journey: TestJourney,
  options: { nome?: string; situacao?: Situacao; motivo?: MotivoSemRenovacao | null; tags?: string[] } = {},
): Promise<DashEntry> {
  const contract = await createContract(db, ie, { nome: options.nome });
  const entry = await createEntry(db, ie, journey, contract, options);
  return { ...contract, ...entry };
}

/** Changes an entry's situação directly in the database (as an operator's action would). */
export async function setSituacao(
  db: Db,
  brbId: number,
  situacao: Situacao,
  motivo: MotivoSemRenovacao | null = situacao === 'SEM_RENOVACAO' ? 'TRANCAMENTO' : null,
) {
  await db
    .updateTable('entrada_jornada')
    .set({ situacao, motivo, updated_at: new Date() })
    .where('id', '=', brbId)
    .execute();
}

/** A generated (unsigned) addendum for an entry. */
export async function addAddendum(db: Db, ie: TestIe, entry: DashEntry, valor = '1234.50') {
  return db
    .insertInto('aditivo')
    .values({
      contrato_id: entry.contratoId,
      entrada_id: entry.brbId,
      ie_id: ie.ieId,
      ano: 2026,
      semestre: 2,
      valor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * `count` APTO entries (or one per name given) in one statement per table (for paging and search
 * tests): students "Aluno 00001"...,
 * CPFs 9xxxxxxxxxx (no check digits needed in these tables).
 */
export async function bulkEntries(db: Db, ie: TestIe, journey: TestJourney, count: number | string[]) {
  // Given names (search form, used as the name too), or `count` numbered students.
  const students = Array.isArray(count)
    ? sql`select '9' || lpad(x.n::text, 10, '0'), x.nome, x.nome
        from unnest(${count}::text[]) with ordinality as x(nome, n)`
    : sql`select '9' || lpad(n::text, 10, '0'), 'Aluno ' || lpad(n::text, 5, '0'), 'aluno ' || lpad(n::text, 5, '0')
        from generate_series(1, ${count}::int) n`;
  await sql`
    with alunos as (
      insert into estudante (cpf, nome, nome_busca)
      ${students}
      returning id, cpf, nome_busca
    ), bolsas as (
      insert into bolsa (ie_id, convenio_id, estudante_id, curso_id, campus_id, turno_id, cod_bolsa, matricula)
      select ${ie.ieId}::int8, ${ie.convenioId}::int8, a.id, ${ie.cursoId}::int8, ${ie.campusId}::int8, ${ie.turnoId}::int8,
        'BB' || a.cpf, 'MB' || a.cpf
      from alunos a
      returning id, estudante_id, matricula
    ), contratos as (
      insert into contrato (bolsa_id, ie_id, numero, primeiro_mes_credito, previsao_formatura, inicio_restituicao)
      select b.id, ${ie.ieId}::int8, 'CB' || b.id, ${CONTRACT_TERMS.primeiroMesCredito}::date,
        ${CONTRACT_TERMS.previsaoFormatura}::date, ${CONTRACT_TERMS.inicioRestituicao}::date from bolsas b
      returning id, bolsa_id
    )
    insert into entrada_jornada (jornada_id, ie_id, contrato_id, bolsa_id, estudante_id, curso_id, campus_id, turno_id,
      nome_busca, cpf, matricula, situacao)
    select ${journey.jornadaId}::int8, ${ie.ieId}::int8, c.id, b.id, a.id, ${ie.cursoId}::int8, ${ie.campusId}::int8,
      ${ie.turnoId}::int8, a.nome_busca, a.cpf, b.matricula, 'APTO'
    from contratos c join bolsas b on b.id = c.bolsa_id join alunos a on a.id = b.estudante_id
  `.execute(db);
}
