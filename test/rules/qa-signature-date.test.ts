import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ActionWorld, addendum, contract, createActionWorld, entryState } from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

// DOMAIN.md, "Time" and the transition table: the student signed (operator) moves
// AGUARDANDO_ASSINATURA to FINALIZADO. Seen on the demo: `assinadoEm: "2031-01-01T00:00:00Z"`
// was accepted and the addendum recorded as signed in 2031. A signature is not dated in the
// future, nor before its addendum was generated (docs/decisions.md): 422, nothing changes.

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const sign = (brbId: number, assinadoEm?: string) =>
  t.call({
    method: 'POST',
    url: `/s/operador/renovacoes/${brbId}/assinatura`,
    payload: assinadoEm ? { assinadoEm } : {},
    role: 'OPERADOR',
  });

async function waiting() {
  const e = await w.entry('AGUARDANDO_ASSINATURA');
  const { id } = await addendum(t.db, e, 'GERADO');
  const state = async () => ({
    entry: await entryState(t.db, e.brbId),
    contract: await contract(t.db, e.contratoId),
    aditivo: await t.db.selectFrom('aditivo').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  });
  return { e, state };
}

describe('the date of a signature', () => {
  test('in 2031 (the future): 422 naming assinadoEm; the entry and addendum stay', async () => {
    const { e, state } = await waiting();
    const before = await state();
    const r = await sign(e.brbId, '2031-01-01T00:00:00Z');
    assert.equal(r.statusCode, 422, r.body);
    assert.equal(problemOf(r).errors?.[0]?.pointer, '/body/assinadoEm');
    assert.deepEqual(await state(), before);
  });

  test('now, or no date: signed (control)', async () => {
    const { e } = await waiting();
    assert.equal((await sign(e.brbId, new Date().toISOString())).statusCode, 200);
    const other = await waiting();
    assert.equal((await sign(other.e.brbId)).statusCode, 200);
  });
});
