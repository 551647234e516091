import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { batchRows, entryState, ieWithEntries, multipartBody, xlsxOf } from '../helpers/values-factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
before(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: '20000' });
  mine = await createIe(t.db);
  other = await createIe(t.db);
});
after(() => t.close());

const URL = '/s/v1/contrato/valores/importar-lote';

interface ImportOut {
  lote: number;
  registrosComSucesso: number;
  registrosComErro: number;
  registrosPendentes: number;
  linhasComErro: string[];
  arquivo: { nome: string; formato: string; linhas: number; codificacao?: string };
}

function upload(
  file: Parameters<typeof multipartBody>[0],
  options: { fields?: Record<string, string>; headers?: Record<string, string>; ies?: number[] } = {},
) {
  const { payload, headers } = multipartBody(file, options.fields);
  return t.call({
    method: 'POST',
    url: URL,
    payload,
    headers: { ...headers, ...options.headers },
    ies: options.ies ?? [mine.ieId],
  });
}

const written = async () => ({
  lote: await countRows(t.database, 'lote'),
  linhas: await countRows(t.database, 'lote_linha'),
  eventos: await countRows(t.database, 'todos_eventos'),
});

describe('POST /s/v1/contrato/valores/importar-lote with a CSV sheet', () => {
  test('good rows are applied and bad rows reported, row by row, with sheet row numbers', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO', 'APTO'], mine);
    const foreign = (await ieWithEntries(t.db, ['APTO'], other)).entries[0]!.brbId;
    const [a, b, c, d] = entries.map((e) => e.brbId) as [number, number, number, number];
    const csv = [
      'brbId,nomeEstudante,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato,parcMeses',
      `${a},"Silva, Ana",6,9000.00,50,4500.00,`,
      `${b},Bruno,6,9000,150,13500,`,
      '',
      `${foreign},Estrangeiro,6,9000,50,4500,`,
      `${c},Carla,abc,9000,50,4500,`,
      `${d},Davi,3,6000,33.3333,2000.00,"7,8,9"`,
    ].join('\r\n');
    const response = await upload({ filename: 'valores.csv', content: csv, type: 'text/csv' });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as ImportOut;
    assert.deepEqual(body.arquivo, { nome: 'valores.csv', formato: 'csv', linhas: 5, codificacao: 'utf-8' });
    assert.deepEqual([body.registrosComSucesso, body.registrosComErro, body.registrosPendentes], [2, 3, 0]);
    const rows = await batchRows(t.db, body.lote);
    assert.deepEqual(
      rows.map((r) => [
        r.linha,
        r.brb_id,
        r.resultado,
        (r.erros as { campo: string; regra: string }[]).map((e) => `${e.campo}:${e.regra}`),
      ]),
      [
        [2, a, 'SUCESSO', []],
        [3, b, 'ERRO', ['percentualConcedido:FAIXA']],
        [5, foreign, 'ERRO', ['brbId:NAO_ENCONTRADO']],
        [6, c, 'ERRO', ['qtdParcelasCobertura:FORMATO']],
        [7, d, 'SUCESSO', []],
      ],
    );
    assert.deepEqual([rows[0]!.valor_contrato, rows[4]!.percentual_concedido], ['4500.00', '33.3333']);
    assert.match(body.linhasComErro[0]!, new RegExp(`^Row 3 \\(brbId ${b}\\): percentualConcedido`));
    assert.equal((await entryState(t.db, a)).situacao, 'EM_PROCESSAMENTO');
    assert.equal((await entryState(t.db, b)).situacao, 'APTO');
    assert.equal((await entryState(t.db, foreign)).situacao, 'APTO');
    const lote = await t.db.selectFrom('lote').selectAll().where('id', '=', body.lote).executeTakeFirstOrThrow();
    assert.equal(lote.origem, 'PLANILHA');
    assert.match(lote.arquivo_sha256 ?? '', /^[0-9a-f]{64}$/);
  });

  test('semicolon-separated sheets with decimal commas (pt-BR spreadsheets) and any header case', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const csv = `\uFEFFBRBID;QtdParcelasCobertura;valorctrprestservico;percentualConcedido;valorContrato;contratoAnual\n${entries[0]!.brbId};12;"10.000,50";40;4000,20;S\n`;
    const body = (await upload({ filename: 'VALORES.CSV', content: csv })).json() as ImportOut;
    assert.equal(body.registrosComSucesso, 1, JSON.stringify(body));
    const [row] = await batchRows(t.db, body.lote);
    assert.equal(row!.valor_contrato, '4000.20');
  });

  test('reenvio can be sent as a form field', async () => {
    const { entries } = await ieWithEntries(t.db, ['EM_PROCESSAMENTO'], mine);
    const csv = `brbId,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato\n${entries[0]!.brbId},6,9000,50,4500\n`;
    const without = (await upload({ filename: 'v.csv', content: csv })).json() as ImportOut;
    assert.equal(without.registrosComErro, 1);
    const withIt = (
      await upload({ filename: 'v.csv', content: csv }, { fields: { reenvio: 'true' } })
    ).json() as ImportOut;
    assert.equal(withIt.registrosComSucesso, 1);
    assert.equal((await upload({ filename: 'v.csv', content: csv }, { fields: { reenvio: 'sim' } })).statusCode, 400);
    assert.equal((await upload({ filename: 'v.csv', content: csv }, { fields: { outro: '1' } })).statusCode, 400);
  });
});

describe('POST /s/v1/contrato/valores/importar-lote with an xlsx sheet', () => {
  test('reads the first worksheet: numbers, text and formulas, row by row', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO'], mine);
    const [a, b, c] = entries.map((e) => e.brbId) as [number, number, number];
    const xlsx = await xlsxOf([
      ['brbId', 'qtdParcelasCobertura', 'valorCtrPrestServico', 'percentualConcedido', 'valorContrato', 'motivo'],
      [a, 6, 7000.1, 30, 2100.03, 'ok'],
      [String(b), '6', '7000', '30', '2200', 'valor errado'],
      [],
      [c, 6, 5000, 50, { formula: 'C5*D5/100', result: 2500 }, null],
    ]);
    const response = await upload({ filename: 'valores.xlsx', content: xlsx });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as ImportOut;
    assert.deepEqual(body.arquivo, { nome: 'valores.xlsx', formato: 'xlsx', linhas: 3 });
    const rows = await batchRows(t.db, body.lote);
    assert.deepEqual(
      rows.map((r) => [r.linha, r.brb_id, r.resultado, r.valor_contrato]),
      [
        [2, a, 'SUCESSO', '2100.03'],
        [3, b, 'ERRO', '2200.00'],
        [5, c, 'SUCESSO', '2500.00'],
      ],
    );
    assert.match(body.linhasComErro[0]!, /Row 3 .*valorContrato .*2100\.00.*\[VALOR_CONTRATO\]/);
  });
});

describe('a sheet the service cannot take is refused with nothing written', () => {
  const header = 'brbId,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato';
  const cases: [string, Parameters<typeof multipartBody>[0], number, RegExp][] = [
    ['wrong file type', { filename: 'valores.txt', content: `${header}\n1,6,9000,50,4500\n` }, 415, /\.csv or \.xlsx/],
    ['empty file', { filename: 'valores.csv', content: '' }, 400, /empty/],
    ['header only', { filename: 'valores.csv', content: `${header}\n\n` }, 400, /no student rows/],
    [
      'unknown column',
      { filename: 'valores.csv', content: `${header},cor\n1,6,9000,50,4500,azul\n` },
      400,
      /unknown columns "cor"/,
    ],
    [
      'missing column',
      { filename: 'valores.csv', content: 'brbId,valorContrato\n1,4500\n' },
      400,
      /missing columns "Parcelas cobertas"/,
    ],
    ['binary posing as CSV', { filename: 'valores.csv', content: Buffer.from([0, 1, 2, 3, 4]) }, 400, /binary/],
    ['not a workbook', { filename: 'valores.xlsx', content: `${header}\n` }, 400, /not a valid xlsx/],
    ['no file part', null, 400, /no file/],
  ];
  for (const [name, file, status, detail] of cases) {
    test(`${name}: ${status}`, async () => {
      const before = await written();
      const response = await upload(file);
      assert.equal(response.statusCode, status, response.body);
      assert.match(problemOf(response).detail, detail);
      assert.deepEqual(await written(), before);
    });
  }

  test('a malformed multipart body is 400, with or without an Idempotency-Key, and writes nothing', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const cut = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="valores.csv"\r\n\r\n` +
      `${header}\n${entries[0]!.brbId},6,9000,50,4500\n`;
    const workbook = await xlsxOf([header.split(','), [entries[0]!.brbId, 6, 9000, 50, 4500]]);
    const cutWorkbook = Buffer.concat([
      Buffer.from('--zzz\r\nContent-Disposition: form-data; name="arquivo"; filename="valores.xlsx"\r\n\r\n'),
      workbook.subarray(0, workbook.length / 2),
    ]);
    const bodies: [string, string | Buffer, RegExp][] = [
      ['multipart/form-data; boundary=zzz', cut('zzz'), /upload ended before the file did/],
      // The upload is written whole before it is read: a cut body is a cut upload, whatever the file.
      ['multipart/form-data; boundary=zzz', cutWorkbook, /multipart body could not be read/],
      ['multipart/form-data', cut('zzz'), /multipart body could not be read/],
    ];
    for (const [contentType, payload, detail] of bodies) {
      for (const key of [undefined, `cut-${contentType.length}-${Math.random()}`]) {
        const before = await written();
        const response = await t.call({
          method: 'POST',
          url: URL,
          payload,
          headers: { 'content-type': contentType, ...(key ? { 'idempotency-key': key } : {}) },
          ies: [mine.ieId],
        });
        assert.equal(response.statusCode, 400, `${contentType} key=${key}: ${response.body}`);
        assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.match(problemOf(response).detail, key ? /multipart body could not be read/ : detail);
        assert.deepEqual(await written(), before);
      }
    }
    assert.equal((await entryState(t.db, entries[0]!.brbId)).situacao, 'APTO');
  });

  test('a file over the upload limit is 413', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const row = `${entries[0]!.brbId},6,9000,50,4500\n`;
    const before = await written();
    const response = await upload({ filename: 'grande.csv', content: header + '\n' + row.repeat(2_000) });
    assert.equal(response.statusCode, 413, response.body);
    assert.deepEqual(await written(), before);
    assert.equal((await entryState(t.db, entries[0]!.brbId)).situacao, 'APTO');
  });

  test('a JSON body is 415; no token is 401', async () => {
    const json = await t.call({ method: 'POST', url: URL, payload: { valores: [] }, ies: [mine.ieId] });
    assert.equal(json.statusCode, 415);
    const { payload, headers } = multipartBody({ filename: 'v.csv', content: `${header}\n1,6,9000,50,4500\n` });
    assert.equal((await t.call({ method: 'POST', url: URL, payload, headers, token: null })).statusCode, 401);
  });

  test('a database failure mid-import leaves no partial batch', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO'], mine);
    const csv = [header, ...entries.map((e) => `${e.brbId},6,9000,50,4500`)].join('\n');
    const before = await written();
    await sql
      .raw(`
      create function falha_planilha() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$;
      create trigger falha_planilha before insert on lote_linha for each row execute function falha_planilha();
    `)
      .execute(t.db);
    try {
      assert.equal((await upload({ filename: 'v.csv', content: csv })).statusCode, 500);
    } finally {
      await sql.raw('drop trigger falha_planilha on lote_linha; drop function falha_planilha();').execute(t.db);
    }
    assert.deepEqual(await written(), before);
    for (const e of entries) assert.equal((await entryState(t.db, e.brbId)).situacao, 'APTO');
  });
});

describe('Idempotency-Key on the sheet import', () => {
  test('the same file with the same key answers the first import and writes nothing new; another file is 422', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const csv = `brbId,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato\n${entries[0]!.brbId},6,9000,50,4500\n`;
    const headers = { 'idempotency-key': `import-${entries[0]!.brbId}` };
    const first = await upload({ filename: 'v.csv', content: csv }, { headers });
    assert.equal(first.statusCode, 200, first.body);
    const before = await written();
    const second = await upload({ filename: 'v.csv', content: csv }, { headers });
    assert.equal(second.statusCode, 200);
    assert.equal(second.headers['idempotency-replayed'], 'true');
    assert.deepEqual(second.json(), first.json());
    assert.deepEqual(await written(), before);
    const different = await upload({ filename: 'v.csv', content: csv.replace('4500', '4500.00') }, { headers });
    assert.equal(different.statusCode, 422);
    assert.deepEqual(await written(), before);
  });
});
