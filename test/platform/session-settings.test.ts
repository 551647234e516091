import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { createTestDatabase, testDatabaseKind } from '../helpers/db.js';

// The service's PostgreSQL sessions run without JIT (database.ts): a generic plan whose estimate
// crossed jit_above_cost on the 5-million-student bench database paid 80 ms of LLVM compile per
// request. Options given in DATABASE_URL are kept; maintenance work (migrations, seed) keeps JIT.
const onPostgres = testDatabaseKind === 'postgres';
let handle: DatabaseHandle;
let url = '';

before(async () => {
  if (!onPostgres) return;
  handle = await createTestDatabase();
  url = String((await sql<{ u: string }>`select current_database() as u`.execute(handle.db)).rows[0]?.u);
});
after(async () => {
  await handle?.close();
});

const show = async (db: DatabaseHandle, setting: 'jit' | 'application_name') =>
  (await sql<{ v: string }>`select current_setting(${setting}) as v`.execute(db.db)).rows[0]?.v;

function databaseUrl(query = ''): string {
  const target = new URL(process.env.TEST_DATABASE_URL as string);
  target.pathname = `/${url}`;
  return `${target.toString()}${query}`;
}

test('the service sessions run with jit off', { skip: !onPostgres && 'PostgreSQL only' }, async () => {
  assert.equal(await show(handle, 'jit'), 'off');
});

test('options in DATABASE_URL are kept beside jit off', { skip: !onPostgres && 'PostgreSQL only' }, async () => {
  const own = await createDatabase({
    kind: 'postgres',
    url: databaseUrl(`?options=${encodeURIComponent('-c application_name=renova-own-options')}`),
    poolMax: 1,
  });
  try {
    assert.equal(await show(own, 'jit'), 'off');
    assert.equal(await show(own, 'application_name'), 'renova-own-options');
  } finally {
    await own.close();
  }
});

test('maintenance work keeps the server default', { skip: !onPostgres && 'PostgreSQL only' }, async () => {
  const maintenance = await createDatabase({ kind: 'postgres', url: databaseUrl(), poolMax: 1 }, { maintenance: true });
  const server = (
    await sql<{ v: string }>`select reset_val as v from pg_settings where name = 'jit'`.execute(maintenance.db)
  ).rows[0]?.v;
  try {
    assert.equal(await show(maintenance, 'jit'), server);
  } finally {
    await maintenance.close();
  }
});
