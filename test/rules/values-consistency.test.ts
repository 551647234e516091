import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { ieWithEntries, valuesItem } from '../helpers/values-factories.js';

/**
 * Issue 12, case 11: small inconsistencies. The batch notification counts every error the send
 * answered; the values template is a GET that answers csv, xlsx or json and refuses other formats
 * and unknown query parameters (400), like every operation. (`aditivo.valor` as a number in
 * pendentes-assinatura: test/dashboard/lookup.test.ts, "pending signature".)
 */
let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const operator = { role: 'OPERADOR' as const, ies: [] };

describe('small inconsistencies (case 11)', () => {
  test("the LOTE_PROCESSADO notification's error count equals the send's registrosComErro", async () => {
    const { ie, entries } = await ieWithEntries(t.db, ['APTO', 'APTO']);
    const [ok, bad] = entries.map((e) => e.brbId) as [number, number];
    const sent = await t.call({
      method: 'POST',
      url: '/s/v2/contrato/valores/enviar',
      ies: [ie.ieId],
      payload: {
        valores: [
          valuesItem(ok),
          valuesItem(bad, { percentualConcedido: 150 }),
          // Not an entry of this IE: an error with no IE of its own.
          valuesItem(99_999_999),
        ],
      },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const body = sent.json() as { lote: number; registrosComErro: number };
    assert.equal(body.registrosComErro, 2);
    const accepted = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${body.lote}/aceitar`,
      ...operator,
      payload: {},
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const notes = await t.db
      .selectFrom('notificacao')
      .select(['mensagem', 'dados'])
      .where('ie_id', '=', ie.ieId)
      .where('tipo', '=', 'LOTE_PROCESSADO')
      .execute();
    assert.equal(notes.length, 1);
    assert.equal((notes[0]!.dados as { erro: number }).erro, 2);
    assert.match(notes[0]!.mensagem, /2 com erro/);
  });

  test('the template is a GET answering csv (default), xlsx or json; another format or parameter is 400', async () => {
    const url = '/s/v1/contrato/valores/importar-lote/modelo';
    const csv = await t.call({ method: 'GET', url });
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    assert.match(csv.body, /brbId/);
    const explicit = await t.call({ method: 'GET', url: `${url}?formato=csv` });
    assert.equal(explicit.body, csv.body);
    const xlsx = await t.call({ method: 'GET', url: `${url}?formato=xlsx` });
    assert.equal(xlsx.statusCode, 200);
    assert.match(String(xlsx.headers['content-type']), /spreadsheetml/);
    const json = await t.call({ method: 'GET', url: `${url}?formato=json` });
    assert.equal(json.statusCode, 200);
    assert.ok(Array.isArray((json.json() as { colunas: string[] }).colunas));
    for (const q of ['formato=pdf', 'format=csv', 'pagina=1']) {
      assert.equal((await t.call({ method: 'GET', url: `${url}?${q}` })).statusCode, 400, q);
    }
    assert.equal((await t.call({ method: 'POST', url, payload: {} })).statusCode, 405);
  });
});
