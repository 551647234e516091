import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { batchRows, entryState, ieWithEntries, multipartBody } from '../helpers/values-factories.js';

// DOMAIN.md, "Values": money is exact. Seen on the demo: a pt-BR sheet (';' separated) with
// valorCtrPrestServico "9.000" and valorContrato "4.500" — nine thousand and four thousand five
// hundred as a Brazilian types them — was recorded as R$ 9,00 and R$ 4,50 and sent to the
// foundation. A dot followed by groups of exactly three digits, with no comma, is ambiguous: a row
// error that says how to write it, never a silent 1000× smaller amount (docs/decisions.md).

let t: TestContext;
let ie: TestIe;
before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
});
after(() => t.close());

const upload = (content: string) => {
  const { payload, headers } = multipartBody({ filename: 'valores.csv', content });
  return t.call({
    method: 'POST',
    url: '/s/v1/contrato/valores/importar-lote',
    payload,
    headers,
    ies: [ie.ieId],
  });
};
const HEADER = 'brbId;qtdParcelasCobertura;valorCtrPrestServico;percentualConcedido;valorContrato;parcMeses';

describe('amounts in a sheet spelled with a thousands dot', () => {
  test('"9.000" and "4.500" are a row error naming the amount; the entry stays APTO', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], ie);
    const brbId = entries[0]!.brbId;
    const before = await entryState(t.db, brbId);
    const r = await upload(`${HEADER}\n${brbId};3;9.000;50;4.500;07,08,09\n`);
    assert.equal(r.statusCode, 200, r.body);
    const body = r.json();
    assert.deepEqual([body.registrosComSucesso, body.registrosComErro], [0, 1]);
    const [row] = await batchRows(t.db, body.lote);
    assert.deepEqual(
      row!.erros.map((e) => [e.campo, e.regra]),
      [
        ['valorCtrPrestServico', 'FORMATO'],
        ['valorContrato', 'FORMATO'],
      ],
    );
    assert.match(body.linhasComErro[0], /"9\.000".*9000,00/);
    assert.deepEqual(await entryState(t.db, brbId), before);
  });

  test('the same row in English reads in English', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], ie);
    const { payload, headers } = multipartBody({
      filename: 'valores.csv',
      content: `${HEADER}\n${entries[0]!.brbId};3;9.000;50;4.500;07,08,09\n`,
    });
    const r = await t.call({
      method: 'POST',
      url: '/s/v1/contrato/valores/importar-lote',
      payload,
      headers: { ...headers, 'accept-language': 'en' },
      ies: [ie.ieId],
    });
    assert.match(r.json().linhasComErro[0], /ambiguous/);
  });

  test('"4.500,00", "4500,00", "4500.00", "4500.5" and "4500" are read as written', async () => {
    const spellings: [string, string, string][] = [
      ['4.500,00', '9000', '4500.00'],
      ['4500,00', '9000', '4500.00'],
      ['4500.00', '9000', '4500.00'],
      ['4500.5', '9001', '4500.50'],
      ['4500', '9000', '4500.00'],
    ];
    for (const [contrato, servico, stored] of spellings) {
      const { entries } = await ieWithEntries(t.db, ['APTO'], ie);
      const r = await upload(`${HEADER}\n${entries[0]!.brbId};3;${servico};50;"${contrato}";07,08,09\n`);
      const body = r.json();
      assert.equal(body.registrosComSucesso, 1, `${contrato}: ${r.body}`);
      const [row] = await batchRows(t.db, body.lote);
      assert.equal(row!.valor_contrato, stored, contrato);
    }
  });
});
