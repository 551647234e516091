import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { MOTIVOS_SEM_RENOVACAO, type MotivoSemRenovacao, SITUACOES, type Situacao } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { counterCells } from './counters.repository.js';
import * as repo from './dashboard.repository.js';
import { toPage } from './mappers.js';
import { checkFilterIds, type FilterIds, type JourneySelectionInput, resolveIes, resolveScope } from './scope.js';

const anyOf = (ids: number[]) => sql<number>`any(${ids}::int8[])`;

/**
 * The values the caller can filter the renewal lists on, computed from its data: IEs and journeys
 * in scope, and the courses, campuses, shifts, tags, situações and motivos present in the
 * journeys read (the current ones unless journeyId or ano/semestre says otherwise).
 */
export async function filterValues(db: Db, caller: Caller, q: JourneySelectionInput) {
  const [scope, ies] = await Promise.all([resolveScope(db, caller, q), resolveIes(db, caller, q)]);
  const journeyIds = scope.journeys.map((j) => j.id);
  const iesQuery = db
    .selectFrom('ie')
    .select(['id', 'nome', 'sigla', 'grupo_ie_id'])
    .where((eb) => inCallerIes(eb, 'ie.id', caller))
    .$if(ies !== null, (qb) => qb.where('ie.id', '=', anyOf(ies ?? [])));
  const journeysQuery = db
    .selectFrom('jornada')
    .select(['id', 'ie_id', 'tipo', 'ano', 'semestre', 'status', 'janela_inicio', 'janela_fim'])
    .where((eb) => inCallerIes(eb, 'jornada.ie_id', caller))
    .$if(ies !== null, (qb) => qb.where('jornada.ie_id', '=', anyOf(ies ?? [])));
  const present = <K extends 'curso' | 'campus'>(table: K, column: 'curso_id' | 'campus_id') =>
    db
      .selectFrom(table as 'curso')
      .select(['id', 'nome'])
      .where((eb) => inCallerIes(eb, `${table}.ie_id`, caller))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('entrada_jornada as e')
            .select('e.id')
            .where('e.jornada_id', '=', anyOf(journeyIds))
            .whereRef(`e.${column}`, '=', `${table as 'curso'}.id`),
        ),
      )
      .orderBy('nome')
      .orderBy('id')
      .execute();
  const empty = journeyIds.length === 0;
  const [ieRows, journeyRows, cursos, campi, turnos, tagRows, cells] = await Promise.all([
    iesQuery.orderBy('nome').orderBy('id').execute(),
    journeysQuery.orderBy('ano', 'desc').orderBy('semestre', 'desc').orderBy('id', 'desc').execute(),
    empty ? [] : present('curso', 'curso_id'),
    empty ? [] : present('campus', 'campus_id'),
    empty
      ? []
      : db
          .selectFrom('turno')
          .select(['id', 'nome'])
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('entrada_jornada as e')
                .select('e.id')
                .where('e.jornada_id', '=', anyOf(journeyIds))
                .whereRef('e.turno_id', '=', 'turno.id'),
            ),
          )
          .orderBy('id')
          .execute(),
    empty
      ? []
      : db
          .selectFrom('entrada_jornada as e')
          .select(sql<string>`unnest(e.tags)`.as('tag'))
          .distinct()
          .where('e.jornada_id', '=', anyOf(journeyIds))
          .where(sql<boolean>`e.tags <> '{}'`)
          .orderBy('tag')
          .execute(),
    counterCells(db, journeyIds),
  ]);

  const situacoes = new Map<Situacao, number>();
  const motivos = new Map<MotivoSemRenovacao, number>();
  for (const c of cells) {
    situacoes.set(c.situacao, (situacoes.get(c.situacao) ?? 0) + c.total);
    if (c.motivo) motivos.set(c.motivo, (motivos.get(c.motivo) ?? 0) + c.total);
  }
  const periods = new Map(journeyRows.map((j) => [`${j.ano}/${j.semestre}`, { ano: j.ano, semestre: j.semestre }]));
  return {
    ies: ieRows.map((r) => ({ id: r.id, nome: r.nome, sigla: r.sigla, grupoIeId: r.grupo_ie_id })),
    jornadas: journeyRows.map((j) => ({
      id: j.id,
      ieId: j.ie_id,
      tipo: j.tipo,
      ano: j.ano,
      semestre: j.semestre,
      status: j.status,
      janelaInicio: j.janela_inicio,
      janelaFim: j.janela_fim,
    })),
    jornadasAtuais: journeyIds,
    periodos: [...periods.values()],
    cursos,
    campi,
    turnos,
    tags: tagRows.map((r) => r.tag),
    situacoes: SITUACOES.filter((s) => (situacoes.get(s) ?? 0) > 0).map((s) => ({
      situacao: s,
      total: situacoes.get(s) ?? 0,
    })),
    motivos: MOTIVOS_SEM_RENOVACAO.filter((m) => (motivos.get(m) ?? 0) > 0).map((m) => ({
      motivo: m,
      total: motivos.get(m) ?? 0,
    })),
  };
}

export interface CandidatesRequest extends FilterIds {
  journeyId: number;
  busca?: string;
  pagina?: number;
  tamanho?: number;
}

/** Beneficiaries that may be inserted into a journey of the caller's IEs. */
export async function insertCandidates(db: Db, caller: Caller, q: CandidatesRequest) {
  const [scope] = await Promise.all([
    resolveScope(db, caller, { journeyId: q.journeyId }),
    checkFilterIds(db, caller, q),
  ]);
  const journey = scope.journeys[0];
  const pagina = q.pagina ?? 1;
  const tamanho = q.tamanho ?? 20;
  if (!journey) return toPage([], pagina, tamanho, 0);
  const f = { ...q, jornadaId: journey.id, ieId: journey.ieId };
  const offset = (pagina - 1) * tamanho;
  const [rows, total] = await Promise.all([
    repo.candidatePage(db, caller, f, tamanho, offset),
    repo.candidateCount(db, caller, f),
  ]);
  const itens = rows.map((r) => ({
    contratoId: r.contrato_id,
    numeroContrato: r.numero,
    bolsaId: r.bolsa_id,
    codBolsa: r.cod_bolsa,
    estudanteId: r.estudante_id,
    nomeEstudante: r.nome,
    cpf: r.cpf,
    matricula: r.matricula,
    previsaoFormatura: r.previsao_formatura,
    curso: { id: r.curso_id, nome: r.curso_nome },
    campus: { id: r.campus_id, nome: r.campus_nome },
    turno: { id: r.turno_id, nome: r.turno_nome },
    ieId: r.ie_id,
  }));
  return toPage(itens, pagina, tamanho, total);
}
