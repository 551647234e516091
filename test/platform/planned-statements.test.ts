import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';
import { plannedOnce } from '../../src/db/planned.js';
import { createTestDatabase, testDatabaseKind } from '../helpers/db.js';

// On PostgreSQL, plannedOnce(db) runs statements on connections of their own, each statement
// prepared by name and planned once with its generic plan; the service's other statements keep
// their custom plans on the main pool. On PGlite it is the database itself.

let handle: DatabaseHandle;
before(async () => {
  handle = await createTestDatabase();
});
after(() => handle.close());

const doubled = (n: number) => sql<{ doubled: number }>`select ${n}::int4 * 2 as doubled`;

test('a planned statement answers for each parameter, with one generic plan on its connection', async () => {
  const planned = plannedOnce(handle.db);
  for (const n of [2, 21, 5, 7, 9, 11, 13])
    assert.deepEqual((await doubled(n).execute(planned)).rows, [{ doubled: n * 2 }]);
  if (testDatabaseKind !== 'postgres') {
    assert.equal(planned, handle.db);
    return;
  }
  assert.notEqual(planned, handle.db);
  // One connection at a time here, so the pool hands back the one that ran the statements.
  const prepared = await sql<{ name: string; generic_plans: number; custom_plans: number; settings: string }>`
    select name, generic_plans::int4, custom_plans::int4,
      current_setting('plan_cache_mode') || ' ' || current_setting('max_parallel_workers_per_gather') as settings
    from pg_prepared_statements where statement not like '%pg_prepared_statements%'`.execute(planned);
  assert.equal(prepared.rows.length, 1, JSON.stringify(prepared.rows));
  assert.match(prepared.rows[0]?.name ?? '', /^renova_[0-9a-f]{20}$/);
  assert.equal(prepared.rows[0]?.custom_plans, 0);
  assert.equal(prepared.rows[0]?.generic_plans, 7);
  assert.equal(prepared.rows[0]?.settings, 'force_generic_plan 0');
});

test('the main pool keeps custom plans and prepares nothing', async () => {
  await handle.db.transaction().execute(async (trx) => {
    assert.deepEqual((await doubled(4).execute(trx)).rows, [{ doubled: 8 }]);
    const state = await sql<{ prepared: number; mode: string }>`
      select (select count(*)::int4 from pg_prepared_statements) as prepared,
        current_setting('plan_cache_mode') as mode`.execute(trx);
    assert.deepEqual(state.rows, [{ prepared: 0, mode: 'auto' }]);
  });
});
