import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ActionWorld,
  assertInvalid,
  createActionWorld,
  entryState,
  post,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { valuesItem } from '../helpers/values-factories.js';

// Interface 2.1, variant ENVIO_VALORES: the status change that carries values ("send values").

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const url = (brbId: number) => `/s/v2/renovacao/status-contrato/${brbId}/brb-id/alterar`;

describe('2.1 ENVIO_VALORES', () => {
  test('ENVIO_VALORES sends the values as a batch: the entry moves to EM_PROCESSAMENTO, the batch is V2_ALTERAR', async () => {
    const e = await w.entry('APTO');
    const response = await post(t, w.ie, url(e.brbId), {
      situacao: 'ENVIO_VALORES',
      valoresRenovacao: [valuesItem(e.brbId, { valorCtrPrestServico: 2401, valorContrato: 1200.5 })],
    });
    assert.equal(response.statusCode, 200, response.body);
    const out = response.json()['envio-valores'];
    assert.equal(out.registrosComSucesso, 1);
    assert.equal(out.registrosComErro, 0);
    assert.deepEqual(out.linhasComErro, []);
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'EM_PROCESSAMENTO');
    const lote = await t.db.selectFrom('lote').select('origem').where('id', '=', out.lote).executeTakeFirstOrThrow();
    assert.equal(lote.origem, 'V2_ALTERAR');
    const row = await t.db
      .selectFrom('lote_linha')
      .select(['brb_id', 'ie_id', 'valor_contrato', 'resultado'])
      .where('lote_id', '=', out.lote)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { brb_id: e.brbId, ie_id: w.ie.ieId, valor_contrato: '1200.50', resultado: 'SUCESSO' });
  });

  test('ENVIO_VALORES: an item without brbId is about the path entry; a failing row is reported, the entry stays', async () => {
    const e = await w.entry('APTO');
    const { brbId: _omit, ...item } = valuesItem(e.brbId, { percentualConcedido: 150 });
    const response = await post(t, w.ie, url(e.brbId), { situacao: 'ENVIO_VALORES', valoresRenovacao: [item] });
    assert.equal(response.statusCode, 200, response.body);
    const out = response.json()['envio-valores'];
    assert.equal(out.registrosComErro, 1);
    assert.match(out.linhasComErro[0], new RegExp(`Row 1 \\(brbId ${e.brbId}\\).*percentualConcedido`));
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'APTO');
  });

  test("ENVIO_VALORES naming another entry's brbId is 400 and changes nothing", async () => {
    const e = await w.entry('APTO');
    const otherEntry = await w.entry('APTO');
    const before = await snapshot(t.db, e);
    const response = await post(t, w.ie, url(e.brbId), {
      situacao: 'ENVIO_VALORES',
      valoresRenovacao: [valuesItem(otherEntry.brbId)],
    });
    assertInvalid(response, '/body/valoresRenovacao/0/brbId', /not the entry of this request/);
    assert.deepEqual(await snapshot(t.db, e), before);
    assert.equal((await entryState(t.db, otherEntry.brbId)).situacao, 'APTO');
  });
});
