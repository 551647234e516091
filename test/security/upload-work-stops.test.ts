import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { uploadsInProgress } from '../../src/http/upload-slots.js';
import { sheetWork } from '../../src/lib/sheet-limits.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { bombSheet, xlsxPackage } from '../helpers/hostile-files.js';
import { listenOnLoopback } from '../helpers/raw-http.js';
import { multipartBody } from '../helpers/values-factories.js';

// Issue 23, item 3: no work goes on after a refusal or after the client has gone. Proven with the
// counters the readers keep (sheetWork: bytes inflated, entry streams open, rows parsed), not with
// timings: after the answer (or the hang-up) they stop moving, and the upload slot comes back.

let t: TestContext;
let mine: TestIe;
let port: number;
before(async () => {
  t = await createTestApp({ UPLOAD_MAX_INFLATED_BYTES: String(8 * 1_048_576), UPLOAD_MAX_ZIP_RATIO: '100' });
  mine = await createIe(t.db);
  port = await listenOnLoopback(t.app);
});
after(() => t.close());

const URL = '/s/v1/contrato/valores/importar-lote';
const HEADER =
  'Contrato (brbId);Nome do estudante;Parcelas cobertas;Valor do contrato de prestação de serviços;Percentual concedido (%);Valor financiado';

/** Many event-loop turns and timers: any work still scheduled would run in them. */
const settle = async () => {
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const written = async () => ({
  lote: await countRows(t.database, 'lote'),
  linhas: await countRows(t.database, 'lote_linha'),
});

async function upload(filename: string, content: Buffer) {
  const { payload, headers } = multipartBody({ filename, content });
  return t.call({ method: 'POST', url: URL, payload, headers, ies: [mine.ieId] });
}

test('a bomb refused on its declared sizes: 413 before one byte is inflated', async () => {
  const inflated = sheetWork.inflatedBytes;
  const response = await upload(
    'bomba.xlsx',
    xlsxPackage(() => bombSheet(40)),
  );
  assert.equal(response.statusCode, 413, response.body);
  await settle();
  assert.equal(sheetWork.inflatedBytes, inflated, 'nothing inflated');
  assert.equal(sheetWork.openEntryStreams, 0, 'no inflater open');
});

test('a bomb that lies about its sizes (64 MiB behind 2 KB declared): after the answer no byte more is inflated', async () => {
  const inflated = sheetWork.inflatedBytes;
  const response = await upload(
    'mentira.xlsx',
    xlsxPackage(() => bombSheet(64), { sheetDeclared: 2000 }),
  );
  assert.ok([400, 413, 422].includes(response.statusCode), response.body);
  await until('the inflater to be destroyed', () => sheetWork.openEntryStreams === 0);
  const atAnswer = sheetWork.inflatedBytes;
  await settle();
  assert.equal(sheetWork.inflatedBytes, atAnswer, 'no inflating after the answer');
  assert.equal(sheetWork.openEntryStreams, 0);
  assert.ok(atAnswer - inflated < 4 * 1_048_576, `stopped early: ${atAnswer - inflated} bytes of 64 MiB inflated`);
});

/** A raw HTTP client: sends the head and `bodyPart` of a body declared `declared` bytes long. */
function partialUpload(head: string, bodyPart: Buffer): Socket {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(head);
    socket.write(bodyPart);
  });
  socket.on('error', () => {});
  socket.on('data', () => {});
  return socket;
}

async function headFor(payload: Buffer, contentType: string) {
  const token = await t.token({ ies: [mine.ieId] });
  return (
    `POST ${URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`
  );
}

function bigCsv(rows: number): Buffer {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) lines.push(`${1_000_000_000 + i};Estudante ${i};6;9000,00;50;4500,00`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

test('a client that hangs up mid-body: the slot comes back, nothing is parsed or written', async () => {
  const { payload, headers } = multipartBody({ filename: 'valores.csv', content: bigCsv(100_000) });
  const before = await written();
  const parsed = sheetWork.rowsParsed;
  const socket = partialUpload(
    await headFor(payload, headers['content-type']),
    payload.subarray(0, payload.length / 2),
  );
  try {
    await until('the upload to hold its slot', () => uploadsInProgress(t.app) === 1);
    socket.destroy();
    await until('the slot to come back', () => uploadsInProgress(t.app) === 0);
    await settle();
    assert.equal(sheetWork.rowsParsed, parsed, 'no row parsed from a body that never arrived');
    assert.deepEqual(await written(), before, 'nothing written');
  } finally {
    socket.destroy();
  }
});

test('a client that hangs up while its sheet is parsed: parsing stops, the slot comes back, nothing is written', async () => {
  const rows = 100_000;
  const { payload, headers } = multipartBody({ filename: 'valores.csv', content: bigCsv(rows) });
  const before = await written();
  const parsed = sheetWork.rowsParsed;
  const socket = partialUpload(await headFor(payload, headers['content-type']), payload);
  try {
    await until('the parsing to start', () => sheetWork.rowsParsed > parsed);
    socket.destroy();
    await until('the slot to come back', () => uploadsInProgress(t.app) === 0);
    const atRelease = sheetWork.rowsParsed;
    await settle();
    assert.equal(sheetWork.rowsParsed, atRelease, 'no row parsed after the slot came back');
    assert.ok(atRelease - parsed < rows + 1, `parsing stopped early: ${atRelease - parsed} of ${rows + 1} rows`);
    await until('the batch to be rolled back', async () => (await written()).lote === before.lote);
    assert.deepEqual(await written(), before, 'nothing written (the batch is one transaction)');
  } finally {
    socket.destroy();
  }
});
