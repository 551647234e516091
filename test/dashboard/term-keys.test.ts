import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import * as termKeyLookups from '../../src/db/migrations/0810_term_key_lookups.js';
import { refreshNameKeyFrequencies } from '../../src/modules/dashboard/name-keys.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { bulkEntries } from '../helpers/dashboard-factories.js';
import { createIe, createJourney } from '../helpers/factories.js';

// Migration 0810 changes only how chaves_termo reads the trigram sample (a lookup per trigram
// instead of a join): for every kind of term, in both modes, with and without a sample, it must
// pick the same keys in the same order as 0770's definition.

let t: TestContext;
const TERMS = [
  'ana sou',
  'maria da s',
  'joao pe',
  'chaves',
  'yamamoto',
  'ana',
  'da silva',
  'jo e a da',
  "d'avila",
  'xyz',
];

before(async () => {
  t = await createTestApp();
  const ie = await createIe(t.db);
  const journey = await createJourney(t.db, ie);
  await bulkEntries(t.db, ie, journey, [
    'ana souza',
    'mariana sousa',
    'maria da silva',
    'joao pereira',
    'carlos chaves',
    'akira yamamoto',
    'ana paula da silva',
    "pedro d'avila",
  ]);
});
after(() => t.close());

async function keys(): Promise<string[]> {
  const out: string[] = [];
  for (const termo of TERMS)
    for (const inicio of [true, false]) {
      const { rows } = await sql<{ k: string[] }>`select chaves_termo(7, ${termo}, ${inicio})::text[] as k`.execute(
        t.db,
      );
      out.push(`${termo} ${inicio}: ${rows[0]!.k.join(',')}`);
    }
  return out;
}

test('0810 picks the keys 0770 picked, in the same order, with and without the sample', async () => {
  const untyped = t.db as unknown as Kysely<unknown>;
  try {
    for (const sampled of [false, true]) {
      if (sampled) await refreshNameKeyFrequencies(t.db);
      const migrated = await keys();
      const maria = migrated.find((line) => line.startsWith('maria da s false'))!;
      assert.equal(maria.split(',').length, sampled ? 3 : 8, 'the sample picks three of the eight keys');
      await termKeyLookups.down(untyped);
      assert.deepEqual(await keys(), migrated, sampled ? 'with the sample' : 'without a sample');
      await termKeyLookups.up(untyped);
    }
  } finally {
    await t.db.deleteFrom('trigrama_frequencia').execute();
  }
});
