import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestIe,
  type TestJourney,
} from '../helpers/factories.js';
import { createTicket } from '../helpers/workspace-factories.js';

const LIST = '/s/v2/tickets';

let t: TestContext;
let mine: TestIe;
let journey: TestJourney;
let other: TestIe;
let otherJourney: TestJourney;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  journey = await createJourney(t.db, mine);
  other = await createIe(t.db);
  otherJourney = await createJourney(t.db, other);
});
after(() => t.close());

/** A ticket on a fresh entry of a student with the given name. */
async function ticketOf(ie: TestIe, j: TestJourney, nome: string, options: Parameters<typeof createTicket>[3] = {}) {
  const entry = await createEntry(t.db, ie, j, await createContract(t.db, ie, { nome }));
  return { ...entry, ...(await createTicket(t.db, ie, entry, options)) };
}
const get = (url: string, ies = [mine.ieId]) => t.call({ method: 'GET', url, ies });

describe('GET /s/v2/tickets', () => {
  test("lists the IE's tickets newest change first, with request and student, never another IE's", async () => {
    const ie = await createIe(t.db);
    const j = await createJourney(t.db, ie);
    const first = await ticketOf(ie, j, 'Ana Souza', { tipo: 'DUVIDA', motivoEspera: 'AGUARDANDO_SUPORTE' });
    const second = await ticketOf(ie, j, 'Bruno Lima', { tipo: 'DOCUMENTACAO', status: 'EM_ATENDIMENTO' });
    const theirs = await ticketOf(other, otherJourney, 'Carla Dias');
    await t.db
      .updateTable('ticket')
      .set({ updated_at: new Date('2026-01-01T12:00:00Z') })
      .where('id', '=', first.ticketId)
      .execute();
    await t.db
      .updateTable('ticket')
      .set({ updated_at: new Date('2026-02-01T12:00:00Z') })
      .where('id', '=', second.ticketId)
      .execute();

    const response = await get(LIST, [ie.ieId]);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(
      { pagina: body.pagina, tamanho: body.tamanho, total: body.total, totalPaginas: body.totalPaginas },
      { pagina: 1, tamanho: 20, total: 2, totalPaginas: 1 },
    );
    assert.deepEqual(
      body.itens.map((i: { id: number }) => i.id),
      [second.ticketId, first.ticketId],
    );
    assert.deepEqual(body.itens[1], {
      id: first.ticketId,
      idSolicitacao: first.solicitacaoId,
      idProcesso: first.processoId,
      brbId: first.brbId,
      ieId: ie.ieId,
      nomeEstudante: 'Ana Souza',
      tipo: 'DUVIDA',
      assunto: 'Dúvida sobre os valores enviados',
      status: 'ABERTO',
      statusSolicitacao: 'EM_ANDAMENTO',
      motivoEspera: 'AGUARDANDO_SUPORTE',
      criadoEm: body.itens[1].criadoEm,
      atualizadoEm: '2026-01-01T12:00:00.000Z',
    });
    assert.ok(!body.itens.some((i: { id: number }) => i.id === theirs.ticketId));
  });

  test('filters by type, status and entry; pages without overlap', async () => {
    const ie = await createIe(t.db);
    const j = await createJourney(t.db, ie);
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await ticketOf(ie, j, `Estudante ${i}`, { tipo: i < 3 ? 'DUVIDA' : 'CORRECAO_VALORES' }));
    }
    await t.db.updateTable('ticket').set({ status: 'FECHADO' }).where('id', '=', made[0]!.ticketId).execute();
    const ids = async (query: string) => {
      const response = await get(`${LIST}?${query}`, [ie.ieId]);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as { itens: { id: number }[]; total: number; totalPaginas: number };
    };
    const sorted = (list: { id: number }[]) => list.map((i) => i.id).sort((a, b) => a - b);
    assert.deepEqual(sorted((await ids('tipo=CORRECAO_VALORES')).itens), [made[3]!.ticketId, made[4]!.ticketId]);
    assert.deepEqual(sorted((await ids('situacao=FECHADO')).itens), [made[0]!.ticketId]);
    assert.deepEqual(sorted((await ids('tipo=DUVIDA&situacao=ABERTO')).itens), [made[1]!.ticketId, made[2]!.ticketId]);
    assert.deepEqual(sorted((await ids(`brbId=${made[2]!.brbId}`)).itens), [made[2]!.ticketId]);
    assert.equal((await ids('tipo=NAO_EXISTE')).total, 0);

    const pages = [await ids('tamanho=2&pagina=1'), await ids('tamanho=2&pagina=2'), await ids('tamanho=2&pagina=3')];
    assert.deepEqual(
      pages.map((p) => [p.itens.length, p.total, p.totalPaginas]),
      [
        [2, 5, 3],
        [2, 5, 3],
        [1, 5, 3],
      ],
    );
    assert.deepEqual(sorted(pages.flatMap((p) => p.itens)), sorted(made.map((m) => ({ id: m.ticketId }))));
  });

  test('an operator sees every IE; bad filters are 400 naming the parameter', async () => {
    const theirs = await ticketOf(other, otherJourney, 'Davi Rocha');
    const response = await t.call({ method: 'GET', url: `${LIST}?brbId=${theirs.brbId}`, role: 'OPERADOR' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(
      response.json().itens.map((i: { id: number }) => i.id),
      [theirs.ticketId],
    );
    for (const [query, pointer] of [
      ['situacao=PERDIDO', 'situacao'],
      ['tipo=duvida', 'tipo'],
      ['tamanho=101', 'tamanho'],
      ['pagina=0', 'pagina'],
      ['extra=1', 'extra'],
    ]) {
      const bad = await get(`${LIST}?${query}`);
      assert.equal(bad.statusCode, 400, query);
      assert.ok(
        problemOf(bad).errors?.some((e) => e.pointer.endsWith(pointer!)),
        `${query}: ${bad.body}`,
      );
    }
    assert.equal((await t.call({ method: 'GET', url: LIST, token: null })).statusCode, 401);
  });
});

describe('GET /s/v2/tickets/{idTicket}', () => {
  test("answers the IE's ticket; another IE's or an unknown id is 404", async () => {
    const ticket = await ticketOf(mine, journey, 'Elisa Prado', { tipo: 'SUPORTE_TECNICO' });
    const response = await get(`${LIST}/${ticket.ticketId}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().nomeEstudante, 'Elisa Prado');
    assert.equal(response.json().tipo, 'SUPORTE_TECNICO');

    const theirs = await ticketOf(other, otherJourney, 'Fábio Melo');
    for (const id of [theirs.ticketId, 999_999_999]) {
      const refused = await get(`${LIST}/${id}`);
      assert.equal(refused.statusCode, 404);
      assert.match(problemOf(refused).detail, new RegExp(`Ticket ${id}`));
    }
    assert.equal((await get(`${LIST}/abc`)).statusCode, 400);
  });
});
