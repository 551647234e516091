import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { runWithBeforeCommit } from '../../src/db/before-commit.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import type { TestIe } from '../helpers/factories.js';
import { entryState, ieWithEntries, valuesItem } from '../helpers/values-factories.js';

/** The audit trail: written with the change, absent for a rolled-back one, per-IE visibility. */
let t: TestContext;
let mine: TestIe;
let other: TestIe;
let brbId: number;
let otherBrbId: number;
let loteId: number;
let requestId: string;

interface Item {
  usuario: { sub: string; papel: string };
  operacao: string;
  brbId: number | null;
  loteId: number | null;
  ies: number[];
  efetivado: boolean;
  status: number | null;
  requestId: string;
}

const audit = async (query: string, options: { ies?: number[]; role?: 'OPERADOR' } = {}) => {
  const res = await t.call({ method: 'GET', url: `/s/auditoria${query}`, ...options });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { itens: Item[]; total: number };
};

before(async () => {
  t = await createTestApp();
  const a = await ieWithEntries(t.db, ['APTO']);
  mine = a.ie;
  brbId = a.entries[0]!.brbId;
  const b = await ieWithEntries(t.db, ['APTO']);
  other = b.ie;
  otherBrbId = b.entries[0]!.brbId;
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [mine.ieId],
    headers: { 'x-request-id': 'req-audit-1' },
    payload: { valores: [valuesItem(brbId)] },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  loteId = sent.json().lote;
  requestId = String(sent.headers['x-request-id']);
  const sentOther = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [other.ieId],
    payload: { valores: [valuesItem(otherBrbId)] },
  });
  assert.equal(sentOther.statusCode, 200);
});
after(() => t.close());

describe('audit rows', () => {
  test('a change and its audit row: who, operation, batch, outcome, request id', async () => {
    const { itens } = await audit('', { ies: [mine.ieId] });
    assert.equal(itens.length, 1);
    const [row] = itens;
    assert.equal(row!.usuario.sub, `user-${mine.ieId}`);
    assert.equal(row!.usuario.papel, 'IE');
    assert.equal(row!.operacao, 'sendValuesV3');
    assert.equal(row!.loteId, loteId);
    assert.deepEqual(row!.ies, [mine.ieId]);
    assert.equal(row!.efetivado, true);
    assert.equal(row!.status, 200);
    assert.equal(row!.requestId, requestId);
    assert.equal(requestId, 'req-audit-1');
  });

  test('the audit row is written before COMMIT of the change, on its connection (same transaction)', async () => {
    const before = await countRows(t.database, 'auditoria');
    // What the capture does for a request: a task bound to the context runs before each COMMIT.
    const task = async (connection: Parameters<Parameters<typeof runWithBeforeCommit>[0]>[0]) => {
      await connection.executeQuery({
        sql: `insert into auditoria (usuario, papel, operacao, metodo, rota, efetivado, request_id)
              values ('probe', 'IE', 'probe', 'POST', '/probe', true, 'probe')`,
        parameters: [],
        query: undefined as never,
        queryId: { queryId: 'probe' },
      });
    };
    // Rolled back: neither the change nor the audit row.
    await assert.rejects(
      runWithBeforeCommit(task, () =>
        t.db.transaction().execute(async (trx) => {
          await sql`update entrada_jornada set tags = array['x'] where id = ${brbId}`.execute(trx);
          throw new Error('rolled back');
        }),
      ),
    );
    assert.equal(await countRows(t.database, 'auditoria'), before);
    // Committed: both.
    await runWithBeforeCommit(task, () =>
      t.db.transaction().execute(async (trx) => {
        await sql`update entrada_jornada set tags = array['y'] where id = ${brbId}`.execute(trx);
      }),
    );
    assert.equal(await countRows(t.database, 'auditoria'), before + 1);
    await sql`delete from auditoria where usuario = 'probe'`.execute(t.db);
    await sql`update entrada_jornada set tags = '{}' where id = ${brbId}`.execute(t.db);
  });

  test('a refused request changes nothing and leaves no committed audit row, only its refusal', async () => {
    const state = await entryState(t.db, brbId);
    const lotes = await countRows(t.database, 'lote');
    // The foundation accepts a row that is not in the batch: 409, inside the decision's transaction.
    const res = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${loteId}/aceitar`,
      role: 'OPERADOR',
      payload: { linhas: [99] },
    });
    assert.equal(res.statusCode, 409, res.body);
    assert.deepEqual(await entryState(t.db, brbId), state);
    assert.equal(await countRows(t.database, 'lote'), lotes);
    const { itens } = await audit(`?operacao=acceptBatchRows`, { role: 'OPERADOR' });
    assert.equal(itens.length, 1);
    assert.equal(itens[0]!.efetivado, false);
    assert.equal(itens[0]!.status, 409);
    assert.equal(itens[0]!.loteId, loteId);
    // The batch is IE 1's: the IE sees what the foundation did (and refused) about it.
    const seen = await audit(`?loteId=${loteId}`, { ies: [mine.ieId] });
    assert.deepEqual(
      seen.itens.map((i) => [i.operacao, i.efetivado]),
      [
        ['acceptBatchRows', false],
        ['sendValuesV3', true],
      ],
    );
  });

  test("tenancy: an IE never sees another IE's rows; the operator sees all; filters", async () => {
    const theirs = await audit('', { ies: [other.ieId] });
    assert.ok(theirs.itens.every((i) => i.ies.every((ie) => ie === other.ieId)));
    assert.equal(theirs.itens.length, 1);
    const all = await audit('?tamanho=100', { role: 'OPERADOR' });
    assert.ok(all.itens.length >= 3);
    assert.equal((await audit(`?usuario=user-${other.ieId}`, { ies: [mine.ieId] })).total, 0);
    assert.equal((await audit('?de=2000-01-01&ate=2000-12-31', { role: 'OPERADOR' })).total, 0);
    const csv = await t.call({ method: 'GET', url: '/s/auditoria?formato=csv', ies: [mine.ieId] });
    assert.equal(csv.statusCode, 200);
    assert.ok(!csv.body.includes(`user-${other.ieId}`));
    assert.ok(csv.body.includes('req-audit-1'));
  });

  test('reads are not audited', async () => {
    const n = await countRows(t.database, 'auditoria');
    await t.call({ method: 'GET', url: '/s/lotes', ies: [mine.ieId] });
    assert.equal(await countRows(t.database, 'auditoria'), n);
  });
});
