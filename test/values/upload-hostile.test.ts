import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import {
  bombSheet,
  hugeCellSheet,
  legalSheet,
  sharedStringsEntry,
  xlsxPackage,
  zipOf,
} from '../helpers/hostile-files.js';
import { ieWithEntries, multipartBody } from '../helpers/values-factories.js';

// Hostile and careless uploads (issue 23, items 3 and 4), built in memory by the test. The limits
// are set low here so the files stay small; the defaults are in src/config.ts and docs/security.md.

let t: TestContext;
let mine: TestIe;
before(async () => {
  t = await createTestApp({
    UPLOAD_MAX_INFLATED_BYTES: String(8 * 1_048_576),
    UPLOAD_MAX_SHARED_STRINGS_BYTES: String(1_048_576),
    UPLOAD_MAX_CELL_CHARS: '2000',
    UPLOAD_MAX_ROWS: '300',
    UPLOAD_MAX_COLUMNS: '20',
    UPLOAD_MAX_ZIP_RATIO: '100',
  });
  mine = await createIe(t.db);
});
after(() => t.close());

const URL = '/s/v1/contrato/valores/importar-lote';

function upload(filename: string, content: Buffer | string) {
  const { payload, headers } = multipartBody({ filename, content });
  return t.call({
    method: 'POST',
    url: URL,
    payload,
    headers: { ...headers, 'accept-language': 'pt-BR' },
    ies: [mine.ieId],
  });
}

const written = async () => ({
  lote: await countRows(t.database, 'lote'),
  linhas: await countRows(t.database, 'lote_linha'),
});

/** How many uploads /metrics counts as refused (security event upload_refused). */
async function refusalCount(): Promise<number> {
  const metrics = await t.app.inject({ url: '/metrics' });
  const line = /renova_security_events_total\{event="upload_refused"\} (\d+)/.exec(metrics.body);
  return Number(line?.[1] ?? 0);
}

/** The upload is refused with `status`, a problem naming `detail`, and nothing is written. */
async function refused(filename: string, content: Buffer | string, status: number, detail: RegExp) {
  const before = await written();
  const response = await upload(filename, content);
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
  assert.match(problemOf(response).detail, detail);
  assert.deepEqual(await written(), before, 'nothing written');
  return response.json() as Record<string, unknown>;
}

describe('xlsx: bounded work', () => {
  test('a zip bomb (declared sizes past the inflated limit) is refused before inflating, naming the limit', async () => {
    const refusals = await refusalCount();
    const body = await refused(
      'bomba.xlsx',
      xlsxPackage(() => bombSheet(40)),
      413,
      /UPLOAD_MAX_INFLATED_BYTES/,
    );
    assert.equal(body.limite, 'UPLOAD_MAX_INFLATED_BYTES');
    assert.match(String(body.detail), /descompactado/, 'Portuguese by default');
    assert.equal(await refusalCount(), refusals + 1, 'counted as the security event upload_refused');
  });

  test('an entry compressed past the ratio limit is refused as a decompression bomb', async () => {
    await refused(
      'razao.xlsx',
      xlsxPackage(() => bombSheet(4)),
      413,
      /bomba de descompressão.*UPLOAD_MAX_ZIP_RATIO/s,
    );
  });

  test('a zip that lies about its sizes stops as soon as an entry gives more than it declared', async () => {
    await refused(
      'mentira.xlsx',
      xlsxPackage(() => bombSheet(40), { sheetDeclared: 2000 }),
      400,
      /corrompido ou incompleto/,
    );
  });

  test('50,000 long shared strings: refused on the shared-strings limit, not held', async () => {
    const file = xlsxPackage(() => legalSheet(1), { shared: sharedStringsEntry(50_000, 60) });
    await refused('compartilhados.xlsx', file, 413, /UPLOAD_MAX_SHARED_STRINGS_BYTES/);
  });

  test('one huge cell is refused on the cell limit', async () => {
    await refused('celula.xlsx', xlsxPackage(hugeCellSheet(100_000)), 413, /UPLOAD_MAX_CELL_CHARS/);
  });

  test('more rows than the limit is refused naming it', async () => {
    await refused(
      'linhas.xlsx',
      xlsxPackage(() => legalSheet(301, 1_000_000)),
      413,
      /mais de 300 linhas.*UPLOAD_MAX_ROWS/,
    );
  });

  test('random bytes named .xlsx are "not a valid xlsx", not an empty file', async () => {
    await refused('aleatorio.xlsx', randomBytes(50_000), 400, /não é um xlsx válido/);
    // A zip that holds no workbook, too.
    const zip = zipOf([{ name: 'leia-me.txt', data: Buffer.from('não é uma planilha') }]);
    await refused('zip.xlsx', zip, 400, /não é um xlsx válido/);
  });

  test('a legal xlsx under the limits, hand-built, is read whole', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], mine);
    const response = await upload(
      'legal.xlsx',
      xlsxPackage(() => legalSheet(2, entries[0]!.brbId)),
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((response.json() as { registrosComSucesso: number }).registrosComSucesso, 2);
  });
});

describe('CSV: encodings and limits', () => {
  const HEADER =
    'Contrato (brbId);Nome do estudante;Parcelas cobertas;Valor do contrato de prestação de serviços;Percentual concedido (%);Valor financiado';

  test('Windows-1252 (what Excel pt-BR saves) is read as such: "João Conceição" stored whole; the batch records it', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const text = `${HEADER}\r\n${entries[0]!.brbId};João Conceição;6;9.000,00;50;4.500,00\r\n`;
    const file = latin1(text);
    assert.ok(!isUtf8(file), 'the file is not UTF-8');
    const response = await upload('valores.csv', file);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { lote: number; registrosComSucesso: number; arquivo: { codificacao: string } };
    assert.equal(body.arquivo.codificacao, 'windows-1252');
    assert.equal(body.registrosComSucesso, 1);
    assert.equal(await storedName(body.lote), 'João Conceição');
    const stored = await t.db
      .selectFrom('lote')
      .select('arquivo_codificacao')
      .where('id', '=', body.lote)
      .executeTakeFirst();
    assert.equal(stored?.arquivo_codificacao, 'windows-1252');
  });

  test('UTF-8 with and without BOM; field names or Portuguese headers; comma or point decimals', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], mine);
    for (const [i, content] of [
      `\uFEFF${HEADER}\r\n${entries[0]!.brbId};Zoë Ávila;6;9000,00;50;4500,00\r\n`,
      `brbId,nomeEstudante,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato\n${entries[1]!.brbId},Zoë Ávila,6,9000.00,50,4500.00\n`,
    ].entries()) {
      const response = await upload(`utf8-${i}.csv`, content);
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json() as { lote: number; registrosComSucesso: number; arquivo: { codificacao: string } };
      assert.equal(body.arquivo.codificacao, 'utf-8');
      assert.equal(body.registrosComSucesso, 1, response.body);
      assert.equal(await storedName(body.lote), 'Zoë Ávila');
    }
  });

  test('UTF-16 (Excel\'s "Texto Unicode") is refused naming the encoding; binary too', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${HEADER}\r\n1;Ana;6;9000;50;4500\r\n`, 'utf16le'),
    ]);
    await refused('unicode.csv', utf16, 400, /UTF-16/);
    await refused('sem-bom.csv', Buffer.from(`${HEADER}\r\n`, 'utf16le'), 400, /UTF-16/);
    await refused(
      'binario.csv',
      Buffer.concat([Buffer.from('brbId\n'), randomBytes(2000), Buffer.from([1, 2, 3])]),
      400,
      /binário/,
    );
  });

  test('a replacement character in the file (letters already lost) is refused, never stored', async () => {
    await refused('perdido.csv', `${HEADER}\r\n1;Jo\uFFFDo;6;9000;50;4500\r\n`, 400, /caractere de substituição/);
  });

  test('a huge cell, too many columns or rows are refused naming the limit', async () => {
    await refused('celula.csv', `${HEADER}\r\n1;${'x'.repeat(5000)};6;9000;50;4500\r\n`, 413, /UPLOAD_MAX_CELL_CHARS/);
    await refused('aspas.csv', `${HEADER}\r\n1;"${'x'.repeat(200_000)}`, 413, /UPLOAD_MAX_CELL_CHARS/);
    await refused('colunas.csv', `${HEADER}\r\n1;a;6;9000;50;4500${';x'.repeat(30)}\r\n`, 413, /UPLOAD_MAX_COLUMNS/);
    const rows = Array.from({ length: 301 }, (_, i) => `${900_000 + i};a;6;9000;50;4500`).join('\r\n');
    await refused('linhas.csv', `${HEADER}\r\n${rows}\r\n`, 413, /UPLOAD_MAX_ROWS/);
  });
});

/** The student name stored on the batch's first row. */
async function storedName(lote: number): Promise<string | null | undefined> {
  const row = await t.db
    .selectFrom('lote_linha')
    .select('nome_estudante')
    .where('lote_id', '=', lote)
    .orderBy('linha')
    .executeTakeFirst();
  return row?.nome_estudante;
}

/** Windows-1252 bytes of a text whose characters are all in Latin-1 (as these are). */
function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
