import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { runWithBeforeCommit } from '../../src/db/before-commit.js';
import { withScopes } from '../../src/lib/scoped-storage.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { csvIds, csvLines, PT, xlsxColumn, xlsxSheet } from '../helpers/exports.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { entryState, ieWithEntries, valuesItem } from '../helpers/values-factories.js';

/** The audit trail: written with the change, absent for a rolled-back one, per-IE visibility. */
let t: TestContext;
let mine: TestIe;
let other: TestIe;
let brbId: number;
let otherBrbId: number;
let loteId: number;
let requestId: string;

interface Item {
  usuario: { sub: string; papel: string };
  operacao: string;
  brbId: number | null;
  loteId: number | null;
  ies: number[];
  efetivado: boolean;
  status: number | null;
  requestId: string;
}

const audit = async (query: string, options: { ies?: number[]; role?: 'OPERADOR' } = {}) => {
  const res = await t.call({ method: 'GET', url: `/s/auditoria${query}`, ...options });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { itens: Item[]; total: number };
};

before(async () => {
  t = await createTestApp();
  const a = await ieWithEntries(t.db, ['APTO']);
  mine = a.ie;
  brbId = a.entries[0]!.brbId;
  const b = await ieWithEntries(t.db, ['APTO']);
  other = b.ie;
  otherBrbId = b.entries[0]!.brbId;
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [mine.ieId],
    headers: { 'x-request-id': 'req-audit-1' },
    payload: { valores: [valuesItem(brbId)] },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  loteId = sent.json().lote;
  requestId = String(sent.headers['x-request-id']);
  const sentOther = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [other.ieId],
    payload: { valores: [valuesItem(otherBrbId)] },
  });
  assert.equal(sentOther.statusCode, 200);
});
after(() => t.close());

describe('audit rows', () => {
  test('a change and its audit row: who, operation, batch, outcome, request id', async () => {
    const { itens } = await audit('', { ies: [mine.ieId] });
    assert.equal(itens.length, 1);
    const [row] = itens;
    assert.equal(row!.usuario.sub, `user-${mine.ieId}`);
    assert.equal(row!.usuario.papel, 'IE');
    assert.equal(row!.operacao, 'sendValuesV3');
    assert.equal(row!.loteId, loteId);
    assert.deepEqual(row!.ies, [mine.ieId]);
    assert.equal(row!.efetivado, true);
    assert.equal(row!.status, 200);
    assert.equal(row!.requestId, requestId);
    assert.equal(requestId, 'req-audit-1');
  });

  test('the audit row is written before COMMIT of the change, on its connection (same transaction)', async () => {
    const before = await countRows(t.database, 'auditoria');
    // What the capture does for a request: a task bound to the context runs before each COMMIT.
    const task = async (connection: Parameters<Parameters<typeof runWithBeforeCommit>[0]>[0]) => {
      await connection.executeQuery({
        sql: `insert into auditoria (usuario, papel, operacao, metodo, rota, efetivado, request_id)
              values ('probe', 'IE', 'probe', 'POST', '/probe', true, 'probe')`,
        parameters: [],
        query: undefined as never,
        queryId: { queryId: 'probe' },
      });
    };
    // Rolled back: neither the change nor the audit row.
    await assert.rejects(
      withScopes(() =>
        runWithBeforeCommit(task, () =>
          t.db.transaction().execute(async (trx) => {
            await sql`update entrada_jornada set tags = array['x'] where id = ${brbId}`.execute(trx);
            throw new Error('rolled back');
          }),
        ),
      ),
    );
    assert.equal(await countRows(t.database, 'auditoria'), before);
    // Committed: both.
    await withScopes(() =>
      runWithBeforeCommit(task, () =>
        t.db.transaction().execute(async (trx) => {
          await sql`update entrada_jornada set tags = array['y'] where id = ${brbId}`.execute(trx);
        }),
      ),
    );
    assert.equal(await countRows(t.database, 'auditoria'), before + 1);
    await sql`delete from auditoria where usuario = 'probe'`.execute(t.db);
    await sql`update entrada_jornada set tags = '{}' where id = ${brbId}`.execute(t.db);
  });

  test('a refused request changes nothing and leaves no committed audit row, only its refusal', async () => {
    const state = await entryState(t.db, brbId);
    const lotes = await countRows(t.database, 'lote');
    // The foundation accepts a row that is not in the batch: 409, inside the decision's transaction.
    const res = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${loteId}/aceitar`,
      role: 'OPERADOR',
      payload: { linhas: [99] },
    });
    assert.equal(res.statusCode, 409, res.body);
    assert.deepEqual(await entryState(t.db, brbId), state);
    assert.equal(await countRows(t.database, 'lote'), lotes);
    const { itens } = await audit(`?operacao=acceptBatchRows`, { role: 'OPERADOR' });
    assert.equal(itens.length, 1);
    assert.equal(itens[0]!.efetivado, false);
    assert.equal(itens[0]!.status, 409);
    assert.equal(itens[0]!.loteId, loteId);
    // The batch is IE 1's: the IE sees what the foundation did (and refused) about it.
    const seen = await audit(`?loteId=${loteId}`, { ies: [mine.ieId] });
    assert.deepEqual(
      seen.itens.map((i) => [i.operacao, i.efetivado]),
      [
        ['acceptBatchRows', false],
        ['sendValuesV3', true],
      ],
    );
  });

  test("tenancy: an IE never sees another IE's rows; the operator sees all; filters", async () => {
    const theirs = await audit('', { ies: [other.ieId] });
    assert.ok(theirs.itens.every((i) => i.ies.every((ie) => ie === other.ieId)));
    assert.equal(theirs.itens.length, 1);
    const all = await audit('?tamanho=100', { role: 'OPERADOR' });
    assert.ok(all.itens.length >= 3);
    assert.equal((await audit(`?usuario=user-${other.ieId}`, { ies: [mine.ieId] })).total, 0);
    assert.equal((await audit('?de=2000-01-01&ate=2000-12-31', { role: 'OPERADOR' })).total, 0);
    const csv = await t.call({ method: 'GET', url: '/s/auditoria?formato=csv', ies: [mine.ieId] });
    assert.equal(csv.statusCode, 200);
    assert.ok(!csv.body.includes(`user-${other.ieId}`));
    assert.ok(csv.body.includes('req-audit-1'));
  });

  test('reads are not audited', async () => {
    const n = await countRows(t.database, 'auditoria');
    await t.call({ method: 'GET', url: '/s/lotes', ies: [mine.ieId] });
    assert.equal(await countRows(t.database, 'auditoria'), n);
  });
});

describe('audit list filters and export', () => {
  // Four rows of one IE written directly, at known São Paulo days (UTC-3): 2026-03-01 02:30 UTC is
  // 28/02 23:30 there, so the day filters must put it on 28/02.
  const rows = [
    { em: '2026-03-01T02:30:00Z', usuario: 'ana', nome: 'Ana; "Souza"', operacao: 'lockEnrolment', brb: 7001 },
    { em: '2026-03-02T15:00:00Z', usuario: 'ana', nome: 'Ana; "Souza"', operacao: 'sendValuesV3', brb: null },
    { em: '2026-03-03T15:00:00Z', usuario: 'bia', nome: 'Bia', operacao: 'lockEnrolment', brb: 7002 },
    { em: '2026-03-04T15:00:00Z', usuario: 'bia', nome: 'Bia', operacao: 'lockEnrolment', brb: 7001 },
  ];
  let ieId: number;
  const ids: number[] = [];

  before(async () => {
    ieId = (await createIe(t.db)).ieId;
    for (const r of rows) {
      const { id } = await t.db
        .insertInto('auditoria')
        .values({
          em: new Date(r.em),
          usuario: r.usuario,
          usuario_nome: r.nome,
          papel: 'IE',
          operacao: r.operacao,
          metodo: 'POST',
          rota: '/s/v3/mais-acoes/trancamento',
          brb_id: r.brb,
          lote_id: null,
          ie_ids: [ieId],
          efetivado: true,
          status: 200,
          request_id: `req-${r.em}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
  });

  // Each filter, in the JSON list and in both files, selects the same rows, newest first.
  const cases: [string, number[]][] = [
    ['', [3, 2, 1, 0]],
    ['de=2026-02-28&ate=2026-02-28', [0]],
    ['de=2026-03-02&ate=2026-03-03', [2, 1]],
    ['usuario=ana', [1, 0]],
    ['operacao=lockEnrolment', [3, 2, 0]],
    ['brbId=7001', [3, 0]],
    ['usuario=bia&brbId=7001', [3]],
  ];
  for (const [filter, expected] of cases) {
    test(`filter "${filter || 'none'}": JSON, CSV and xlsx have the same rows`, async () => {
      const want = expected.map((i) => ids[i]);
      const json = await audit(`?${filter}&tamanho=100`, { ies: [ieId] });
      assert.deepEqual(
        json.itens.map((i) => (i as unknown as { id: number }).id),
        want,
      );
      const csv = await t.call({ method: 'GET', url: `/s/auditoria?${filter}&formato=csv`, ies: [ieId] });
      assert.equal(csv.statusCode, 200);
      assert.deepEqual(
        csvLines(csv.body)
          .slice(1)
          .map((l) => l.split(';').at(-1)), // the last column: the name before holds a ';'
        expected.map((i) => `req-${rows[i]!.em}`),
      );
      const xlsx = await t.call({ method: 'GET', url: `/s/auditoria?${filter}&formato=xlsx`, ies: [ieId] });
      const sheet = await xlsxSheet(xlsx);
      assert.deepEqual(
        xlsxColumn(sheet, 13),
        expected.map((i) => `req-${rows[i]!.em}`),
      );
    });
  }

  test('the CSV row: São Paulo time, who, operation, brbId, outcome; the xlsx types them', async () => {
    const csv = await t.call({
      method: 'GET',
      url: '/s/auditoria?brbId=7001&ate=2026-03-01&formato=csv',
      ies: [ieId],
      headers: PT,
    });
    const lines = csvLines(csv.body);
    assert.equal(lines[0], 'Quando;Usuário;Nome;Papel;Operação;Método;Rota;brbId;Lote;IEs;Efetivado;Status;Request id');
    assert.equal(
      lines[1],
      `28/02/2026 23:30:00;ana;"Ana; ""Souza""";IE;lockEnrolment;POST;/s/v3/mais-acoes/trancamento;7001;;${ieId};S;200;` +
        'req-2026-03-01T02:30:00Z',
    );
    const xlsx = await t.call({
      method: 'GET',
      url: '/s/auditoria?brbId=7001&ate=2026-03-01&formato=xlsx',
      ies: [ieId],
    });
    const row = (await xlsxSheet(xlsx)).getRow(2);
    assert.equal((row.getCell(1).value as Date).toISOString(), '2026-02-28T23:30:00.000Z');
    assert.equal(row.getCell(1).numFmt, 'dd/mm/yyyy hh:mm:ss');
    assert.equal(row.getCell(8).value, 7001);
    assert.equal(row.getCell(12).value, 200);
  });

  test("another IE's caller gets none of these rows in the list or the files; the operator gets them", async () => {
    const stranger = await createIe(t.db);
    assert.equal((await audit('?brbId=7001', { ies: [stranger.ieId] })).total, 0);
    const csv = await t.call({ method: 'GET', url: '/s/auditoria?brbId=7001&formato=csv', ies: [stranger.ieId] });
    assert.deepEqual(csvIds(csv.body), []);
    const operator = await audit('?brbId=7001', { role: 'OPERADOR' });
    assert.deepEqual(
      operator.itens.map((i) => (i as unknown as { id: number }).id),
      [ids[3], ids[0]],
    );
  });
});
