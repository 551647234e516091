import type { SeedStage } from '../context.js';
import { SHIFTS } from '../data/academic.js';

/** The shifts table is shared reference data: add the missing ones and learn every id. */
export const shiftsStage: SeedStage = {
  name: 'turnos',
  async run(ctx, progress) {
    await ctx.trx
      .insertInto('turno')
      .values(SHIFTS.map(([codigo, nome]) => ({ codigo, nome })))
      .onConflict((oc) => oc.column('codigo').doNothing())
      .execute();
    const rows = await ctx.trx.selectFrom('turno').select(['id', 'codigo']).execute();
    const ids = new Map(rows.map((r) => [r.codigo, r.id]));
    ctx.shiftIds = SHIFTS.map(([codigo]) => ids.get(codigo)!);
    progress(SHIFTS.length, SHIFTS.length);
  },
};
