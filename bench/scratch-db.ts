import { randomBytes } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

export interface ScratchDatabase {
  name: string;
  /** Connection URL of the scratch database. */
  url: string;
  db: Db;
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/renova_bench';

/**
 * A migrated scratch database (or, with `inside`, an existing database) on the server of `url` (default BENCH_DATABASE_URL), handed to `fn`
 * and dropped afterwards — kept when BENCH_KEEP=1, so its data can be examined with EXPLAIN.
 */
export async function withScratchDatabase<T>(
  prefix: string,
  options: { url?: string; inside?: string; log: (line: string) => void },
  fn: (scratch: ScratchDatabase) => Promise<T>,
): Promise<T> {
  // `inside`: an existing, seeded database (the scale bench): the case adds its IE there and keeps it.
  if (options.inside) {
    const database = await createDatabase({ kind: 'postgres', url: options.inside, poolMax: 5 }, { maintenance: true });
    try {
      await migrateToLatest(database.db);
      return await fn({
        name: `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`,
        url: options.inside,
        db: database.db,
      });
    } finally {
      await database.close();
    }
  }
  const server = new URL(options.url ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_URL);
  const name = `renova_bench_${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const target = new URL(server);
  target.pathname = `/${name}`;
  const database = await createDatabase(
    { kind: 'postgres', url: target.toString(), poolMax: 5 },
    { maintenance: true },
  );
  try {
    await migrateToLatest(database.db);
    return await fn({ name, url: target.toString(), db: database.db });
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') options.log(`${prefix}: kept scratch database ${name}`);
    else await run(`drop database if exists ${name} with (force)`);
  }
}

/**
 * `count` CPFs for a bench IE's students, (cpf, n) rows: the IE's own number block, skipping any a
 * seeded student already has (the scale bench adds its IEs inside a seeded database).
 */
export function benchCpfs(ieId: number, count: number): RawBuilder<{ cpf: string; n: number }> {
  return sql<{ cpf: string; n: number }>`(
    select c.cpf, c.n from (
      select lpad((${ieId}::int8 * 10000000 + n)::text, 11, '0') as cpf, n
      from generate_series(1, ${count}::int + 10000) n
    ) c
    where not exists (select 1 from estudante e where e.cpf = c.cpf)
    order by c.n limit ${count}::int)`;
}
