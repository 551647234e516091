import { insertNow, TableBuffer } from '../bulk.js';
import { periodAt } from '../calendar.js';
import type { SeedStage } from '../context.js';
import { currentJourneyId, previousJourneyId } from '../plan.js';

/** Per IE: last semester's renewal journey (closed) and this semester's (open, window around today). */
export const journeysStage: SeedStage = {
  name: 'jornadas',
  async run(ctx, progress) {
    const journeys = new TableBuffer('jornada', [
      ['id', 'int8'],
      ['ie_id', 'int8'],
      ['tipo', 'text'],
      ['ano', 'int4'],
      ['semestre', 'int4'],
      ['status', 'text'],
      ['janela_inicio', 'date'],
      ['janela_fim', 'date'],
      ['aberta_por', 'text'],
      ['aberta_em', 'ts'],
      ['encerrada_em', 'ts'],
    ]);
    const { previous, current, currentIdx } = ctx.calendar;
    const prev = periodAt(currentIdx - 1);
    const now = periodAt(currentIdx);
    for (const ie of ctx.layout.ies) {
      journeys.add(
        previousJourneyId(ie.id),
        ie.id,
        'RENOVACAO',
        prev.ano,
        prev.semestre,
        'ENCERRADA',
        previous.janelaInicio,
        previous.janelaFim,
        'seed',
        previous.openedAt,
        previous.closedAt,
      );
      journeys.add(
        currentJourneyId(ie.id),
        ie.id,
        'RENOVACAO',
        now.ano,
        now.semestre,
        'ABERTA',
        current.janelaInicio,
        current.janelaFim,
        'seed',
        current.openedAt,
        null,
      );
    }
    await insertNow(ctx.trx, journeys);
    progress(ctx.ies, ctx.ies);
  },
};
