import assert from 'node:assert/strict';
import { counters } from './actions-factories.js';
import type { TestContext } from './app.js';
import { countRows } from './db.js';

/**
 * "A refusal test checks nothing changed" (issue 12): take a snapshot, run the refused call, take
 * it again and compare. Answers the call's response so the test still checks the status.
 */
export async function unchangedBy<R>(snapshot: () => Promise<unknown>, act: () => Promise<R>): Promise<R> {
  const before = await snapshot();
  const result = await act();
  assert.deepEqual(await snapshot(), before, 'the refusal changed nothing');
  return result;
}

/** Tables a journey write (open, refresh, insert, an action) adds rows to. */
const JOURNEY_TABLES = ['jornada', 'entrada_jornada', 'processo', 'evento_timeline', 'solicitacao', 'tarefa'];

/**
 * Everything a journey write could change in the given journeys: each entry's situation, motivo
 * and version, the dashboard counters, the timeline of its entries; and the row counts of the
 * tables such writes add to (anywhere, so a row added to another journey shows too).
 */
export function journeysSnapshot(t: TestContext, jornadaIds: number[]) {
  return async () => ({
    journeys: await Promise.all(
      jornadaIds.map(async (id) => ({
        id,
        entries: await t.db
          .selectFrom('entrada_jornada')
          .select(['id', 'contrato_id', 'situacao', 'motivo', 'versao'])
          .where('jornada_id', '=', id)
          .orderBy('id')
          .execute(),
        counters: await counters(t.db, id),
        timeline: await t.db
          .selectFrom('todos_eventos as v')
          .innerJoin('entrada_jornada as e', 'e.id', 'v.entrada_id')
          .select(['v.id', 'v.acao', 'v.situacao_nova', 'v.motivo_novo'])
          .where('e.jornada_id', '=', id)
          .orderBy('v.id')
          .execute(),
      })),
    ),
    rows: Object.fromEntries(
      await Promise.all(JOURNEY_TABLES.map(async (table) => [table, await countRows(t.database, table)] as const)),
    ),
  });
}
