import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { calendar, contractInRestitution, type Restitution } from '../helpers/restitution-factories.js';

/**
 * Issue 22, item 4: an IE's months (gross, fee, net, adjustments) with CSV/xlsx export. Money from
 * restitution-factories.ts: installment 1 is 1168.00 of which 168.00 fee, 1000.00 net.
 */
let t: TestContext;
let r: Restitution;
const c = calendar();
const operator = { role: 'OPERADOR' as const, ies: [] };

before(async () => {
  t = await createTestApp();
  r = await contractInRestitution(t.db);
  const paid = await t.call({
    method: 'POST',
    url: '/s/operador/pagamentos',
    ...operator,
    payload: { contratoId: r.contratoId, dataPagamento: c.today },
  });
  assert.equal(paid.statusCode, 201, paid.body);
  const adj = await t.call({
    method: 'POST',
    url: '/s/operador/repasse/ajustes',
    ...operator,
    payload: { ieId: r.ie.ieId, competencia: c.current, valor: -50, descricao: 'Estorno de tarifa bancária' },
  });
  assert.equal(adj.statusCode, 201, adj.body);
});
after(() => t.close());

const url = (q: string) => `/s/v2/repasse-historico?ieId=${r.ie.ieId}${q}`;

describe('GET /s/v2/repasse-historico', () => {
  test('twelve months, oldest first, the current one with gross, fee, net and adjustments', async () => {
    const res = await t.call({ method: 'GET', url: url(''), ...operator });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as {
      meses: {
        competencia: string;
        fechado: boolean;
        bruto: number;
        taxa: number;
        liquido: number;
        ajustes: number;
        aRepassar: number;
      }[];
    };
    assert.equal(body.meses.length, 12);
    const last = body.meses.at(-1)!;
    assert.deepEqual(last, {
      competencia: c.current,
      fechado: false,
      quantidade: 1,
      bruto: 1168,
      taxa: 168,
      liquido: 1000,
      ajustes: -50,
      aRepassar: 950,
    });
    assert.equal(body.meses.find((m) => m.competencia === c.closed)?.fechado, true);
    assert.equal(body.meses.find((m) => m.competencia === c.closed)?.aRepassar, 0);
    // The IE sees its own history too.
    const own = await t.call({ method: 'GET', url: url('&meses=3'), ies: [r.ie.ieId] });
    assert.equal(own.statusCode, 200);
    assert.equal((own.json() as { meses: unknown[] }).meses.length, 3);
  });

  test('exports the months as CSV (pt-BR, the month’s transfer in comma decimals)', async () => {
    const res = await t.call({
      method: 'GET',
      url: url('&meses=2&formato=csv'),
      ...operator,
      headers: { 'accept-language': 'pt-BR' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /text\/csv/);
    assert.match(res.body, /Competência;Situação;Pagamentos/);
    assert.match(res.body, new RegExp(`${c.current};Aberto;1;1\\.?168,00;168,00;1\\.?000,00;-50,00;950,00`));
    const xlsx = await t.call({ method: 'GET', url: url('&formato=xlsx'), ...operator });
    assert.equal(xlsx.statusCode, 200);
    assert.equal(xlsx.rawPayload.subarray(0, 2).toString(), 'PK');
  });

  test('another IE is 404, no token 401, bad input 400', async () => {
    const other = await createIe(t.db);
    const res = await t.call({ method: 'GET', url: url(''), ies: [other.ieId] });
    assert.equal(res.statusCode, 404);
    problemOf(res);
    assert.equal((await t.call({ method: 'GET', url: url(''), token: null })).statusCode, 401);
    assert.equal((await t.call({ method: 'GET', url: url('&meses=0'), ...operator })).statusCode, 400);
    assert.equal((await t.call({ method: 'GET', url: url('&ate=2099-12'), ...operator })).statusCode, 400);
    assert.equal((await t.call({ method: 'GET', url: '/s/v2/repasse-historico', ...operator })).statusCode, 400);
  });
});
