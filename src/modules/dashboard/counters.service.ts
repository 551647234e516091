import type { Db } from '../../db/database.js';
import type { Aba } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { daysFromToday } from '../../lib/business-date.js';
import * as repo from './counters.repository.js';
import { type CounterCell, summarize } from './counters.repository.js';
import type { JourneyRef, JourneySelectionInput } from './scope.js';

const TITLES: Record<Aba, string> = {
  aptos: 'Aptos',
  'em-processamento': 'Em processamento',
  finalizados: 'Finalizados',
  'sem-renovacao': 'Sem renovação',
  'manutencao-vinculo': 'Manutenção de vínculo',
};

/** Counts per tab and per situação of the journeys in scope (current ones by default). */
export async function counters(db: Db, caller: Caller, q: JourneySelectionInput) {
  const { journeys, cells } = await repo.countersInScope(db, caller, q);
  return { ...summarize(cells), jornadas: journeys };
}

/** Days until a window's end, counted from today in Brazil: windows close at the end of their last local day. */
const daysUntil = (date: string) => Math.max(0, daysFromToday(date));

export async function carousel(db: Db, caller: Caller, q: JourneySelectionInput) {
  const { journeys, cells } = await repo.countersInScope(db, caller, q);
  const totals = summarize(cells);
  const bySituation = (situacao: string) =>
    totals.situacoes.filter((s) => s.situacao === situacao).reduce((n, s) => n + s.total, 0);
  const open = journeys.filter((j) => j.status === 'ABERTA').map((j) => j.janelaFim);
  const nearest = open.length > 0 ? (open.sort()[0] ?? null) : null;
  return {
    cartoes: totals.abas.map((t) => ({ aba: t.aba, titulo: TITLES[t.aba], total: t.total })),
    total: totals.total,
    jornadas: journeys.map((j) => ({
      id: j.id,
      ieId: j.ieId,
      ano: j.ano,
      semestre: j.semestre,
      status: j.status,
      janelaFim: j.janelaFim,
      diasRestantes: j.status === 'ABERTA' ? daysUntil(j.janelaFim) : 0,
    })),
    destaques: {
      janelaFim: nearest,
      diasRestantes: nearest ? daysUntil(nearest) : null,
      aptosSemAcao: bySituation('APTO'),
      pendentesAssinatura: bySituation('AGUARDANDO_ASSINATURA'),
      emRevisao: bySituation('REVISAO_ANALISE'),
    },
  };
}

const cellsOf = (cells: CounterCell[], journeys: JourneyRef[]) => {
  const ids = new Set(journeys.map((j) => j.id));
  return cells.filter((c) => ids.has(c.jornadaId));
};

/** The dashboard cells: per tab and situação, optionally per IE. */
export async function dashboardCells(db: Db, caller: Caller, q: JourneySelectionInput & { porIe?: boolean }) {
  const { journeys, cells } = await repo.countersInScope(db, caller, q);
  const result = { ...summarize(cells), jornadas: journeys };
  if (!q.porIe) return result;
  const ies = await repo.iesByName(db, caller, [...new Set(journeys.map((j) => j.ieId))]);
  return {
    ...result,
    ies: ies.map((ie) => ({
      ieId: ie.id,
      nome: ie.nome,
      sigla: ie.sigla,
      ...summarize(
        cellsOf(
          cells,
          journeys.filter((j) => j.ieId === ie.id),
        ),
      ),
    })),
  };
}

/** The cells broken down by IE and journey, with the totals. */
export async function dashboardDetails(db: Db, caller: Caller, q: JourneySelectionInput) {
  const { journeys, cells } = await repo.countersInScope(db, caller, q);
  const ies = await repo.iesByName(db, caller, [...new Set(journeys.map((j) => j.ieId))]);
  const linhas = ies.flatMap((ie) =>
    journeys
      .filter((j) => j.ieId === ie.id)
      .sort((a, b) => a.ano - b.ano || a.semestre - b.semestre || a.id - b.id)
      .map((jornada) => ({
        ieId: ie.id,
        ieNome: ie.nome,
        ieSigla: ie.sigla,
        jornada,
        ...summarize(cellsOf(cells, [jornada])),
      })),
  );
  return { linhas, totais: summarize(cells) };
}
