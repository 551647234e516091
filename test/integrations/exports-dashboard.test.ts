import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { addEntry, type DashEntry } from '../helpers/dashboard-factories.js';
import { csvIds, csvLines, xlsxColumn, xlsxSheet } from '../helpers/exports.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

/** Dashboard lists as files: same filters and order as the JSON page, Brazilian CSV, typed xlsx. */
let t: TestContext;
let ie: TestIe;
let other: TestIe;
let journey: TestJourney;
let otherJourney: TestJourney;
const e: Record<string, DashEntry> = {};

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  other = await createIe(t.db);
  journey = await createJourney(t.db, ie, { ano: 2026, semestre: 2 });
  otherJourney = await createJourney(t.db, other, { ano: 2026, semestre: 2 });
  e.zeca = await addEntry(t.db, ie, journey, { nome: 'Zeca; "Primeiro"' });
  e.ana = await addEntry(t.db, ie, journey, { nome: 'Ana Lima' });
  e.bia = await addEntry(t.db, ie, journey, { nome: '=Bia Formula', tags: ['prioridade'] });
  e.proc = await addEntry(t.db, ie, journey, { nome: 'Caio Processando', situacao: 'EM_PROCESSAMENTO' });
  e.outra = await addEntry(t.db, other, otherJourney, { nome: 'Aaron Outra IE' });
  // A known instant: 2026-03-01 02:30 UTC is 28/02/2026 23:30 in São Paulo (UTC-3).
  await sql`update entrada_jornada set updated_at = '2026-03-01T02:30:00Z' where id = ${e.ana.brbId}`.execute(t.db);
});
after(() => t.close());

describe('dashboard tab exports', () => {
  test('formato=csv: BOM, ";" separated, the tab and sort of the JSON page, São Paulo dates', async () => {
    const res = await t.call({ method: 'GET', url: '/s/v2/renovacao/aptos?formato=csv', ies: [ie.ieId] });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="aptos.csv"/);
    assert.ok(res.body.startsWith('\uFEFF'));
    const lines = csvLines(res.body);
    assert.equal(lines[0]?.split(';')[0], 'brbId');
    assert.equal(lines[0]?.split(';')[1], 'Student'); // Accept-Language: en (test default)
    // Sorted by name; the EM_PROCESSAMENTO entry and the other IE's entry are not in tab aptos.
    const ids = lines.slice(1).map((l) => Number(l.split(';')[0]));
    assert.deepEqual(ids, [e.bia!.brbId, e.ana!.brbId, e.zeca!.brbId]);
    assert.ok(
      lines.some((l) => l.includes('"Zeca; ""Primeiro"""')),
      'separator and quotes quoted',
    );
    assert.ok(
      lines.some((l) => l.includes(";'=Bia Formula;")),
      'formula-looking text defused',
    );
    const ana = lines.find((l) => l.startsWith(`${e.ana!.brbId};`))!;
    assert.ok(ana.endsWith(';28/02/2026 23:30:00'), ana);
  });

  test('Accept: text/csv negotiates the same file; filters apply (tag)', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/s/v2/renovacao/aptos?tag=prioridade',
      ies: [ie.ieId],
      headers: { accept: 'text/csv', 'accept-language': 'pt-BR' },
    });
    assert.equal(res.statusCode, 200);
    const lines = csvLines(res.body);
    assert.equal(lines[0]?.split(';')[1], 'Estudante');
    assert.deepEqual(csvIds(res.body), [e.bia!.brbId]);
  });

  test('xlsx: typed cells (numbers, dates), one row per entry', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/s/v3/renovacao/journey?ordenarPor=nome&ordem=desc',
      ies: [ie.ieId],
      headers: { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /spreadsheetml/);
    const sheet = await xlsxSheet(res);
    assert.deepEqual(
      xlsxColumn(sheet, 1),
      [e.zeca!.brbId, e.proc!.brbId, e.ana!.brbId, e.bia!.brbId], // '=' sorts before letters
    );
    const ana = sheet.getRow(4);
    assert.equal(typeof ana.getCell(1).value, 'number');
    const updated = ana.getCell(17).value as Date;
    assert.ok(updated instanceof Date);
    assert.equal(updated.toISOString(), '2026-02-28T23:30:00.000Z'); // wall clock of São Paulo
    assert.equal(ana.getCell(17).numFmt, 'dd/mm/yyyy hh:mm:ss');
  });

  test("another IE's journey is 404 before any byte; lists never show another IE's rows", async () => {
    const res = await t.call({
      method: 'GET',
      url: `/s/v2/renovacao/jornadas/listar?journeyId=${otherJourney.jornadaId}&formato=xlsx`,
      ies: [ie.ieId],
    });
    assert.equal(res.statusCode, 404);
    problemOf(res);
    const own = await t.call({ method: 'GET', url: '/s/v3/renovacao/journey?formato=csv', ies: [ie.ieId] });
    assert.ok(!own.body.includes('Aaron Outra IE'));
  });

  test('formato=json and no Accept answer the JSON page', async () => {
    const res = await t.call({ method: 'GET', url: '/s/v2/renovacao/aptos?formato=json', ies: [ie.ieId] });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().total, 3);
    const bad = await t.call({ method: 'GET', url: '/s/v2/renovacao/aptos?formato=pdf', ies: [ie.ieId] });
    assert.equal(bad.statusCode, 400);
  });
});
