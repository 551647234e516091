import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Role } from '../../src/http/auth.js';
import { type ActionWorld, createActionWorld, snapshot } from '../helpers/actions-factories.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { countersOf, entryState, ieWithEntries, timelineOf, valuesItem } from '../helpers/values-factories.js';

/**
 * An Idempotency-Key belongs to the whole principal (issuer, subject, role, IEs), not to `sub`
 * alone: a caller of IE 2 whose token has the same `sub` as a caller of IE 1 never gets IE 1's
 * stored answer; its request is a new one, which then meets tenancy.
 */
let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const SUB = 'integrador-compartilhado';

async function postAs(url: string, payload: object, key: string, ies: number[], role: Role = 'IE') {
  const token = await t.token({ sub: SUB, ies, role });
  return t.call({ method: 'POST', url, payload, token, headers: { 'idempotency-key': key } });
}

describe('Idempotency-Key across tenants with the same sub', () => {
  test('POST /s/v3/mais-acoes/inativar-estudante: IE 2 repeating IE 1 key is a new request (404), IE 1 unchanged', async () => {
    const e = await w.entry('AGUARDANDO_ASSINATURA');
    const url = '/s/v3/mais-acoes/inativar-estudante';
    const body = { brbId: e.brbId, motivo: 'Transferiu-se' };
    const first = await postAs(url, body, 'k-inativar', [w.ie.ieId]);
    assert.equal(first.statusCode, 200, first.body);
    const afterFirst = await snapshot(t.db, e);

    const other = await postAs(url, body, 'k-inativar', [w.other.ieId]);
    assert.equal(other.headers['idempotency-replayed'], undefined, 'not a replay');
    assert.equal(other.statusCode, 404, other.body);
    assert.notEqual(other.body, first.body);
    assert.deepEqual(await snapshot(t.db, e), afterFirst, "nothing changed for IE 1's entry");

    // The same principal still replays.
    const again = await postAs(url, body, 'k-inativar', [w.ie.ieId]);
    assert.equal(again.headers['idempotency-replayed'], 'true');
    assert.equal(again.body, first.body);
  });

  test('a wider IE list with the same sub and key is not a replay either', async () => {
    const e = await w.entry('APTO');
    const body = { brbId: e.brbId, motivo: 'Transferiu-se' };
    const first = await postAs('/s/v3/mais-acoes/inativar-estudante', body, 'k-role', [w.ie.ieId]);
    assert.equal(first.statusCode, 200, first.body);
    const both = await postAs('/s/v3/mais-acoes/inativar-estudante', body, 'k-role', [w.other.ieId, w.ie.ieId]);
    assert.equal(both.headers['idempotency-replayed'], undefined);
    // A new request: it ran against the entry as it is now (already inactive, so the state machine
    // refuses it, DOMAIN.md "Actions"), it is not the stored 200 answer.
    assert.equal(both.statusCode, 409, both.body);
    assert.notEqual(both.body, first.body);
  });

  test('POST /s/v2/contrato/valores/enviar: IE 2 does not get IE 1 stored answer, IE 1 unchanged', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], w.ie);
    const brbId = entries[0]?.brbId as number;
    const url = '/s/v2/contrato/valores/enviar';
    const body = { valores: [valuesItem(brbId)] };
    const first = await postAs(url, body, 'k-valores', [w.ie.ieId]);
    assert.equal(first.statusCode, 200, first.body);
    const firstBody = first.json() as { lote: number; resultados: { resultado: string }[] };
    assert.equal(firstBody.resultados[0]?.resultado, 'SUCESSO');
    const state = await entryState(t.db, brbId);
    const timeline = await timelineOf(t.db, brbId);
    const counters = await countersOf(t.db, brbId);
    const batches = await countRows(t.database, 'lote');

    const other = await postAs(url, body, 'k-valores', [w.other.ieId]);
    assert.equal(other.headers['idempotency-replayed'], undefined, 'not a replay');
    assert.notEqual(other.body, first.body, "IE 2 never sees IE 1's answer");
    if (other.statusCode === 200) {
      // A new batch of IE 2 in which IE 1's entry is an unknown id.
      const otherBody = other.json() as { lote: number; resultados: { resultado: string }[] };
      assert.notEqual(otherBody.lote, firstBody.lote);
      assert.equal(otherBody.resultados[0]?.resultado, 'ERRO');
    } else {
      assert.equal(other.statusCode, 404, other.body);
    }
    assert.deepEqual(await entryState(t.db, brbId), state);
    assert.deepEqual(await timelineOf(t.db, brbId), timeline);
    assert.deepEqual(await countersOf(t.db, brbId), counters);
    assert.ok((await countRows(t.database, 'lote')) <= batches + 1);
    const ieOneRows = await t.db
      .selectFrom('lote_linha')
      .select(['lote_id', 'resultado'])
      .where('ie_id', '=', w.ie.ieId)
      .execute();
    assert.deepEqual(ieOneRows, [{ lote_id: firstBody.lote, resultado: 'SUCESSO' }], 'IE 1 still has its one row');
  });
});
