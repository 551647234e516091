import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { csvIds, csvLines, notFoundAsFile, PT, xlsxSheet } from '../helpers/exports.js';
import { ieWithEntries, type ValuesSetup } from '../helpers/values-factories.js';

/**
 * The monthly transfer as a file, which is the month's restitution payments list: one row per
 * payment then per adjustment, per IE; money with comma decimals in CSV, numbers in a BRL format in
 * xlsx; the Net column sums to the JSON's aRepassar. Rows are written directly with amounts worked
 * by hand (installment 1 of 1,000.00 at m = 48: 1168.00, fee 168.00, net 1000.00; installment 2:
 * 1171.50, fee 171.50, net 1000.00; an adjustment of −50.25): 1000.00 + 1000.00 − 50.25 = 1949.75.
 */
let t: TestContext;
let mine: ValuesSetup;
let theirs: ValuesSetup;
const ids: Record<string, number> = {};

const MARCH = '2026-03';

async function pay(s: ValuesSetup, parcela: number, day: string, pago: string, taxa: string, liquido: string) {
  const { id } = await t.db
    .insertInto('pagamento_restituicao')
    .values({
      contrato_id: s.entries[0]!.contratoId,
      ie_id: s.ie.ieId,
      parcela,
      total_parcelas: 6,
      valor_parcela: pago,
      valor_pago: pago,
      taxa_retida: taxa,
      valor_liquido: liquido,
      data_pagamento: day,
      competencia: `${MARCH}-01`,
      registrado_por: 'teste',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

before(async () => {
  t = await createTestApp();
  mine = await ieWithEntries(t.db, ['FINALIZADO']);
  theirs = await ieWithEntries(t.db, ['FINALIZADO']);
  ids.p1 = await pay(mine, 1, '2026-03-10', '1168.00', '168.00', '1000.00');
  ids.p2 = await pay(mine, 2, '2026-03-05', '1171.50', '171.50', '1000.00');
  ids.theirs = await pay(theirs, 1, '2026-03-07', '1168.00', '168.00', '1000.00');
  // Recorded 2026-03-21 02:00 UTC: 20/03/2026 in São Paulo.
  const adj = await t.db
    .insertInto('ajuste_repasse')
    .values({
      ie_id: mine.ie.ieId,
      competencia: `${MARCH}-01`,
      valor: '-50.25',
      descricao: 'Estorno; parcela 1',
      pagamento_id: ids.p1,
      registrado_por: 'teste',
      created_at: new Date('2026-03-21T02:00:00Z'),
      competencia_referencia: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.adj = adj.id;
});
after(() => t.close());

describe('monthly transfer (payments) export', () => {
  test('CSV: BOM, ";", comma decimals, dd/mm/aaaa, payments by day then adjustments; Net sums to aRepassar', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/s/v2/repasse/${MARCH}?formato=csv`,
      ies: [mine.ie.ieId],
      headers: PT,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-disposition']), /filename="repasse-2026-03.csv"/);
    assert.ok(res.body.startsWith('\uFEFFIE;Nome da IE;Lançamento;Id;Data;Contrato;'));
    const rows = csvLines(res.body)
      .slice(1)
      .map((l) => l.split(';'));
    assert.equal(rows.length, 3, "the IE's two payments and its adjustment, not the other IE's payment");
    const cells = (r: string[]) => [r[0], r[2], r[3], r[4], r[8], r[9], r[10], r[11], r[12]];
    const ie = String(mine.ie.ieId);
    assert.deepEqual(cells(rows[0]!), [
      ie,
      'PAGAMENTO',
      String(ids.p2),
      '05/03/2026',
      '2',
      '6',
      '1171,50',
      '171,50',
      '1000,00',
    ]);
    assert.deepEqual(cells(rows[1]!), [
      ie,
      'PAGAMENTO',
      String(ids.p1),
      '10/03/2026',
      '1',
      '6',
      '1168,00',
      '168,00',
      '1000,00',
    ]);
    assert.equal(rows[0]![5], String(mine.entries[0]!.contratoId));
    // The adjustment's description holds the separator: quoted, so it splits in two here.
    assert.equal(
      csvLines(res.body)[3],
      `${ie};${rows[2]![1]};AJUSTE;${ids.adj};20/03/2026;;;;;;;;-50,25;"Estorno; parcela 1";`,
    );
    const json = await t.call({ method: 'GET', url: `/s/v2/repasse/${MARCH}`, ies: [mine.ie.ieId] });
    assert.equal(json.json().totais.aRepassar, 1949.75);
  });

  test('xlsx: money as numbers in a BRL format, days as dates', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/s/v2/repasse/${MARCH}`,
      ies: [mine.ie.ieId],
      headers: { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    assert.equal(res.statusCode, 200);
    const sheet = await xlsxSheet(res);
    assert.equal(sheet.rowCount, 4);
    const p2 = sheet.getRow(2);
    assert.equal(p2.getCell(4).value, ids.p2);
    assert.equal((p2.getCell(5).value as Date).toISOString(), '2026-03-05T00:00:00.000Z');
    assert.equal(p2.getCell(5).numFmt, 'dd/mm/yyyy');
    assert.equal(p2.getCell(11).value, 1171.5);
    assert.equal(p2.getCell(11).numFmt, '"R$" #,##0.00');
    assert.equal(p2.getCell(13).value, 1000);
    const adj = sheet.getRow(4);
    assert.equal(adj.getCell(13).value, -50.25);
    assert.equal(adj.getCell(11).value, null);
    const net = [2, 3, 4].reduce((sum, r) => sum + Math.round((sheet.getRow(r).getCell(13).value as number) * 100), 0);
    assert.equal(net, 194975);
  });

  test("another IE's id is 404 before any byte; the other IE sees only its own payment", async () => {
    await notFoundAsFile(t, (formato) => `/s/v2/repasse/${MARCH}?ieId=${theirs.ie.ieId}&formato=${formato}`, [
      mine.ie.ieId,
    ]);
    const other = await t.call({ method: 'GET', url: `/s/v2/repasse/${MARCH}?formato=csv`, ies: [theirs.ie.ieId] });
    assert.deepEqual(csvIds(other.body, 3), [ids.theirs]);
  });

  test('the foundation sees every IE; ieId narrows to one', async () => {
    const all = await t.call({ method: 'GET', url: `/s/v2/repasse/${MARCH}?formato=csv`, role: 'OPERADOR' });
    assert.equal(all.statusCode, 200);
    const mineOnly = await t.call({
      method: 'GET',
      url: `/s/v2/repasse/${MARCH}?formato=csv&ieId=${mine.ie.ieId}`,
      role: 'OPERADOR',
    });
    const idsOf = (body: string) => csvIds(body, 3);
    for (const id of [ids.p1, ids.p2, ids.adj, ids.theirs]) assert.ok(idsOf(all.body).includes(id!));
    assert.deepEqual(idsOf(mineOnly.body), [ids.p2, ids.p1, ids.adj]);
  });
});
