import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { createNotification } from '../helpers/workspace-factories.js';

interface Item {
  id: number;
  ieId: number;
  tipo: string;
  titulo: string;
  mensagem: string;
  dados: Record<string, unknown>;
  paraTodos: boolean;
  criadaEm: string;
  visualizada: boolean;
  visualizadaEm: string | null;
  modalFechadaEm: string | null;
}
interface Current {
  naoLidas: number;
  total: number;
  itens: Item[];
}
interface HistoryPage {
  itens: Item[];
  pagina: number;
  tamanho: number;
  total: number;
  totalPaginas: number;
}

const CURRENT = '/s/v2/ies/notificacoes';
const HISTORY = '/s/v2/ies/notificacoes/historico';
const markUrl = (id: number | string, action: 'visualizada' | 'fechar-modal') => `${CURRENT}/${id}/${action}`;

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

/** A user of the given IEs with a fresh sub: read state is per user, so tests never share it. */
async function user(ie: TestIe) {
  const sub = `u-${randomUUID()}`;
  return { sub, token: await t.token({ sub, ies: [ie.ieId] }) };
}
const get = async <T>(url: string, token: string) => {
  const response = await t.call({ method: 'GET', url, token });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as T;
};
const mark = (id: number | string, action: 'visualizada' | 'fechar-modal', token: string | null) =>
  t.call({ method: 'POST', url: markUrl(id, action), token });

describe('GET /s/v2/ies/notificacoes', () => {
  test("lists the caller's current notifications: unread first, then newest, with the unread count", async () => {
    const ie = await createIe(t.db);
    const other = await createIe(t.db);
    const ana = await user(ie);
    const n1 = await createNotification(t.db, ie, { createdAt: '2026-01-01T10:00:00Z', dados: { lote: 7 } });
    const n2 = await createNotification(t.db, ie, {
      usuario: ana.sub,
      tipo: 'ADITIVO_AGUARDANDO_ASSINATURA',
      createdAt: '2026-01-02T10:00:00Z',
    });
    await createNotification(t.db, ie, { usuario: 'someone-else', createdAt: '2026-01-02T11:00:00Z' });
    await createNotification(t.db, other, { createdAt: '2026-01-02T12:00:00Z' });
    const n5 = await createNotification(t.db, ie, { tipo: 'JANELA_FECHANDO', createdAt: '2026-01-03T10:00:00Z' });
    assert.equal((await mark(n5, 'visualizada', ana.token)).statusCode, 200);

    const body = await get<Current>(CURRENT, ana.token);
    assert.deepEqual(
      body.itens.map((i) => i.id),
      [n2, n1, n5],
    );
    assert.equal(body.naoLidas, 2);
    assert.equal(body.total, 3);
    const first = body.itens[1]!;
    assert.deepEqual(first, {
      id: n1,
      ieId: ie.ieId,
      tipo: 'LOTE_PROCESSADO',
      titulo: first.titulo,
      mensagem: first.mensagem,
      dados: { lote: 7 },
      paraTodos: true,
      criadaEm: '2026-01-01T10:00:00.000Z',
      visualizada: false,
      visualizadaEm: null,
      modalFechadaEm: null,
    });
    assert.equal(body.itens[0]!.paraTodos, false);
    assert.equal(body.itens[2]!.visualizada, true);
  });

  test('an operator sees the notifications of any IE', async () => {
    const ie = await createIe(t.db);
    const id = await createNotification(t.db, ie);
    const body = await get<Current>(CURRENT, await t.token({ role: 'OPERADOR', sub: `op-${randomUUID()}` }));
    assert.ok(body.itens.some((i) => i.id === id));
  });

  test('no token is 401; an unknown query parameter is 400', async () => {
    assert.equal((await t.call({ method: 'GET', url: CURRENT, token: null })).statusCode, 401);
    const bad = await t.call({ method: 'GET', url: `${CURRENT}?x=1` });
    assert.equal(bad.statusCode, 400);
    assert.equal(problemOf(bad).errors?.[0]?.pointer, '/querystring/x');
  });
});

describe('GET /s/v2/ies/notificacoes/historico', () => {
  let ie: TestIe;
  let ids: number[];
  before(async () => {
    ie = await createIe(t.db);
    ids = [
      await createNotification(t.db, ie, { createdAt: '2025-03-01T12:00:00Z' }),
      await createNotification(t.db, ie, { tipo: 'JANELA_FECHANDO', createdAt: '2025-03-10T12:00:00Z' }),
      await createNotification(t.db, ie, { createdAt: '2025-03-20T12:00:00Z' }),
      // 23:00 of 31 March in São Paulo: inside a period that ends on 2025-03-31.
      await createNotification(t.db, ie, { tipo: 'ACAO_RECUSADA', createdAt: '2025-04-01T02:00:00Z' }),
    ];
  });

  test('lists everything newest first, paged', async () => {
    const { token } = await user(ie);
    const all = await get<HistoryPage>(HISTORY, token);
    assert.deepEqual(
      all.itens.map((i) => i.id),
      [...ids].reverse(),
    );
    assert.deepEqual([all.pagina, all.tamanho, all.total, all.totalPaginas], [1, 20, 4, 1]);
    const page2 = await get<HistoryPage>(`${HISTORY}?pagina=2&tamanho=3`, token);
    assert.deepEqual(
      page2.itens.map((i) => i.id),
      [ids[0]],
    );
    assert.deepEqual([page2.pagina, page2.tamanho, page2.total, page2.totalPaginas], [2, 3, 4, 2]);
  });

  test('filters by period (São Paulo calendar days, inclusive) and by kind', async () => {
    const { token } = await user(ie);
    const period = await get<HistoryPage>(`${HISTORY}?de=2025-03-10&ate=2025-03-31`, token);
    assert.deepEqual(
      period.itens.map((i) => i.id),
      [ids[3], ids[2], ids[1]],
    );
    const upTo = await get<HistoryPage>(`${HISTORY}?ate=2025-03-09`, token);
    assert.deepEqual(
      upTo.itens.map((i) => i.id),
      [ids[0]],
    );
    const kind = await get<HistoryPage>(`${HISTORY}?tipo=LOTE_PROCESSADO`, token);
    assert.deepEqual(
      kind.itens.map((i) => i.id),
      [ids[2], ids[0]],
    );
    const both = await get<HistoryPage>(`${HISTORY}?tipo=ACAO_RECUSADA&de=2025-04-01`, token);
    assert.equal(both.total, 0);
  });

  test('bad dates, kind, paging or unknown parameters are 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['de=2025-13-01', '/querystring/de'],
      ['de=01-03-2025', '/querystring/de'],
      ['ate=2025-02-30', '/querystring/ate'],
      ['tipo=QUALQUER', '/querystring/tipo'],
      ['pagina=0', '/querystring/pagina'],
      ['pagina=abc', '/querystring/pagina'],
      ['tamanho=101', '/querystring/tamanho'],
      ['outro=1', '/querystring/outro'],
      ['de=2025-03-10&ate=2025-03-01', '/querystring/ate'],
    ];
    for (const [query, pointer] of cases) {
      const response = await t.call({ method: 'GET', url: `${HISTORY}?${query}`, ies: [ie.ieId] });
      assert.equal(response.statusCode, 400, query);
      assert.ok(
        problemOf(response).errors?.some((e) => e.pointer === pointer),
        `${query}: ${response.body}`,
      );
    }
  });

  test('no token is 401', async () => {
    assert.equal((await t.call({ method: 'GET', url: HISTORY, token: null })).statusCode, 401);
  });
});

describe('POST /s/v2/ies/notificacoes/{id-notificacao}/visualizada and /fechar-modal', () => {
  test('viewing is idempotent: the second call keeps the first timestamp and answers the same', async () => {
    const ie = await createIe(t.db);
    const { token } = await user(ie);
    const id = await createNotification(t.db, ie);
    const first = await mark(id, 'visualizada', token);
    assert.equal(first.statusCode, 200);
    const body = first.json() as Item;
    assert.equal(body.id, id);
    assert.equal(body.visualizada, true);
    assert.ok(body.visualizadaEm);
    assert.equal(body.modalFechadaEm, null);
    const second = await mark(id, 'visualizada', token);
    assert.equal(second.statusCode, 200);
    assert.deepEqual(second.json(), body);
  });

  test('closing the modal marks viewed too, is idempotent and keeps an earlier view time', async () => {
    const ie = await createIe(t.db);
    const { token } = await user(ie);
    const viewedFirst = await createNotification(t.db, ie);
    const viewed = (await mark(viewedFirst, 'visualizada', token)).json() as Item;
    const closed = (await mark(viewedFirst, 'fechar-modal', token)).json() as Item;
    assert.equal(closed.visualizadaEm, viewed.visualizadaEm);
    assert.ok(closed.modalFechadaEm);

    const closedDirectly = await createNotification(t.db, ie);
    const once = await mark(closedDirectly, 'fechar-modal', token);
    assert.equal(once.statusCode, 200);
    const body = once.json() as Item;
    assert.equal(body.visualizada, true);
    assert.ok(body.visualizadaEm && body.modalFechadaEm);
    const twice = await mark(closedDirectly, 'fechar-modal', token);
    assert.deepEqual(twice.json(), body);
    assert.deepEqual((await mark(closedDirectly, 'visualizada', token)).json(), body);
  });

  test('a closed notification leaves the current list and stays in the history; for this user only', async () => {
    const ie = await createIe(t.db);
    const ana = await user(ie);
    const bia = await user(ie);
    const id = await createNotification(t.db, ie);
    const before = await get<Current>(CURRENT, ana.token);
    assert.deepEqual(
      before.itens.map((i) => i.id),
      [id],
    );
    assert.equal(before.naoLidas, 1);

    assert.equal((await mark(id, 'fechar-modal', ana.token)).statusCode, 200);
    const afterClose = await get<Current>(CURRENT, ana.token);
    assert.deepEqual([afterClose.itens.length, afterClose.total, afterClose.naoLidas], [0, 0, 0]);
    const history = await get<HistoryPage>(HISTORY, ana.token);
    assert.deepEqual(
      history.itens.map((i) => [i.id, i.visualizada, Boolean(i.modalFechadaEm)]),
      [[id, true, true]],
    );
    const others = await get<Current>(CURRENT, bia.token);
    assert.deepEqual(
      others.itens.map((i) => [i.id, i.visualizada]),
      [[id, false]],
    );
  });

  test("another user's or another IE's notification, or an unknown one, is 404 and writes nothing", async () => {
    const ie = await createIe(t.db);
    const other = await createIe(t.db);
    const ana = await user(ie);
    const ids = [
      await createNotification(t.db, ie, { usuario: 'someone-else' }),
      await createNotification(t.db, other),
      await createNotification(t.db, other, { usuario: ana.sub }),
      999_999_999,
    ];
    const states = await countRows(t.database, 'notificacao_estado');
    for (const id of ids) {
      for (const action of ['visualizada', 'fechar-modal'] as const) {
        const response = await mark(id, action, ana.token);
        assert.equal(response.statusCode, 404, `${id} ${action}`);
        assert.match(problemOf(response).detail, new RegExp(`Notification ${id} not found`));
      }
    }
    assert.equal(await countRows(t.database, 'notificacao_estado'), states);
  });

  test('bad ids are 400; no token is 401', async () => {
    for (const action of ['visualizada', 'fechar-modal'] as const) {
      for (const id of ['abc', '0', '1.5', '-3']) {
        const response = await t.call({ method: 'POST', url: markUrl(id, action) });
        assert.equal(response.statusCode, 400, `${action} ${id}`);
        assert.equal(problemOf(response).errors?.[0]?.pointer, '/params/idNotificacao');
      }
      assert.equal((await mark(1, action, null)).statusCode, 401);
    }
  });
});
