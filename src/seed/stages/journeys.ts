import { insertNow, TableBuffer } from '../bulk.js';
import { closedJourney, periodAt } from '../calendar.js';
import type { SeedStage } from '../context.js';
import { journeyIdOf } from '../plan-parts.js';

/**
 * Per IE: this semester's renewal journey (open, window around today), last semester's (closed)
 * and, back to the oldest renewal of its former students, the closed journeys before that.
 */
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
    const { current, currentIdx } = ctx.calendar;
    const now = periodAt(currentIdx);
    for (const ie of ctx.layout.ies) {
      for (let back = ie.olderJourneys + 1; back >= 1; back--) {
        const period = periodAt(currentIdx - back);
        const closed = closedJourney(currentIdx - back);
        journeys.add(
          journeyIdOf(ie, back),
          ie.id,
          'RENOVACAO',
          period.ano,
          period.semestre,
          'ENCERRADA',
          closed.janelaInicio,
          closed.janelaFim,
          'seed',
          closed.openedAt,
          closed.closedAt,
        );
      }
      journeys.add(
        journeyIdOf(ie, 0),
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
