import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { csvIds, csvLines, PT, xlsxSheet } from '../helpers/exports.js';
import { createIe, type TestIe } from '../helpers/factories.js';

/** The notification history as a file: its filters and order, Brazilian CSV, typed xlsx, tenancy. */
let t: TestContext;
let ie: TestIe;
let other: TestIe;
const ids: Record<string, number> = {};

const me = () => `user-${ie.ieId}`; // the sub t.call signs for ies: [ie]

async function notify(ieId: number, tipo: string, titulo: string, at: string, usuario: string | null = null) {
  const { id } = await t.db
    .insertInto('notificacao')
    .values({
      ie_id: ieId,
      usuario,
      tipo,
      titulo,
      mensagem: `Mensagem de ${titulo}`,
      dados: '{}',
      created_at: new Date(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  other = await createIe(t.db);
  // 2026-03-01 02:30 UTC is 28/02/2026 23:30 in São Paulo: the day filters are São Paulo days.
  ids.lote = await notify(ie.ieId, 'LOTE_PROCESSADO', 'Lote; "processado"', '2026-03-01T02:30:00Z');
  ids.janela = await notify(ie.ieId, 'JANELA_FECHANDO', 'Janela fechando', '2026-03-05T15:00:00Z', me());
  ids.alheia = await notify(ie.ieId, 'JANELA_FECHANDO', 'Só de outra usuária', '2026-03-06T15:00:00Z', 'outra');
  ids.outraIe = await notify(other.ieId, 'LOTE_PROCESSADO', 'Lote da outra IE', '2026-03-07T15:00:00Z');
  await t.db
    .insertInto('notificacao_estado')
    .values({
      notificacao_id: ids.lote,
      usuario: me(),
      visualizada_em: new Date('2026-03-02T12:00:00Z'),
      modal_fechada_em: null,
    })
    .execute();
});
after(() => t.close());

describe('notification history export', () => {
  test("CSV: BOM, ';', newest first, the caller's marks, São Paulo times; never another user's or IE's", async () => {
    const res = await t.call({
      method: 'GET',
      url: '/s/v2/ies/notificacoes/historico?formato=csv&tamanho=1',
      ies: [ie.ieId],
      headers: PT,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-disposition']), /filename="notificacoes.csv"/);
    const lines = csvLines(res.body);
    assert.ok(
      res.body.startsWith(
        '\uFEFFNotificação;IE;Tipo;Título;Mensagem;Para todos;Criada em;Visualizada em;Modal fechada em\r\n',
      ),
    );
    assert.equal(lines.length, 3, 'paging ignored: both notifications the caller sees');
    assert.equal(
      lines[1],
      `${ids.janela};${ie.ieId};JANELA_FECHANDO;Janela fechando;Mensagem de Janela fechando;N;05/03/2026 12:00:00;;`,
    );
    assert.equal(
      lines[2],
      `${ids.lote};${ie.ieId};LOTE_PROCESSADO;"Lote; ""processado""";"Mensagem de Lote; ""processado""";S;` +
        '28/02/2026 23:30:00;02/03/2026 09:00:00;',
    );
    assert.ok(!res.body.includes('outra'), "another user's and another IE's notifications are not exported");
  });

  test('filters as the JSON history: de/ate are São Paulo days, tipo', async () => {
    const day = await t.call({
      method: 'GET',
      url: '/s/v2/ies/notificacoes/historico?de=2026-02-28&ate=2026-02-28',
      ies: [ie.ieId],
      headers: { accept: 'text/csv' },
    });
    assert.deepEqual(csvIds(day.body), [ids.lote]);
    const kind = await t.call({
      method: 'GET',
      url: '/s/v2/ies/notificacoes/historico?tipo=JANELA_FECHANDO&formato=csv',
      ies: [ie.ieId],
    });
    assert.deepEqual(csvIds(kind.body), [ids.janela]);
    const backwards = await t.call({
      method: 'GET',
      url: '/s/v2/ies/notificacoes/historico?de=2026-03-02&ate=2026-03-01&formato=xlsx',
      ies: [ie.ieId],
    });
    assert.equal(backwards.statusCode, 400, 'a refused filter is a problem, not a file');
    problemOf(backwards);
  });

  test('xlsx: ids as numbers, instants as dates (São Paulo wall clock)', async () => {
    const res = await t.call({ method: 'GET', url: '/s/v2/ies/notificacoes/historico?formato=xlsx', ies: [ie.ieId] });
    assert.equal(res.statusCode, 200);
    const sheet = await xlsxSheet(res);
    assert.equal(sheet.rowCount, 3);
    const lote = sheet.getRow(3);
    assert.equal(lote.getCell(1).value, ids.lote);
    // t.call asks in English: titles and messages read as the JSON history reads them (texts.ts).
    assert.equal(lote.getCell(4).value, 'Values batch processed');
    assert.equal(lote.getCell(5).value, 'The values batch sent was processed. Check the outcome of each row.');
    const created = lote.getCell(7);
    assert.equal((created.value as Date).toISOString(), '2026-02-28T23:30:00.000Z');
    assert.equal(created.numFmt, 'dd/mm/yyyy hh:mm:ss');
    assert.equal(lote.getCell(9).value, null);
  });

  test('titles and messages in the language asked, the same as the JSON history', async () => {
    const read: Record<string, string[]> = {};
    for (const language of ['pt-BR', 'en']) {
      const headers = { 'accept-language': language };
      const url = '/s/v2/ies/notificacoes/historico';
      const json = await t.call({ method: 'GET', url: `${url}?formato=json`, ies: [ie.ieId], headers });
      const file = await t.call({ method: 'GET', url: `${url}?formato=csv`, ies: [ie.ieId], headers });
      assert.equal(file.statusCode, 200, file.body);
      const listed = (json.json() as { itens: { id: number; titulo: string; mensagem: string }[] }).itens.find(
        (n) => n.id === ids.janela,
      );
      const line = csvLines(file.body).find((l) => l.startsWith(`${ids.janela};`)) ?? '';
      read[language] = line.split(';').slice(3, 5);
      assert.deepEqual(read[language], [listed?.titulo, listed?.mensagem], language);
    }
    assert.deepEqual(read['pt-BR'], ['Janela fechando', 'Mensagem de Janela fechando']);
    assert.deepEqual(read.en, ['The renewal window is closing', 'A few days are left before the renewal window ends.']);
  });

  test("the other IE's user gets only its own IE's notifications", async () => {
    const res = await t.call({ method: 'GET', url: '/s/v2/ies/notificacoes/historico?formato=csv', ies: [other.ieId] });
    assert.deepEqual(csvIds(res.body), [ids.outraIe]);
  });
});
