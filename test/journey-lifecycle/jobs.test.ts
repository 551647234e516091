import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { guardPool } from '../../src/db/guarded-pool.js';
import { onLentClient } from '../../src/jobs/lent-client.js';
import { startJobs, WINDOWS_CRON, WINDOWS_QUEUE } from '../../src/jobs/runner.js';
import { createTestApp, databaseUrl, TEST_SECRET, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';
import { createContract, createEntry, createIe, createJourney } from '../helpers/factories.js';

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const log = pino({ level: 'silent' });

describe('scheduled job runner', () => {
  test('starts on this database, runs the window job once on demand and stops cleanly', async () => {
    let config = loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: 'memory://' });
    let pool: PostgresPool | undefined;
    if (testDatabaseKind === 'postgres') {
      const url = databaseUrl(t);
      config = loadConfig({ JWT_SECRET: TEST_SECRET, DATA_DIR: 'memory://', DATABASE_URL: url });
      // pg-boss runs on the service's pool, as server.ts hands it over: no connection of its own.
      pool = guardPool(new pg.Pool({ connectionString: url, max: 3 }));
    }
    const ie = await createIe(t.db);
    const journey = await createJourney(t.db, ie, {
      ano: 2020,
      semestre: 1,
      janelaInicio: '2020-01-01',
      janelaFim: '2020-02-01',
    });
    const contract = await createContract(t.db, ie);
    const entry = await createEntry(t.db, ie, journey, contract);

    const jobs = await startJobs(config, t.db, log, pool);
    try {
      assert.equal(jobs.kind, testDatabaseKind === 'postgres' ? 'pg-boss' : 'timer');
      if (jobs.kind === 'pg-boss') {
        // pg-boss keeps its queue and cron schedule in its own schema: one schedule for every instance.
        const schedules = await sql<{ name: string; cron: string }>`select name, cron from pgboss.schedule`.execute(
          t.db,
        );
        assert.deepEqual(schedules.rows, [{ name: WINDOWS_QUEUE, cron: WINDOWS_CRON }]);
        const queue = await sql<{
          policy: string;
        }>`select policy from pgboss.queue where name = ${WINDOWS_QUEUE}`.execute(t.db);
        assert.equal(queue.rows[0]?.policy, 'singleton');
        // Its statements go through the pool it was handed: it opened no connection of its own to
        // this file's database (other files' pg-boss, on their own databases, may run meanwhile).
        const own = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name in ('pgboss', 'renova-jobs')`.execute(t.db);
        assert.equal(own.rows[0]?.n, 0);
        const client = await pool!.connect();
        const handed = await client.query<{ n: number }>(
          'select count(*)::int as n from pgboss.queue where name = $1',
          [WINDOWS_QUEUE],
        );
        client.release();
        assert.equal(handed.rows[0]?.n, 1);
      }
      await jobs.runOnce();
      const row = await t.db
        .selectFrom('entrada_jornada')
        .select(['situacao', 'motivo'])
        .where('id', '=', entry.brbId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { situacao: 'SEM_RENOVACAO', motivo: 'NAO_RENOVADO' });
    } finally {
      await jobs.stop();
      await pool?.end();
    }
  });
});

describe('pg-boss on the service pool', { skip: testDatabaseKind !== 'postgres' && 'PostgreSQL only' }, () => {
  test('a statement of pg-boss that fails inside its transaction leaves no aborted session for the next request', async () => {
    // One connection, so the request after the failure is lent the very same one.
    const pool = guardPool(new pg.Pool({ connectionString: databaseUrl(t), max: 1 }));
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
    try {
      const executeSql = onLentClient(pool);
      // As pg-boss sends a queue's creation: one string, a failure between BEGIN and COMMIT.
      await assert.rejects(
        () => executeSql('BEGIN; SELECT 1; SELECT 1 / 0; COMMIT;', undefined),
        (error: { code?: string }) => error.code === '22012',
      );
      const next = await sql<{ n: number }>`select 1 as n`.execute(db);
      assert.deepEqual(next.rows, [{ n: 1 }]);
      const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`.execute(t.db);
      assert.equal(open.rows[0]?.n, 0, 'no session left inside a transaction');
    } finally {
      await db.destroy();
    }
  });
});
