import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { csvLines } from '../helpers/exports.js';
import type { TestIe } from '../helpers/factories.js';
import { entryState, ieWithEntries, valuesItem } from '../helpers/values-factories.js';

/**
 * GET /s/lotes/{loteId}/erros holds every row to send again: those with errors and those the
 * foundation refused (their entries are back in APTO), never the accepted or waiting ones.
 */
let t: TestContext;
let mine: TestIe;
let ids: [number, number, number];
let loteId: number;
let otherLote: number;

before(async () => {
  t = await createTestApp();
  const a = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO']);
  mine = a.ie;
  ids = a.entries.map((e) => e.brbId) as [number, number, number];
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [mine.ieId],
    payload: {
      valores: [valuesItem(ids[0]), valuesItem(ids[1]), valuesItem(ids[2], { percentualConcedido: 120 })],
    },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  loteId = sent.json().lote;
  const b = await ieWithEntries(t.db, ['APTO']);
  const theirs = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [b.ie.ieId],
    payload: { valores: [valuesItem(b.entries[0]!.brbId)] },
  });
  otherLote = theirs.json().lote;
  const reject = await t.call({
    method: 'POST',
    url: `/s/operador/lotes/${loteId}/recusar`,
    role: 'OPERADOR',
    payload: { linhas: [2], motivo: 'Percentual diverge do contrato' },
  });
  assert.equal(reject.statusCode, 200, reject.body);
});
after(() => t.close());

test('the sheet: the row with errors and the row the foundation refused, in sheet order', async () => {
  const res = await t.call({ method: 'GET', url: `/s/lotes/${loteId}/erros?formato=csv`, ies: [mine.ieId] });
  assert.equal(res.statusCode, 200, res.body);
  const rows = csvLines(res.body)
    .slice(1)
    .map((line) => Number(line.split(';')[0]));
  assert.deepEqual(rows, [ids[1], ids[2]]);
  // The refused entry is APTO again: the corrected sheet is a plain send.
  assert.equal((await entryState(t.db, ids[1])).situacao, 'APTO');
  assert.notEqual((await entryState(t.db, ids[0])).situacao, 'APTO');
});

test("another IE's batch answers 404, and no token 401", async () => {
  const res = await t.call({ method: 'GET', url: `/s/lotes/${otherLote}/erros?formato=csv`, ies: [mine.ieId] });
  assert.equal(res.statusCode, 404);
  assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
  const anonymous = await t.call({ method: 'GET', url: `/s/lotes/${loteId}/erros`, token: null });
  assert.equal(anonymous.statusCode, 401);
});
