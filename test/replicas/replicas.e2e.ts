import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { type ReplicaSet, replicasOf } from '../../src/db/replicas.js';
import { createAuth } from '../../src/http/auth.js';
import type { App } from '../../src/http/types.js';
import { freePorts } from '../failover/ha-cluster.js';
import { TEST_SECRET } from '../helpers/app.js';
import { createContract, createEntry, createIeWithEntries } from '../helpers/factories.js';
import { type PrimaryAndStandby, startPrimaryAndStandby } from './standby.js';

/**
 * Issue 24 item 3 against a real streaming standby (initdb primary + `pg_basebackup -R`), on
 * private ports from 55550-55569: stale-tolerant reads served by the replica, read-your-writes,
 * a paused (lagging) and a stopped (unreachable) replica left out and taken back.
 * `npm run test:replicas` (in .ci/run).
 */
let servers: PrimaryAndStandby;
let database: DatabaseHandle;
let app: App;
let replicas: ReplicaSet;
let setup: Awaited<ReturnType<typeof createIeWithEntries>>;
let sign: (sub: string) => Promise<string>;

const COUNTERS = '/s/v2/renovacao/dashboard/contadores';

before(async () => {
  const [primaryPort, standbyPort] = await freePorts(55550, 55569, 2);
  servers = await startPrimaryAndStandby(primaryPort!, standbyPort!);
  const admin = new pg.Client({ connectionString: servers.primaryUrl() });
  await admin.connect();
  await admin.query('create database renova');
  await admin.end();
  const renova = new pg.Client({ connectionString: servers.primaryUrl('renova') });
  await renova.connect();
  await renova.query('create extension pg_stat_statements');
  await renova.end();
  const config = loadConfig({
    JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    DATABASE_URL: servers.primaryUrl('renova'),
    DATABASE_REPLICA_URLS: servers.standbyUrl('renova'),
    DATABASE_REPLICA_MAX_LAG_MS: '1000',
    DATABASE_REPLICA_CHECK_MS: '200',
  });
  database = await createDatabase(config.database);
  await migrateToLatest(database.db);
  const auth = await createAuth(config.jwt, null);
  app = await buildApp({ config, db: database.db, auth, logger: { level: 'error', stream: process.stderr } });
  await app.ready();
  replicas = replicasOf(database.db)!;
  setup = await createIeWithEntries(database.db, 3);
  sign = (sub) => auth.sign!({ sub, role: 'IE', ies: [setup.ie.ieId] });
});

after(async () => {
  await app?.close();
  await database?.close();
  await servers?.stop();
});

async function until(what: string, done: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await replicas.check();
    if (await done()) return;
    assert.ok(Date.now() < deadline, `${what} within ${timeoutMs / 1000} s: ${JSON.stringify(replicas.states())}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Calls of the service's statements a server ran (its pg_stat_statements), leaving out the checks' pg_* ones. */
async function dashboardCalls(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select coalesce(sum(calls), 0)::int as n from pg_stat_statements where query not ilike '%pg\\_%' and query not ilike 'begin%' and query not ilike 'commit%'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

const apto = (body: string) =>
  String((JSON.parse(body) as { abas: { aba: string; total: number }[] }).abas.find((a) => a.aba === 'aptos')?.total);

async function counters(sub: string) {
  const response = await app.inject({
    method: 'GET',
    url: COUNTERS,
    headers: { authorization: `Bearer ${await sign(sub)}` },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response;
}

const reads = () => replicas.states()[0]!.reads;

describe('read replicas (DATABASE_REPLICA_URLS) on a streaming standby', () => {
  test('a dashboard read is served by the replica, not the primary', async () => {
    await until('the replica is in', () => replicas.states()[0]!.in);
    const [onReplica, onPrimary, before] = [
      await dashboardCalls(servers.standbyUrl('renova')),
      await dashboardCalls(servers.primaryUrl('renova')),
      reads(),
    ];
    const response = await counters('reader');
    assert.ok(response.body.length > 2);
    assert.equal(reads(), before + 1);
    assert.ok((await dashboardCalls(servers.standbyUrl('renova'))) > onReplica, 'the standby ran the counters');
    assert.equal(await dashboardCalls(servers.primaryUrl('renova')), onPrimary, 'the primary ran none of them');
  });

  test("read-your-writes: right after a caller's write, their reads go to the primary and see it", async () => {
    const writer = 'writer';
    const token = await sign(writer);
    const entry = setup.entries[0]!;
    const sent = await app.inject({
      method: 'POST',
      url: '/s/v2/contrato/valores/enviar',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: {
        valores: [
          {
            brbId: entry.brbId,
            nomeEstudante: 'Estudante',
            qtdParcelasCobertura: 6,
            valorCtrPrestServico: 9000,
            percentualConcedido: 50,
            valorContrato: 4500,
          },
        ],
      },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const before = reads();
    const afterWrite = await counters(writer);
    assert.equal(reads(), before, 'not the replica');
    assert.equal(apto(afterWrite.body), '2', `one fewer APTO: ${afterWrite.body}`);
    // Another caller, who did not write, still reads from the replica once it has replayed the
    // write (until then a slow standby is briefly out as lagging, and reads go to the primary).
    await until('the replica is in again', () => replicas.states()[0]!.in);
    const beforeOther = reads();
    await counters('someone-else');
    assert.equal(reads(), beforeOther + 1);
  });

  test('a lagging replica (replay paused) is left out, reads go to the primary, and it comes back', async () => {
    const standby = new pg.Client({ connectionString: servers.standbyUrl('renova') });
    await standby.connect();
    try {
      await until('the replica is in', () => replicas.states()[0]!.in);
      await standby.query('select pg_wal_replay_pause()');
      // A write the standby will not replay while paused.
      await createEntry(database.db, setup.ie, setup.journey, await createContract(database.db, setup.ie));
      await until(
        'the replica is left out as lagging',
        () => replicas.states()[0]!.reason?.startsWith('lagging') === true,
      );
      const metrics = await app.inject({ method: 'GET', url: '/metrics' });
      assert.match(metrics.body, /renova_db_replica_in\{replica="[^"]+"\} 0/);
      const before = reads();
      const fresh = await counters('reader-while-lagging');
      assert.equal(reads(), before, 'served by the primary');
      assert.equal(apto(fresh.body), '3', `the primary's count, with the new entry: ${fresh.body}`);
      await standby.query('select pg_wal_replay_resume()');
      await until('the replica is back in', () => replicas.states()[0]!.in);
      assert.match(
        (await app.inject({ method: 'GET', url: '/metrics' })).body,
        /renova_db_replica_in\{replica="[^"]+"\} 1/,
      );
    } finally {
      await standby.query('select pg_wal_replay_resume()').catch(() => {});
      await standby.end();
    }
  });

  test('an unreachable replica is left out, reads go to the primary, and it comes back', async () => {
    await servers.stopStandby();
    await until(
      'the replica is left out as unreachable',
      () => replicas.states()[0]!.reason?.startsWith('unreachable') === true,
    );
    const before = reads();
    await counters('reader-while-down');
    assert.equal(reads(), before, 'served by the primary');
    await servers.startStandby();
    await until('the replica is back in', () => replicas.states()[0]!.in, 120_000);
    await counters('reader-after');
    assert.equal(reads(), before + 1, 'the replica serves again');
  });
});
