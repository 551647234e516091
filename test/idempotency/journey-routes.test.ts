import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createContract, createIe, type TestIe } from '../helpers/factories.js';

/** Idempotency-Key on real operations: a retried open or insert has no second effect. */
let t: TestContext;
let ie: TestIe;
before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  await createContract(t.db, ie);
  await createContract(t.db, ie);
});
after(() => t.close());

const call = (url: string, payload: Record<string, unknown>, key: string) =>
  t.call({ method: 'POST', url, payload, ies: [ie.ieId], headers: { 'idempotency-key': key } });

describe('Idempotency-Key on journey operations', () => {
  test('a retried open answers the stored 200 (not 409) and opens nothing more; another body with the key is 422', async () => {
    const first = await call('/s/v2/renovacao/jornadas/abrir', { ano: 2026, semestre: 2 }, 'open-2026-2');
    assert.equal(first.statusCode, 200, first.body);
    const entries = await countRows(t.database, 'entrada_jornada');
    const events = await countRows(t.database, 'evento_timeline');
    const retry = await call('/s/v2/renovacao/jornadas/abrir', { ano: 2026, semestre: 2 }, 'open-2026-2');
    assert.equal(retry.statusCode, 200);
    assert.equal(retry.headers['idempotency-replayed'], 'true');
    assert.deepEqual(retry.json(), first.json());
    assert.equal(await countRows(t.database, 'entrada_jornada'), entries);
    assert.equal(await countRows(t.database, 'evento_timeline'), events);
    const other = await call('/s/v2/renovacao/jornadas/abrir', { ano: 2027, semestre: 1 }, 'open-2026-2');
    assert.equal(other.statusCode, 422);
    problemOf(other);
    // Without the key the repeat is the plain conflict.
    const plain = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/abrir',
      payload: { ano: 2026, semestre: 2 },
      ies: [ie.ieId],
    });
    assert.equal(plain.statusCode, 409);
  });

  test('a retried insert replays the entry; one entry, one process, one timeline event', async () => {
    const journey = await t.db
      .selectFrom('jornada')
      .select('id')
      .where('ie_id', '=', ie.ieId)
      .executeTakeFirstOrThrow();
    const contract = await createContract(t.db, ie);
    const payload = { journeyId: journey.id, contratoId: contract.contratoId };
    const first = await call('/s/v1/insere-jornada', payload, 'insert-1');
    assert.equal(first.statusCode, 200, first.body);
    const second = await call('/s/v1/insere-jornada', payload, 'insert-1');
    assert.equal(second.statusCode, 200);
    assert.equal(second.headers['idempotency-replayed'], 'true');
    assert.equal(second.body, first.body);
    const rows = await t.db
      .selectFrom('entrada_jornada')
      .select('id')
      .where('contrato_id', '=', contract.contratoId)
      .execute();
    assert.equal(rows.length, 1);
    const events = await t.db
      .selectFrom('evento_timeline')
      .select('id')
      .where('entrada_id', '=', rows[0]!.id)
      .execute();
    assert.equal(events.length, 1);
    // The same key on another operation is another scope.
    const refresh = await call('/s/v2/renovacao/jornadas/atualizar', {}, 'insert-1');
    assert.equal(refresh.statusCode, 200);
    assert.equal(refresh.headers['idempotency-replayed'], undefined);
  });
});
