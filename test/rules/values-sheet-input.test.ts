import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { batchRows, entryState, ieWithEntries, multipartBody } from '../helpers/values-factories.js';

// What a values sheet says when a person's spelling or a broken file gets in the way.
//
// 1. DOMAIN.md, "Values": money is exact. Seen on the demo: a pt-BR sheet (';' separated) with
// valorCtrPrestServico "9.000" and valorContrato "4.500" — nine thousand and four thousand five
// hundred as a Brazilian types them — was recorded as R$ 9,00 and R$ 4,50 and sent to the
// foundation. A dot followed by groups of exactly three digits, with no comma, is ambiguous: a row
// error that says how to write it, never a silent 1000× smaller amount (docs/decisions.md).

//
// 2. DOMAIN.md, "Language": every message a person reads is Portuguese by default, English on
// Accept-Language: en. Seen on the demo: a CSV with a stray quote answered "O arquivo não pôde ser
// lido como CSV: perto da linha 1: Invalid Closing Quote: got "x" at line 3 instead of delimiter,
// record delimiter, trimable character (if activated) or comment" — the parser's English, and
// line 1 for a fault on line 3; a broken xlsx answered "perto da linha 1: FILE_ENDED".

let t: TestContext;
let ie: TestIe;
before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
});
after(() => t.close());

function upload(filename: string, content: string | Buffer, lang?: string) {
  const { payload, headers } = multipartBody({ filename, content } as never);
  return t.call({
    method: 'POST',
    url: '/s/v1/contrato/valores/importar-lote',
    payload,
    headers: { ...headers, ...(lang ? { 'accept-language': lang } : {}) },
    ies: [ie.ieId],
  });
}

const PARSER_WORDS = /Invalid|Quote|delimiter|FILE_ENDED|parsing|record/;

describe('a sheet that cannot be read says why in the reader’s language', () => {
  test('a stray quote on line 3: Portuguese, naming line 3, no parser text; nothing recorded', async () => {
    const lotes = await countRows(t.database, 'lote');
    const r = await upload('v.csv', 'brbId,qtdParcelasCobertura,valorContrato\n1,3,4500\n2,3"x,1\n', 'pt-BR');
    assert.equal(r.statusCode, 400, r.body);
    assert.match(r.headers['content-type'] as string, /^application\/problem\+json/);
    const p = problemOf(r);
    assert.match(p.detail, /linha 3/);
    assert.match(p.detail, /aspas/);
    assert.doesNotMatch(p.detail, PARSER_WORDS);
    assert.equal(await countRows(t.database, 'lote'), lotes);
  });

  test('a quote never closed, in English: names line 2 and says the quote is not closed', async () => {
    const r = await upload('v.csv', 'brbId,qtdParcelasCobertura\n"1,3\n', 'en');
    assert.equal(r.statusCode, 400, r.body);
    const p = problemOf(r);
    assert.match(p.detail, /line 2/);
    assert.match(p.detail, /quote/);
    assert.doesNotMatch(p.detail, /Quote Not Closed|parsing/);
  });

  test('a truncated xlsx: Portuguese, says the file is damaged or incomplete', async () => {
    const r = await upload(
      'v.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 7)]),
      'pt-BR',
    );
    assert.equal(r.statusCode, 400, r.body);
    const p = problemOf(r);
    assert.match(p.detail, /corrompido ou incompleto/);
    assert.doesNotMatch(p.detail, PARSER_WORDS);
  });

  test('a multipart body without its boundary or cut short: Portuguese, no busboy text', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'content-type': 'multipart/form-data', 'idempotency-key': 'qa-boundary' }, '--abc\r\n'],
      [{ 'content-type': 'multipart/form-data' }, '--abc\r\n'],
      [
        { 'content-type': 'multipart/form-data; boundary=abc' },
        '--abc\r\nContent-Disposition: form-data; name="arquivo"; filename="a.csv"\r\n\r\nbrbId',
      ],
    ];
    for (const [headers, payload] of cases) {
      const r = await t.call({
        method: 'POST',
        url: '/s/v1/contrato/valores/importar-lote',
        payload,
        headers: { ...headers, 'accept-language': 'pt-BR' },
        ies: [ie.ieId],
      });
      assert.equal(r.statusCode, 400, r.body);
      const p = problemOf(r);
      assert.doesNotMatch(p.detail, /Boundary not found|terminated early|Unexpected end|Multipart:/, p.detail);
      assert.match(p.detail, /multipart|envio/, p.detail);
    }
  });
});

const HEADER = 'brbId;qtdParcelasCobertura;valorCtrPrestServico;percentualConcedido;valorContrato;parcMeses';

describe('amounts in a sheet spelled with a thousands dot', () => {
  test('"9.000" and "4.500" are a row error naming the amount; the entry stays APTO', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], ie);
    const brbId = entries[0]!.brbId;
    const before = await entryState(t.db, brbId);
    const r = await upload('valores.csv', `${HEADER}\n${brbId};3;9.000;50;4.500;07,08,09\n`);
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
      const r = await upload('valores.csv', `${HEADER}\n${entries[0]!.brbId};3;${servico};50;"${contrato}";07,08,09\n`);
      const body = r.json();
      assert.equal(body.registrosComSucesso, 1, `${contrato}: ${r.body}`);
      const [row] = await batchRows(t.db, body.lote);
      assert.equal(row!.valor_contrato, stored, contrato);
    }
  });
});
