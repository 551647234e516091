import { PipelinedWriter } from '../bulk.js';
import type { SeedStage } from '../context.js';
import { planContract } from '../plan.js';
import { entryRows } from '../rows/entries.js';
import { historyRows } from '../rows/history.js';
import { peopleRows } from '../rows/people.js';

/**
 * Students, bolsas, contracts, their journey entries and the history behind each entry, a chunk
 * of contracts per statement. Each contract is planned once and feeds every table.
 */
export const contractsStage: SeedStage = {
  name: 'contratos',
  bulkTables: [
    'estudante',
    'bolsa',
    'contrato',
    'entrada_jornada',
    // Filled by entrada_jornada's trigger (migration 0610); its GIN index is built once, after the load.
    'entrada_nome',
    'processo',
    'evento_timeline',
    'solicitacao',
    'tarefa',
    'ticket',
    'aditivo',
  ],
  async run(ctx, progress) {
    const producers = [peopleRows(ctx), entryRows(ctx), historyRows(ctx)];
    const writer = new PipelinedWriter(
      ctx.trx,
      producers.flatMap((p) => p.buffers),
    );
    const total = ctx.students;
    for (let from = 1; from <= total; from += ctx.chunkSize) {
      const to = Math.min(total, from + ctx.chunkSize - 1);
      for (let id = from; id <= to; id++) {
        const plan = planContract(ctx, id);
        for (const producer of producers) producer.add(plan);
        await writer.generating();
      }
      await writer.flush();
      progress(to, total);
    }
    await writer.finish();
  },
};
