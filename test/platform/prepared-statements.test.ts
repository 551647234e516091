import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';
import { PREPARED } from '../../src/db/prepared.js';
import { createTestDatabase, testDatabaseKind } from '../helpers/db.js';

// Statements marked PREPARED (the autocomplete's) run as named prepared statements on PostgreSQL,
// one per text and connection, and answer as any statement does; others are not prepared.

let handle: DatabaseHandle;
before(async () => {
  handle = await createTestDatabase();
});
after(() => handle.close());

test('a PREPARED statement answers for each parameter, and only it is prepared on the connection', async () => {
  await handle.db.transaction().execute(async (trx) => {
    const marked = (n: number) => sql<{ doubled: number }>`${sql.raw(PREPARED)}select ${n}::int4 * 2 as doubled`;
    assert.deepEqual((await marked(2).execute(trx)).rows, [{ doubled: 4 }]);
    assert.deepEqual((await marked(21).execute(trx)).rows, [{ doubled: 42 }]);
    await sql`select ${5}::int4 + 1 as plain`.execute(trx);
    if (testDatabaseKind !== 'postgres') return;
    const prepared = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements order by name`.execute(trx);
    assert.equal(prepared.rows.length, 1, JSON.stringify(prepared.rows));
    assert.match(prepared.rows[0]?.name ?? '', /^renova_[0-9a-f]{20}$/);
    assert.ok(prepared.rows[0]?.statement.startsWith(PREPARED));
  });
});
