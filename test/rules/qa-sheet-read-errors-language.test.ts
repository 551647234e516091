import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { multipartBody } from '../helpers/values-factories.js';

// DOMAIN.md, "Language": every message a person reads is Portuguese by default, English on
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
