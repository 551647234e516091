// The bare ceiling's routes (bench/ceiling-server.ts): the statements renova runs for the tab list
// and the counters, compiled by renova's own query builders for one caller and subject.
import { createDatabase } from '../src/db/database.js';
import type { Caller } from '../src/http/auth.js';
import { resolveList } from '../src/modules/dashboard/dashboard.service.js';
import { countQuery, pageQuery } from '../src/modules/dashboard/list-query.js';
import { journeysQuery } from '../src/modules/dashboard/scope.js';
import type { Subject } from './dashboard-data.js';

/** The statements renova runs for the tab list and the counters, compiled for the ceiling. */
export async function ceilingRoutes(databaseUrl: string, caller: Caller, subject: Subject) {
  const database = await createDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 2 });
  try {
    const db = database.db;
    const filters = await resolveList(db, caller, { aba: 'aptos', cursoId: subject.cursoId });
    const page = pageQuery(db, caller, filters, { by: 'nome', dir: 'asc' }, 50, 0).compile();
    const count = countQuery(db, filters).compile();
    // countersInScope's statement (counters.repository.ts), built the same way.
    const counters = db
      .selectFrom((await journeysQuery(db, caller, {})).as('j'))
      .leftJoin('contador_jornada as c', (join) => join.onRef('c.jornada_id', '=', 'j.id').on('c.total', '<>', 0))
      .selectAll('j')
      .select(['c.situacao', 'c.motivo', 'c.total'])
      .compile();
    const statement = (q: { sql: string; parameters: readonly unknown[] }) => ({
      sql: q.sql,
      parameters: [...q.parameters],
    });
    return { '/bare/list': [statement(page), statement(count)], '/bare/counters': [statement(counters)] };
  } finally {
    await database.close();
  }
}
