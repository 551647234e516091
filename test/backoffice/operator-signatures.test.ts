import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { entryState, ieWithEntries, type ValuesSetup, valuesItem } from '../helpers/values-factories.js';

/** Issue 22, item 2: signatures pending by IE with their age, signed together with a result each. */
let t: TestContext;
let a: ValuesSetup;
let b: ValuesSetup;
const operator = { role: 'OPERADOR' as const, ies: [] };

async function awaitingSignature(s: ValuesSetup) {
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [s.ie.ieId],
    payload: { valores: s.entries.map((e) => valuesItem(e.brbId)) },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  const lote = (sent.json() as { lote: number }).lote;
  const ok = await t.call({ method: 'POST', url: `/s/operador/lotes/${lote}/aceitar`, ...operator, payload: {} });
  assert.equal(ok.statusCode, 200, ok.body);
}

before(async () => {
  t = await createTestApp();
  a = await ieWithEntries(t.db, ['APTO', 'APTO']);
  b = await ieWithEntries(t.db, ['APTO']);
  await awaitingSignature(a);
  await awaitingSignature(b);
  // One addendum of IE a generated 10 days ago.
  await t.db
    .updateTable('aditivo')
    .set({ gerado_em: new Date(Date.now() - 10 * 86_400_000) })
    .where('entrada_id', '=', a.entries[0]!.brbId)
    .execute();
});
after(() => t.close());

interface Pending {
  porIe: { ieId: number; total: number; diasMaisAntigo: number }[];
  itens: { brbId: number; diasAguardando: number; numeroContrato: string }[];
  total: number;
}

describe('/s/operador/assinaturas', () => {
  test('lists the pending addenda per IE, oldest first, with their age in days', async () => {
    const res = await t.call({ method: 'GET', url: `/s/operador/assinaturas?ieId=${a.ie.ieId}`, ...operator });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as Pending;
    assert.deepEqual(
      body.itens.map((i) => [i.brbId, i.diasAguardando]),
      [
        [a.entries[0]!.brbId, 10],
        [a.entries[1]!.brbId, 0],
      ],
    );
    assert.deepEqual(
      body.porIe
        .filter((i) => i.ieId === a.ie.ieId || i.ieId === b.ie.ieId)
        .map((i) => [i.ieId, i.total, i.diasMaisAntigo]),
      [
        [a.ie.ieId, 2, 10],
        [b.ie.ieId, 1, 0],
      ],
    );
  });

  test('signs several together; one that is not waiting is refused on its own', async () => {
    const ids = [a.entries[0]!.brbId, a.entries[1]!.brbId, 99999999];
    const res = await t.call({ method: 'POST', url: '/s/operador/assinaturas', ...operator, payload: { brbIds: ids } });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as {
      assinados: number;
      recusados: number;
      resultados: { brbId: number; resultado: string }[];
    };
    assert.deepEqual([body.assinados, body.recusados], [2, 1]);
    assert.equal((await entryState(t.db, a.entries[0]!.brbId)).situacao, 'FINALIZADO');
    assert.equal((await entryState(t.db, a.entries[1]!.brbId)).situacao, 'FINALIZADO');
    const again = await t.call({
      method: 'POST',
      url: '/s/operador/assinaturas',
      ...operator,
      payload: { brbIds: [a.entries[0]!.brbId] },
    });
    assert.equal((again.json() as { recusados: number }).recusados, 1);
  });

  test('the foundation’s only: 401, 403 for an IE (nothing signed), 400 on bad input', async () => {
    assert.equal((await t.call({ method: 'GET', url: '/s/operador/assinaturas', token: null })).statusCode, 401);
    const ie = await t.call({
      method: 'POST',
      url: '/s/operador/assinaturas',
      ies: [b.ie.ieId],
      payload: { brbIds: [b.entries[0]!.brbId] },
    });
    assert.equal(ie.statusCode, 403);
    problemOf(ie);
    assert.equal((await entryState(t.db, b.entries[0]!.brbId)).situacao, 'AGUARDANDO_ASSINATURA');
    const empty = await t.call({
      method: 'POST',
      url: '/s/operador/assinaturas',
      ...operator,
      payload: { brbIds: [] },
    });
    assert.equal(empty.statusCode, 400);
  });
});
