import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { csvLines } from '../helpers/exports.js';
import type { TestIe } from '../helpers/factories.js';
import { ieWithEntries, valuesItem } from '../helpers/values-factories.js';

/** The audit screen's pickers (GET /s/auditoria/filtros) and the operacao filter with several operations. */
let t: TestContext;
let mine: TestIe;
let other: TestIe;
let brbId: number;
let loteId: number;

before(async () => {
  t = await createTestApp();
  const a = await ieWithEntries(t.db, ['APTO', 'APTO']);
  mine = a.ie;
  brbId = a.entries[0]!.brbId;
  const b = await ieWithEntries(t.db, ['APTO']);
  other = b.ie;
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [mine.ieId],
    payload: { valores: [valuesItem(brbId)] },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  loteId = sent.json().lote;
  const inactivate = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/inativar-estudante',
    ies: [mine.ieId],
    payload: { brbId: a.entries[1]!.brbId, motivo: 'Estudante transferido' },
  });
  assert.ok(inactivate.statusCode < 500, inactivate.body);
  const sentOther = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [other.ieId],
    payload: { valores: [valuesItem(b.entries[0]!.brbId)] },
  });
  assert.equal(sentOther.statusCode, 200, sentOther.body);
});
after(() => t.close());

const filterValues = async (options: { ies?: number[]; role?: 'OPERADOR' }) => {
  const res = await t.call({ method: 'GET', url: '/s/auditoria/filtros', ...options });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { usuarios: { sub: string; nome: string | null }[]; operacoes: string[] };
};

describe('GET /s/auditoria/filtros', () => {
  test("the people and operations of the caller's trail only", async () => {
    const mineValues = await filterValues({ ies: [mine.ieId] });
    assert.deepEqual(
      mineValues.usuarios.map((u) => u.sub),
      [`user-${mine.ieId}`],
    );
    assert.deepEqual(mineValues.operacoes, ['inactivateStudent', 'sendValuesV3']);
    const theirs = await filterValues({ ies: [other.ieId] });
    assert.deepEqual(
      theirs.usuarios.map((u) => u.sub),
      [`user-${other.ieId}`],
    );
    assert.deepEqual(theirs.operacoes, ['sendValuesV3']);
  });

  test('the foundation sees every IE', async () => {
    const all = await filterValues({ role: 'OPERADOR' });
    const subs = all.usuarios.map((u) => u.sub);
    assert.ok(subs.includes(`user-${mine.ieId}`) && subs.includes(`user-${other.ieId}`), subs.join());
  });

  test('an IE with no trail gets empty lists', async () => {
    const { ie } = await ieWithEntries(t.db, ['APTO']);
    assert.deepEqual(await filterValues({ ies: [ie.ieId] }), { usuarios: [], operacoes: [] });
  });

  test('401 without a token; 400 for an unknown query field', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/s/auditoria/filtros', token: null });
    assert.equal(anonymous.statusCode, 401);
    const bad = await t.call({ method: 'GET', url: '/s/auditoria/filtros?x=1', ies: [mine.ieId] });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.headers['content-type'] as string, /application\/problem\+json/);
  });
});

describe('GET /s/auditoria?operacao=a,b', () => {
  test('several operations: the rows of any of them, in the list and in the file', async () => {
    const url = '/s/auditoria?operacao=sendValuesV3,inactivateStudent';
    const res = await t.call({ method: 'GET', url, ies: [mine.ieId] });
    assert.equal(res.statusCode, 200, res.body);
    const ops = (res.json().itens as { operacao: string }[]).map((i) => i.operacao).sort();
    assert.deepEqual(ops, ['inactivateStudent', 'sendValuesV3']);
    const one = await t.call({ method: 'GET', url: '/s/auditoria?operacao=sendValuesV3', ies: [mine.ieId] });
    assert.deepEqual(
      one.json().itens.map((i: { loteId: number }) => i.loteId),
      [loteId],
    );
    const csv = await t.call({ method: 'GET', url: `${url}&formato=csv`, ies: [mine.ieId] });
    assert.equal(csv.statusCode, 200);
    assert.equal(csvLines(csv.body).length, 3, csv.body);
  });

  test('400 for a malformed list of operations', async () => {
    const res = await t.call({ method: 'GET', url: '/s/auditoria?operacao=a,,b', ies: [mine.ieId] });
    assert.equal(res.statusCode, 400, res.body);
  });
});
