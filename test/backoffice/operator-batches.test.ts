import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { entryState, ieWithEntries, type ValuesSetup, valuesItem } from '../helpers/values-factories.js';

/**
 * Issue 22, item 1: the foundation's batch list counts the rows awaiting its decision (the screen
 * read lote.pendente, a different count, and showed "Aguardando 0"), filters by IE, status and
 * day, and a batch shows what to decide on.
 */
let t: TestContext;
let a: ValuesSetup;
let b: ValuesSetup;
let loteA: number;
let loteB: number;
const operator = { role: 'OPERADOR' as const, ies: [] };

interface BatchPage {
  itens: { loteId: number; aguardando: number; total: number; ies: { id: number; sigla: string }[]; status: string }[];
  total: number;
}

async function send(s: ValuesSetup) {
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    ies: [s.ie.ieId],
    payload: { valores: s.entries.map((e) => valuesItem(e.brbId)) },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  return (sent.json() as { lote: number }).lote;
}

before(async () => {
  t = await createTestApp();
  a = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO']);
  b = await ieWithEntries(t.db, ['APTO']);
  loteA = await send(a);
  loteB = await send(b);
});
after(() => t.close());

const list = async (query = '') => {
  const r = await t.call({ method: 'GET', url: `/s/operador/lotes${query}`, ...operator });
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as BatchPage;
};

describe('GET /s/operador/lotes', () => {
  test('counts the rows awaiting a decision, per batch, and follows the decisions', async () => {
    const one = (await list(`?ieId=${a.ie.ieId}`)).itens;
    assert.deepEqual(
      one.map((i) => [i.loteId, i.total, i.aguardando]),
      [[loteA, 3, 3]],
    );
    assert.equal(one[0]!.ies[0]!.id, a.ie.ieId);
    const accepted = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${loteA}/aceitar`,
      ...operator,
      payload: { linhas: [1, 2] },
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal((accepted.json() as { aguardando: number }).aguardando, 1);
    assert.equal((await list(`?ieId=${a.ie.ieId}`)).itens[0]!.aguardando, 1);
    const detail = await t.call({
      method: 'GET',
      url: `/s/operador/lotes/${loteA}?processamento=AGUARDANDO`,
      ...operator,
    });
    const body = detail.json() as { aguardando: number; linhasFiltradas: number; linhas: { linha: number }[] };
    assert.equal(body.aguardando, 1);
    assert.equal(body.linhasFiltradas, 1);
    assert.deepEqual(
      body.linhas.map((l) => l.linha),
      [3],
    );
  });

  test('filters by IE, status and day', async () => {
    assert.deepEqual(
      (await list(`?ieId=${b.ie.ieId}&status=EM_PROCESSAMENTO`)).itens.map((i) => i.loteId),
      [loteB],
    );
    assert.equal((await list(`?ieId=${b.ie.ieId}&status=PROCESSADO`)).total, 0);
    assert.equal((await list(`?ieId=${b.ie.ieId}&de=2000-01-01&ate=2000-01-31`)).total, 0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    assert.equal((await list(`?ieId=${b.ie.ieId}&de=${today}&ate=${today}`)).total, 1);
  });

  test('is the foundation’s: 401 without token, 403 for an IE, 400 on bad filters', async () => {
    assert.equal((await t.call({ method: 'GET', url: '/s/operador/lotes', token: null })).statusCode, 401);
    const ie = await t.call({ method: 'GET', url: '/s/operador/lotes', ies: [a.ie.ieId] });
    assert.equal(ie.statusCode, 403);
    problemOf(ie);
    assert.equal(
      (await t.call({ method: 'GET', url: '/s/operador/lotes?de=31-12-2026', ...operator })).statusCode,
      400,
    );
    assert.equal((await t.call({ method: 'GET', url: '/s/operador/lotes?ieId=0', ...operator })).statusCode, 400);
  });
});

describe('GET /s/operador/ies', () => {
  test('lists every IE for the filters; the foundation only', async () => {
    const res = await t.call({ method: 'GET', url: '/s/operador/ies', ...operator });
    assert.equal(res.statusCode, 200, res.body);
    const ids = (res.json() as { itens: { id: number }[] }).itens.map((i) => i.id);
    assert.ok(ids.includes(a.ie.ieId) && ids.includes(b.ie.ieId));
    assert.equal((await t.call({ method: 'GET', url: '/s/operador/ies', ies: [a.ie.ieId] })).statusCode, 403);
    assert.equal((await t.call({ method: 'GET', url: '/s/operador/ies', token: null })).statusCode, 401);
  });
});

describe('GET /s/operador/lotes/{loteId}', () => {
  test('each row carries student, CPF, course, period, percentage, values, contract and the checks run', async () => {
    const r = await t.call({ method: 'GET', url: `/s/operador/lotes/${loteB}`, ...operator });
    assert.equal(r.statusCode, 200, r.body);
    const row = (r.json() as { linhas: Record<string, unknown>[] }).linhas[0]!;
    const contract = await t.db
      .selectFrom('contrato')
      .select('numero')
      .where('id', '=', b.entries[0]!.contratoId)
      .executeTakeFirstOrThrow();
    assert.equal(row.numeroContrato, contract.numero);
    assert.match(String(row.cpf), /^\d{11}$/);
    assert.ok(typeof row.nomeEstudante === 'string' && row.nomeEstudante.length > 0);
    assert.ok(typeof row.curso === 'string');
    assert.deepEqual([row.ano, row.semestre], [2026, 2]);
    assert.equal(row.percentualConcedido, 50);
    assert.equal(row.valorContrato, 4500);
    assert.equal(row.valorCtrPrestServico, 9000);
    assert.equal(row.situacaoAnterior, 'APTO');
    assert.deepEqual(row.verificacoes, ['ESTUDANTE_DA_IE', 'JORNADA_ABERTA', 'SEM_DUPLICIDADE', 'SITUACAO_PERMITIDA']);
  });

  test('rejecting selected rows with a reason moves only them, and the IE is notified', async () => {
    const before = await entryState(t.db, a.entries[2]!.brbId);
    assert.equal(before.situacao, 'EM_PROCESSAMENTO');
    const r = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${loteA}/recusar`,
      ...operator,
      payload: { linhas: [3], motivo: 'Percentual concedido diferente do contrato' },
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal((await entryState(t.db, a.entries[2]!.brbId)).situacao, 'APTO');
    const notes = await t.db
      .selectFrom('notificacao')
      .select(['tipo', 'mensagem'])
      .where('ie_id', '=', a.ie.ieId)
      .where('tipo', '=', 'LINHAS_REJEITADAS')
      .execute();
    assert.equal(notes.length, 1);
    assert.match(notes[0]!.mensagem, /Percentual concedido diferente do contrato/);
    // A row already decided is refused with 409 and nothing changes.
    const again = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${loteA}/aceitar`,
      ...operator,
      payload: { linhas: [3] },
    });
    assert.equal(again.statusCode, 409);
    assert.equal((await entryState(t.db, a.entries[2]!.brbId)).situacao, 'APTO');
  });

  test('an unknown batch is 404; an IE caller is 403', async () => {
    assert.equal((await t.call({ method: 'GET', url: '/s/operador/lotes/999999', ...operator })).statusCode, 404);
    assert.equal(
      (await t.call({ method: 'GET', url: `/s/operador/lotes/${loteB}`, ies: [b.ie.ieId] })).statusCode,
      403,
    );
  });
});
