/**
 * Read replicas, measured (issue 24 item 3): the primary's database time per dashboard read
 * (pg_stat_statements total_exec_time + planning, per read) without and with one streaming
 * replica, and the replica's lag sampled while the primary takes an import-sized write burst.
 * Private primary + `pg_basebackup -R` standby on ports 55570-55589. Run: `npx tsx bench/replicas.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { replicasOf } from '../src/db/replicas.js';
import { createAuth } from '../src/http/auth.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { freePorts } from '../test/failover/ha-cluster.js';
import { startPrimaryAndStandby } from '../test/replicas/standby.js';

const READS = 300;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const [primaryPort, standbyPort] = await freePorts(55570, 55589, 2);
const servers = await startPrimaryAndStandby(primaryPort!, standbyPort!);
const sqlOn = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};
try {
  await sqlOn(servers.primaryUrl(), 'create database renova');
  await sqlOn(servers.primaryUrl('renova'), 'create extension pg_stat_statements');
  const seedDb = await createDatabase({ kind: 'postgres', url: servers.primaryUrl('renova'), poolMax: 4 });
  await migrateToLatest(seedDb.db);
  await seedIfEmpty(seedDb.db, { ies: 3, students: 3000, seed: 42 });
  await seedDb.close();
  await sqlOn(servers.primaryUrl('renova'), 'analyze');

  /** CPU ms of the primary: its postmaster, its live backends, and those that exited (cutime). */
  const primaryCpuMs = () => {
    const postmaster = servers.primaryPid();
    const tick = 10; // ms per clock tick (USER_HZ 100 on Linux)
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
        const ppid = Number(fields[1]);
        if (Number(entry) === postmaster)
          total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
        else if (ppid === postmaster) total += Number(fields[11]) + Number(fields[12]);
      } catch {
        // gone meanwhile
      }
    }
    return total * tick;
  };
  const primaryMs = async () =>
    Number(
      (
        await sqlOn(
          servers.primaryUrl('renova'),
          'select coalesce(sum(total_exec_time + total_plan_time), 0) as ms from pg_stat_statements',
        )
      )[0].ms,
    );
  const run = async (withReplica: boolean) => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      DATABASE_URL: servers.primaryUrl('renova'),
      ...(withReplica ? { DATABASE_REPLICA_URLS: servers.standbyUrl('renova') } : {}),
    });
    const database = await createDatabase(config.database);
    const auth = await createAuth(config.jwt, null);
    const app = await buildApp({ config, db: database.db, auth });
    const token = await auth.sign!({ sub: 'bench', role: 'IE', ies: [1] });
    if (withReplica) while (!replicasOf(database.db)!.states()[0]!.in) await replicasOf(database.db)!.check();
    const read = () =>
      app.inject({
        method: 'GET',
        url: '/s/v2/renovacao/dashboard/contadores',
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 20; i++) await read(); // warm
    const before = await primaryMs();
    const cpuBefore = primaryCpuMs();
    const started = performance.now();
    for (let i = 0; i < READS; i++) await read();
    const wall = performance.now() - started;
    const cpu = (primaryCpuMs() - cpuBefore) / READS;
    const per = ((await primaryMs()) - before) / READS;
    await app.close();
    await database.close();
    return {
      primaryCpuMsPerRead: Math.round(cpu * 1000) / 1000,
      primaryDbMsPerRead: Math.round(per * 1000) / 1000,
      wallMsPerRead: Math.round((wall / READS) * 100) / 100,
    };
  };
  const without = await run(false);
  const withOne = await run(true);
  console.log(`dashboard counters, ${READS} reads (IE 1 of a 3-IE, 3000-student seed):`);
  for (const [label, r] of [
    ['no replica: ', without],
    ['one replica:', withOne],
  ] as const)
    console.log(
      `  ${label} primary CPU ${r.primaryCpuMsPerRead} ms per read (statement time ${r.primaryDbMsPerRead} ms), ${r.wallMsPerRead} ms per read end to end`,
    );

  // Lag under an import-sized burst: 200,000 rows in 20 transactions, sampled every 100 ms.
  const config = loadConfig({
    JWT_SECRET: SECRET,
    DATABASE_URL: servers.primaryUrl('renova'),
    DATABASE_REPLICA_URLS: servers.standbyUrl('renova'),
    DATABASE_REPLICA_CHECK_MS: '100',
  });
  const database = await createDatabase(config.database);
  const replicas = replicasOf(database.db)!;
  await sqlOn(servers.primaryUrl('renova'), 'create table bench_import (id bigserial primary key, payload text)');
  const lags: number[] = [];
  const sampler = setInterval(() => lags.push(replicas.states()[0]!.lagMs ?? -1), 100);
  const started = performance.now();
  for (let i = 0; i < 20; i++)
    await sqlOn(
      servers.primaryUrl('renova'),
      'insert into bench_import (payload) select repeat(md5(g::text), 8) from generate_series(1, 10000) g',
    );
  const burst = performance.now() - started;
  while (replicas.states()[0]!.lagMs !== 0) await new Promise((r) => setTimeout(r, 100));
  clearInterval(sampler);
  const sorted = [...lags].sort((a, b) => a - b);
  console.log(
    `import burst: 200000 rows (~60 MB) in ${Math.round(burst)} ms; replica lag samples: ${lags.length}, ` +
      `median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms, caught up ${Math.round(performance.now() - started - burst)} ms after the burst`,
  );
  await database.close();
} finally {
  await servers.stop();
}
