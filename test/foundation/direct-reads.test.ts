import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../src/db/database.js';
import { runCompiled, runDirectly } from '../../src/db/direct.js';
import { endPool, guardPool } from '../../src/db/guarded-pool.js';
import { plannedOnce } from '../../src/db/planned.js';
import type { Database } from '../../src/db/schema.js';
import { setTracingOn } from '../../src/telemetry/tracing.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../helpers/db.js';
import { createContract, createEntry, createIe, createJourney } from '../helpers/factories.js';

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
});
after(() => database.close());

const entries = (db: Kysely<Database>, ieId: number) =>
  db
    .selectFrom('entrada_jornada as e')
    .innerJoin('jornada as j', 'j.id', 'e.jornada_id')
    .select(['e.id', 'e.jornada_id', 'e.situacao', 'e.tags', 'e.updated_at', 'j.janela_fim', 'j.ano'])
    .where('e.ie_id', '=', ieId)
    .orderBy('e.id')
    .compile();

test(`a compiled read gives the rows Kysely gives, value for value (${testDatabaseKind})`, async () => {
  const ie = await createIe(database.db);
  const journey = await createJourney(database.db, ie);
  for (const tags of [['bolsa'], []]) {
    await createEntry(database.db, ie, journey, await createContract(database.db, ie), { tags });
  }
  const compiled = entries(database.db, ie.ieId);
  const direct = await runCompiled(database.db, compiled);
  assert.deepEqual(direct, (await database.db.executeQuery(compiled)).rows);
  assert.equal(direct.length, 2);
  assert.equal(typeof direct[0]?.id, 'number');
  assert.equal(direct[0]?.janela_fim, '2026-12-31');
  assert.ok(direct[0]?.updated_at instanceof Date);
  assert.deepEqual(direct[0]?.tags, ['bolsa']);
  assert.deepEqual(Object.keys(direct[0] ?? {}), [
    'id',
    'jornada_id',
    'situacao',
    'tags',
    'updated_at',
    'janela_fim',
    'ano',
  ]);
});

/**
 * A Kysely of its own on a one-connection pool registered for direct reads (`name` names its
 * statements), counting the statements Kysely itself runs; ended after `use`. One connection, so
 * probes of the session (pg_prepared_statements, pg_backend_pid) see the statements' own.
 */
async function onProbePool(
  name: ((sql: string) => string) | undefined,
  use: (db: Kysely<Database>, pool: pg.Pool, executed: () => number) => Promise<void>,
) {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  // Guarded as the service's pools are (guarded-pool.ts): each client has an error listener, so
  // one still closing when the test database is dropped ends nothing.
  const guarded = guardPool(pool);
  let executed = 0;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: () => {
      executed++;
    },
  });
  try {
    runDirectly(db, guarded, name);
    await use(db, pool, () => executed);
  } finally {
    await db.destroy();
    await endPool(pool);
  }
}

test(
  'on PostgreSQL a registered database sends compiled reads to its pool, past Kysely; with tracing on, through Kysely',
  {
    skip: testDatabaseKind !== 'postgres',
  },
  () =>
    onProbePool(
      () => 'renova_direct_probe',
      async (db, pool, executed) => {
        const compiled = sql<{ n: number }>`select ${21}::int * 2 as n`.compile(db);
        assert.deepEqual(await runCompiled(db, compiled), [{ n: 42 }]);
        assert.deepEqual(await runCompiled(db, compiled), [{ n: 42 }], 'run again, as prepared');
        assert.equal(executed(), 0, 'Kysely did not run it');
        // Named: prepared once on its connection.
        const { rows } = await pool.query<{ n: number }>(
          "select count(*)::int as n from pg_prepared_statements where name = 'renova_direct_probe'",
        );
        assert.equal(rows[0]?.n, 1);
        setTracingOn(true);
        try {
          assert.deepEqual(await runCompiled(db, compiled), [{ n: 42 }]);
          assert.equal(executed(), 1, 'with tracing on, Kysely ran it (and its log hook wrote the span)');
        } finally {
          setTracingOn(false);
        }
      },
    ),
);

test(
  'on PostgreSQL a failed direct read rejects with the database error; its connection stays and serves the next',
  {
    skip: testDatabaseKind !== 'postgres',
  },
  () =>
    onProbePool(undefined, async (db) => {
      const backend = sql<{ pid: number }>`select pg_backend_pid() as pid`.compile(db);
      const [before] = await runCompiled(db, backend);
      const failing = sql`select 1 / ${0}::int as n`.compile(db);
      await assert.rejects(runCompiled(db, failing), (error: { code?: string }) => error.code === '22012');
      assert.deepEqual(await runCompiled(db, sql<{ n: number }>`select ${7}::int as n`.compile(db)), [{ n: 7 }]);
      const [after] = await runCompiled(db, backend);
      assert.equal(after?.pid, before?.pid, 'the same connection (a lost one would have been replaced)');
    }),
);

test('on PostgreSQL closing a database ends pools that only ever served direct reads: no connection left', {
  skip: testDatabaseKind !== 'postgres',
}, async () => {
  const url = new URL(database.url as string);
  url.searchParams.set('application_name', 'renova-direct-probe');
  const handle = await createDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  const planned = plannedOnce(handle.db);
  assert.deepEqual(await runCompiled(planned, sql<{ n: number }>`select ${3}::int as n`.compile(planned)), [{ n: 3 }]);
  await handle.close();
  const open = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where application_name = 'renova-direct-probe'`.execute(database.db)
    ).rows[0]?.n;
  // A closed connection leaves pg_stat_activity as its backend exits, a moment after the client's goodbye.
  for (let i = 0; i < 50 && (await open()) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await open(), 0);
});
