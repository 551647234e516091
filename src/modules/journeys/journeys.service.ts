import type { Db } from '../../db/database.js';
import { ABAS, type Aba, type MotivoSemRenovacao, type Situacao, TAB_OF } from '../../db/schema.js';
import { callerHasIe } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { invalidField, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import * as repo from './journeys.repository.js';
import type { JourneyFilters } from './journeys.schemas.js';

/** Situations listed in lifecycle order, as TAB_OF declares them. */
const SITUACAO_ORDER = new Map(Object.keys(TAB_OF).map((s, i) => [s, i]));

function tabTotals(counters: repo.CounterRow[]) {
  const byTab = new Map<Aba, number>(ABAS.map((a) => [a, 0]));
  for (const c of counters) {
    const aba = TAB_OF[c.situacao];
    if (aba) byTab.set(aba, (byTab.get(aba) ?? 0) + c.total);
  }
  const abas = ABAS.map((aba) => ({ aba, total: byTab.get(aba) ?? 0 }));
  return { total: abas.reduce((sum, a) => sum + a.total, 0), abas };
}

const journeyOut = (j: repo.JourneyRow) => ({
  id: j.id,
  ieId: j.ie_id,
  ieNome: j.ie_nome,
  ieSigla: j.ie_sigla,
  tipo: j.tipo,
  tipoDescricao: j.tipo_descricao ?? null,
  ano: j.ano,
  semestre: j.semestre,
  status: j.status,
  janelaInicio: j.janela_inicio,
  janelaFim: j.janela_fim,
  abertaPor: j.aberta_por,
  abertaEm: j.aberta_em.toISOString(),
  encerradaEm: j.encerrada_em?.toISOString() ?? null,
});

/** A type filter must be a code of the journey-type list (data, so checked here, not in the schema). */
async function checkType(db: Db, tipo: string | undefined) {
  if (tipo === undefined) return;
  const codes = (await repo.journeyTypes(db)).map((t) => t.codigo);
  if (!codes.includes(tipo)) {
    throw invalidField(
      '/querystring/tipo',
      t(`deve ser um destes: ${codes.join(', ')}`, `must be one of: ${codes.join(', ')}`),
    );
  }
}

/** The checks that refuse a list request (another IE's id, an unknown type), before any byte of a file. */
async function checkFilters(db: Db, caller: Caller, query: JourneyFilters) {
  if (query.ieId !== undefined && !callerHasIe(caller, query.ieId))
    throw notFound(t(`IE ${query.ieId} não encontrada.`, `IE ${query.ieId} not found.`));
  await checkType(db, query.tipo);
}

/** Every journey the filters select, as the query an export streams (paging ignored). */
export async function journeysExport(db: Db, caller: Caller, query: JourneyFilters) {
  await checkFilters(db, caller, query);
  const { pagina: _p, tamanho: _t, formato: _f, ...filters } = query;
  return repo.journeysExportQuery(db, caller, filters);
}

export async function listJourneys(db: Db, caller: Caller, query: JourneyFilters) {
  await checkFilters(db, caller, query);
  const pagina = query.pagina ?? 1;
  const tamanho = query.tamanho ?? 20;
  const { pagina: _p, tamanho: _t, formato: _f, ...filters } = query;
  const { rows, total } = await repo.listJourneys(db, caller, filters, tamanho, (pagina - 1) * tamanho);
  const counters = await repo.countersOf(
    db,
    caller,
    rows.map((r) => r.id),
  );
  return {
    itens: rows.map((j) => ({
      ...journeyOut(j),
      contadores: tabTotals(counters.filter((c) => c.jornada_id === j.id)),
    })),
    pagina,
    tamanho,
    total,
    totalPaginas: Math.ceil(total / tamanho),
  };
}

export async function journeyDetail(db: Db, caller: Caller, journeyId: number) {
  const journey = await repo.findJourney(db, caller, journeyId);
  if (!journey) throw notFound(t(`Jornada ${journeyId} não encontrada.`, `Journey ${journeyId} not found.`));
  const counters = await repo.countersOf(db, caller, [journeyId]);
  const order = (s: Situacao) => SITUACAO_ORDER.get(s) ?? 99;
  const situacoes = counters
    .map((c) => ({
      situacao: c.situacao,
      motivo: (c.motivo || null) as MotivoSemRenovacao | null,
      aba: TAB_OF[c.situacao],
      total: c.total,
    }))
    .sort((a, b) => order(a.situacao) - order(b.situacao) || (a.motivo ?? '').localeCompare(b.motivo ?? ''));
  return {
    ...journeyOut(journey),
    grupoIeId: journey.grupo_ie_id,
    contadores: { ...tabTotals(counters), situacoes },
  };
}

export async function journeyGroups(db: Db, caller: Caller) {
  const groups: { id: number; nome: string; ies: { id: number; nome: string; sigla: string }[] }[] = [];
  for (const row of await repo.groupsWithJourneys(db, caller)) {
    let group = groups.at(-1);
    if (group?.id !== row.grupo_id) {
      group = { id: row.grupo_id, nome: row.grupo_nome, ies: [] };
      groups.push(group);
    }
    group.ies.push({ id: row.id, nome: row.nome, sigla: row.sigla });
  }
  return groups;
}

export const journeyTypes = (db: Db) => repo.journeyTypes(db);
