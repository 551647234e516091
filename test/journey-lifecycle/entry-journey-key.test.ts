import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import * as entryJourneyKey from '../../src/db/migrations/0800_entry_journey_key.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { bulkEntries } from '../helpers/dashboard-factories.js';
import { createIe, createJourney } from '../helpers/factories.js';
import { brokenReferences } from '../helpers/references.js';

// Migration 0800: the entries' key to their journey is dropped (the opening checked it once per
// entry). Down puts it back over a journey with entries, and up takes it away again; either way the
// entries keep pointing at their journey.

let t: TestContext;

before(async () => {
  t = await createTestApp();
  const ie = await createIe(t.db);
  await bulkEntries(t.db, ie, await createJourney(t.db, ie), 30);
});
after(() => t.close());

async function entryKeys(): Promise<string[]> {
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'entrada_jornada'::regclass and contype = 'f' order by conname`.execute(t.db);
  return rows.map((r) => r.conname);
}

test('0800 down and up again: the key comes back validated and goes again; no entry loses its journey', async () => {
  assert.ok(!(await entryKeys()).includes('entrada_jornada_jornada_id_fkey'));
  const untyped = t.db as unknown as Kysely<unknown>;

  await entryJourneyKey.down(untyped);
  assert.ok((await entryKeys()).includes('entrada_jornada_jornada_id_fkey'));
  const { rows } = await sql<{ valid: boolean }>`
    select convalidated as valid from pg_constraint where conname = 'entrada_jornada_jornada_id_fkey'`.execute(t.db);
  assert.equal(rows[0]?.valid, true);

  await entryJourneyKey.up(untyped);
  assert.ok(!(await entryKeys()).includes('entrada_jornada_jornada_id_fkey'));
  assert.deepEqual(await brokenReferences(t.db), {});
});
