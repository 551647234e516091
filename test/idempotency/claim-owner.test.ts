import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { claimKey, markCommittedQuery, type OwnedClaim, releaseKey } from '../../src/http/idempotency-store.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';

/**
 * A claim belongs to the attempt that made it (its token). An attempt whose claim lost its answer
 * keeps a release for later (http/idempotency.ts); that release must never free a claim a retry
 * made meanwhile, or two requests could run the same change.
 */
let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const HASH = 'a'.repeat(64);
const key = (dono: string): OwnedClaim => ({ usuario: 'ie-user', operacao: 'POST /probe', chave: 'k-1', dono });
const rows = () =>
  t.db.selectFrom('chave_idempotencia').select(['estado', 'dono']).where('chave', '=', 'k-1').execute();

test(`another attempt's release leaves the claim; its own removes it (${testDatabaseKind})`, async () => {
  const mine = randomUUID();
  const other = randomUUID();
  assert.equal(await claimKey(t.db, key(mine), HASH), true);
  assert.equal(await claimKey(t.db, key(other), HASH), false, 'a live claim is not taken over');
  await releaseKey(t.db, key(other));
  assert.deepEqual(
    await rows(),
    [{ estado: 'EM_ANDAMENTO', dono: mine }],
    "the other attempt's release changed nothing",
  );
  const { rows: marked } = await t.db.executeQuery(markCommittedQuery(t.db, key(other), HASH));
  assert.deepEqual(marked, [], 'another attempt cannot commit with the key');
  assert.deepEqual(await rows(), [{ estado: 'EM_ANDAMENTO', dono: mine }]);
  await releaseKey(t.db, key(mine));
  assert.deepEqual(await rows(), []);
  // Released, the key is claimed afresh by the retry.
  assert.equal(await claimKey(t.db, key(other), HASH), true);
  assert.deepEqual(await rows(), [{ estado: 'EM_ANDAMENTO', dono: other }]);
});
