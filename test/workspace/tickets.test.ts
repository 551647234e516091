import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
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
import { createTicket, type TestTicket } from '../helpers/workspace-factories.js';

const URL = '/atualizar-tipo-ticket';

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

/** A fresh entry with an in-progress request and a ticket on it. */
async function ticketOf(ie: TestIe, j: TestJourney, options: Parameters<typeof createTicket>[3] = {}) {
  const entry = await createEntry(t.db, ie, j, await createContract(t.db, ie));
  return { ...entry, ...(await createTicket(t.db, ie, entry, options)) };
}
const put = (payload: unknown, token?: string | null) =>
  t.call({ method: 'PUT', url: URL, payload: payload as object, ies: [mine.ieId], token });
const events = (processoId: number) =>
  t.db
    .selectFrom('evento_timeline')
    .select(['acao', 'usuario', 'usuario_nome', 'detalhes', 'situacao_anterior', 'situacao_nova'])
    .where('processo_id', '=', processoId)
    .execute();
const state = async (ticket: TestTicket) => ({
  tipo: (await t.db.selectFrom('ticket').select('tipo').where('id', '=', ticket.ticketId).executeTakeFirstOrThrow())
    .tipo,
  motivoEspera: (
    await t.db
      .selectFrom('solicitacao')
      .select('motivo_espera')
      .where('id', '=', ticket.solicitacaoId)
      .executeTakeFirstOrThrow()
  ).motivo_espera,
});

describe('PUT /atualizar-tipo-ticket', () => {
  test("changes the type, sets the request's waiting reason and writes one timeline event", async () => {
    const ticket = await ticketOf(mine, journey, { tipo: 'DUVIDA', motivoEspera: 'AGUARDANDO_SUPORTE' });
    const sub = `u-${randomUUID()}`;
    const token = await t.token({ sub, ies: [mine.ieId] });
    const response = await put({ idTicket: ticket.ticketId, tipo: 'DOCUMENTACAO' }, token);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(body, {
      id: ticket.ticketId,
      idSolicitacao: ticket.solicitacaoId,
      idProcesso: ticket.processoId,
      brbId: ticket.brbId,
      ieId: mine.ieId,
      tipo: 'DOCUMENTACAO',
      tipoAnterior: 'DUVIDA',
      assunto: body.assunto,
      status: 'ABERTO',
      motivoEspera: 'AGUARDANDO_DOCUMENTO_IE',
      alterado: true,
      atualizadoEm: body.atualizadoEm,
    });
    assert.deepEqual(await state(ticket), { tipo: 'DOCUMENTACAO', motivoEspera: 'AGUARDANDO_DOCUMENTO_IE' });
    const written = await events(ticket.processoId);
    assert.equal(written.length, 1);
    assert.equal(written[0]!.acao, 'ALTERACAO_TIPO_TICKET');
    assert.equal(written[0]!.usuario, sub);
    assert.deepEqual(written[0]!.detalhes, {
      idTicket: ticket.ticketId,
      idSolicitacao: ticket.solicitacaoId,
      de: 'DUVIDA',
      para: 'DOCUMENTACAO',
      motivoEsperaAnterior: 'AGUARDANDO_SUPORTE',
      motivoEspera: 'AGUARDANDO_DOCUMENTO_IE',
    });

    const again = await put({ idTicket: ticket.ticketId, tipo: 'CORRECAO_VALORES' }, token);
    assert.equal(again.json().motivoEspera, 'EM_ANALISE_FUNDACAO');
    assert.equal((await events(ticket.processoId)).length, 2);
  });

  test('the same type again answers 200, changes nothing and writes no event', async () => {
    const ticket = await ticketOf(mine, journey, { tipo: 'SUPORTE_TECNICO', motivoEspera: 'AGUARDANDO_SUPORTE' });
    const first = await put({ idTicket: ticket.ticketId, tipo: 'SUPORTE_TECNICO' });
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().alterado, false);
    assert.equal(first.json().tipoAnterior, null);
    assert.equal(first.json().motivoEspera, 'AGUARDANDO_SUPORTE');
    const changed = await put({ idTicket: ticket.ticketId, tipo: 'DUVIDA' });
    const repeated = await put({ idTicket: ticket.ticketId, tipo: 'DUVIDA' });
    assert.equal(repeated.statusCode, 200);
    assert.equal(repeated.json().alterado, false);
    assert.equal(repeated.json().atualizadoEm, changed.json().atualizadoEm);
    assert.equal((await events(ticket.processoId)).length, 1);
  });

  test('ticket types are data: a new row of list tipo-ticket is accepted with its waiting reason', async () => {
    await t.db
      .insertInto('lista_referencia')
      .values({
        lista: 'tipo-ticket',
        codigo: 'ZZ_NOVO',
        descricao: 'Novo tipo',
        ordem: 99,
        dados: JSON.stringify({ motivoEspera: 'AGUARDANDO_ESTUDANTE' }),
      })
      .execute();
    const ticket = await ticketOf(mine, journey);
    const response = await put({ idTicket: ticket.ticketId, tipo: 'ZZ_NOVO' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(await state(ticket), { tipo: 'ZZ_NOVO', motivoEspera: 'AGUARDANDO_ESTUDANTE' });
  });

  test('an unknown type is 400 naming the allowed ones, and nothing changes', async () => {
    const ticket = await ticketOf(mine, journey, { motivoEspera: 'AGUARDANDO_SUPORTE' });
    const response = await put({ idTicket: ticket.ticketId, tipo: 'RECLAMACAO' });
    assert.equal(response.statusCode, 400);
    const problem = problemOf(response);
    assert.equal(problem.errors?.[0]?.pointer, '/body/tipo');
    assert.match(problem.detail, /DUVIDA, DOCUMENTACAO, CORRECAO_VALORES, SUPORTE_TECNICO/);
    assert.deepEqual(await state(ticket), { tipo: 'DUVIDA', motivoEspera: 'AGUARDANDO_SUPORTE' });
    assert.equal((await events(ticket.processoId)).length, 0);
  });

  test("another IE's ticket or an unknown one is 404 and changes nothing", async () => {
    const theirs = await ticketOf(other, otherJourney, { motivoEspera: 'AGUARDANDO_SUPORTE' });
    for (const idTicket of [theirs.ticketId, 999_999_999]) {
      const response = await put({ idTicket, tipo: 'DOCUMENTACAO' });
      assert.equal(response.statusCode, 404);
      assert.match(problemOf(response).detail, new RegExp(`Ticket ${idTicket} not found`));
    }
    assert.deepEqual(await state(theirs), { tipo: 'DUVIDA', motivoEspera: 'AGUARDANDO_SUPORTE' });
    assert.equal((await events(theirs.processoId)).length, 0);
  });

  test('a closed ticket, or one whose request is no longer in progress, is 409', async () => {
    const closed = await ticketOf(mine, journey, { status: 'FECHADO' });
    assert.equal((await put({ idTicket: closed.ticketId, tipo: 'DOCUMENTACAO' })).statusCode, 409);
    const done = await ticketOf(mine, journey);
    await t.db.updateTable('solicitacao').set({ status: 'CONCLUIDA' }).where('id', '=', done.solicitacaoId).execute();
    const response = await put({ idTicket: done.ticketId, tipo: 'DOCUMENTACAO' });
    assert.equal(response.statusCode, 409);
    assert.match(problemOf(response).detail, /CONCLUIDA/);
    assert.equal((await events(done.processoId)).length, 0);
  });

  test('bad bodies are 400 naming the field; no token is 401', async () => {
    const cases: [unknown, string][] = [
      [{ idTicket: 'abc', tipo: 'DUVIDA' }, '/body/idTicket'],
      [{ idTicket: 0, tipo: 'DUVIDA' }, '/body/idTicket'],
      [{ idTicket: 1.5, tipo: 'DUVIDA' }, '/body/idTicket'],
      [{ tipo: 'DUVIDA' }, '/body/idTicket'],
      [{ idTicket: 1 }, '/body/tipo'],
      [{ idTicket: 1, tipo: 'duvida' }, '/body/tipo'],
      [{ idTicket: 1, tipo: 'DUVIDA', extra: true }, '/body/extra'],
    ];
    for (const [payload, pointer] of cases) {
      const response = await put(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.ok(
        problemOf(response).errors?.some((e) => e.pointer === pointer),
        `${JSON.stringify(payload)}: ${response.body}`,
      );
    }
    assert.equal((await t.call({ method: 'PUT', url: URL })).statusCode, 400);
    assert.equal((await put({ idTicket: 1, tipo: 'DUVIDA' }, null)).statusCode, 401);
  });
});
