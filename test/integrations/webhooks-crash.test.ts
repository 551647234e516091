import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAuth } from '../../src/http/auth.js';
import { type Served, serve } from '../cli/process.js';
import { TEST_SECRET } from '../helpers/app.js';
import { ieWithEntries, valuesItem } from '../helpers/values-factories.js';
import { startReceiver } from './webhook-receiver.js';

// Issue 15, section 4: kill -9 of the service between the commit and the delivery. The service
// runs as a child process (`node bin/renova.js serve`) on PostgreSQL, so its deliveries go through
// pg-boss; after a restart every event is delivered, with exactly one webhook-id per event
// (a repeat only as a retry of the same id).

const url = process.env.TEST_DATABASE_URL;
const skip = url ? false : 'PostgreSQL only (a service process on a database other processes reach)';
const name = `renova_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
let database: DatabaseHandle;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let served: Served | null = null;

function databaseUrl() {
  const target = new URL(url!);
  target.pathname = `/${name}`;
  return target.toString();
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

before(async () => {
  if (skip) return;
  const template = process.env.TEST_PG_TEMPLATE;
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  database = await createDatabase({ kind: 'postgres', url: databaseUrl(), poolMax: 4 });
  if (!template) await migrateToLatest(database.db);
  receiver = await startReceiver();
});
after(async () => {
  if (skip) return;
  served?.child.kill('SIGKILL');
  await receiver.close();
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
});

const env = () => ({
  ...process.env,
  DATABASE_URL: databaseUrl(),
  JWT_SECRET: TEST_SECRET,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '0',
  NODE_ENV: 'development' as const,
  INTEGRATIONS_POLL_MS: '100',
  INTEGRATIONS_IDLE_POLL_MS: '200',
  INTEGRATIONS_BACKOFF_MS: '100',
  INTEGRATIONS_LEASE_MS: '1500',
  WEBHOOK_TIMEOUT_MS: '8000',
});

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('kill -9 between commit and delivery: delivered after restart, one webhook-id per event', { skip }, async () => {
  const { ie, entries } = await ieWithEntries(database.db, ['APTO', 'APTO', 'APTO']);
  const auth = await createAuth(loadConfig({ JWT_SECRET: TEST_SECRET }).jwt, null);
  const system = await auth.sign!({ sub: 'erp', role: 'API', ies: [ie.ieId] });
  const staff = await auth.sign!({ sub: 'ana', role: 'IE', ies: [ie.ieId] });
  const call = async (base: string, method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
    return response.json();
  };

  served = await serve(env(), '--no-demo');
  await call(served.url, 'POST', '/s/v2/webhooks/endpoints', system, {
    url: receiver.url,
    eventos: ['entrada.situacao-alterada'],
  });
  // The receiver takes the requests and never answers: the deliveries are in flight when the
  // service dies, after the change committed.
  receiver.setMode('hang');
  await call(served.url, 'POST', '/s/v3/mais-acoes/enviar-valores', staff, {
    valores: entries.map((e) => valuesItem(e.brbId)),
  });
  const events = await database.db
    .selectFrom('webhook_mensagem')
    .select('id')
    .where('ie_id', '=', ie.ieId)
    .where('tipo', '=', 'entrada.situacao-alterada')
    .execute();
  assert.equal(events.length, 3, 'one event per entry, committed with the change');
  await until(() => new Set(receiver.ids()).size === 3, 'the three deliveries in flight');
  served.child.kill('SIGKILL');
  await new Promise((resolve) => served!.child.once('close', resolve));
  served = null;

  receiver.setMode('ok');
  served = await serve(env(), '--no-demo');
  await until(async () => {
    const pending = await database.db
      .selectFrom('webhook_entrega')
      .select('id')
      .where('status', '<>', 'ENTREGUE')
      .execute();
    return pending.length === 0;
  }, 'every delivery after the restart');
  await served.stop();
  served = null;

  const eventIds = events.map((e) => e.id).sort();
  assert.deepEqual([...new Set(receiver.ids())].sort(), eventIds, 'exactly the events, each under its own id');
  const answered = await database.db.selectFrom('webhook_tentativa').select('status_http').execute();
  assert.equal(answered.filter((a) => a.status_http === 204).length, 3, 'each event answered 2xx once');
  for (const id of eventIds) {
    const bodies = new Set(receiver.received.filter((r) => r.headers['webhook-id'] === id).map((r) => r.body));
    assert.equal(bodies.size, 1, 'a repeat is the same event (same id, same body)');
  }
});
