import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAuth } from '../../src/http/auth.js';
import { TEST_SECRET } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { PrivatePostgres } from './private-servers.js';

/**
 * A private PostgreSQL on `port` with a migrated `renova` database holding one IE (and what
 * `prepare` adds to it), and a token of that IE's staff (`sub`): what the fault tests start from.
 */
export async function renovaOnPrivatePostgres(
  port: number,
  sub: string,
  prepare?: (db: Db, ie: TestIe) => Promise<void>,
) {
  const server = new PrivatePostgres(port);
  server.start();
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query('create database renova');
  await admin.end();
  const database = await createDatabase({ kind: 'postgres', url: server.url('renova'), poolMax: 2 });
  await migrateToLatest(database.db);
  const ie = await createIe(database.db);
  await prepare?.(database.db, ie);
  await database.close();
  const { ieId } = ie;
  const auth = await createAuth(loadConfig({ JWT_SECRET: TEST_SECRET }).jwt, null);
  const token = await auth.sign!({ sub, role: 'IE', ies: [ieId] });
  return { server, ieId, token };
}
