import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { maskCpf } from '../../src/lib/cpf.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createContract, createIe, type TestIe } from '../helpers/factories.js';
import {
  assertCountersExact,
  createContracts,
  createContractWithHistory,
  journeyOf,
  setBolsaStatus,
  setContractStatus,
  timelineOf,
} from '../helpers/lifecycle-factories.js';
import { journeysSnapshot, unchangedBy } from '../helpers/unchanged.js';

let t: TestContext;
let ie: TestIe;
let second: TestIe;
let other: TestIe;
let jornadaId: number;

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  second = await createIe(t.db);
  other = await createIe(t.db);
  await createContracts(t.db, ie, 2);
  const opened = await t.call({
    method: 'POST',
    url: '/s/v2/renovacao/jornadas/abrir',
    ies: [ie.ieId],
    payload: { ano: 2026, semestre: 2 },
  });
  assert.equal(opened.statusCode, 200, opened.body);
  jornadaId = (opened.json() as { jornadas: { id: number }[] }).jornadas[0]!.id;
});
after(() => t.close());

const refresh = (payload: Record<string, unknown>, ies = [ie.ieId]) =>
  t.call({ method: 'POST', url: '/s/v2/renovacao/jornadas/atualizar', ies, payload });
const insert = (payload: Record<string, unknown>, ies = [ie.ieId]) =>
  t.call({ method: 'POST', url: '/s/v1/insere-jornada', ies, payload });
/** The open journey (and any other given) with its entries, counters and timeline, and the journey tables' row counts. */
const journeys = (...others: number[]) => journeysSnapshot(t, [jornadaId, ...others]);
/** The call, asserting it changed nothing in those journeys. */
const refused = (call: () => Promise<LightMyRequestResponse>, ...others: number[]) =>
  unchangedBy(journeys(...others), call);

describe('POST /s/v2/renovacao/jornadas/atualizar', () => {
  test('adds only newly eligible contracts (a carried lock included); existing entries do not change', async () => {
    const [first] = await t.db
      .selectFrom('entrada_jornada')
      .select(['id'])
      .where('jornada_id', '=', jornadaId)
      .execute();
    await t.db
      .updateTable('entrada_jornada')
      .set({ situacao: 'EM_PROCESSAMENTO' })
      .where('id', '=', first!.id)
      .execute();
    const fresh = await createContract(t.db, ie);
    const locked = await createContractWithHistory(
      t.db,
      ie,
      { ano: 2026, semestre: 1 },
      { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' },
    );
    const inactive = await createContract(t.db, ie);
    await setContractStatus(t.db, inactive, 'CANCELADO');

    const response = await refresh({});
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      adicionados: 2,
      jornadas: [{ jornadaId, ieId: ie.ieId, tipo: 'RENOVACAO', ano: 2026, semestre: 2, adicionados: 2 }],
    });
    const entries = await t.db
      .selectFrom('entrada_jornada')
      .select(['id', 'contrato_id', 'situacao', 'motivo'])
      .where('jornada_id', '=', jornadaId)
      .execute();
    assert.equal(entries.length, 4);
    assert.equal(entries.find((e) => e.id === first!.id)?.situacao, 'EM_PROCESSAMENTO');
    assert.equal(entries.find((e) => e.contrato_id === fresh.contratoId)?.situacao, 'APTO');
    const carried = entries.find((e) => e.contrato_id === locked.contratoId);
    assert.deepEqual([carried?.situacao, carried?.motivo], ['SEM_RENOVACAO', 'TRANCAMENTO']);
    const added = entries.filter((e) => [fresh.contratoId, locked.contratoId].includes(e.contrato_id));
    const events = await timelineOf(
      t.db,
      added.map((e) => e.id),
    );
    assert.deepEqual(
      events.map((e) => e.acao),
      ['ATUALIZACAO_JORNADA', 'ATUALIZACAO_JORNADA'],
    );
    await assertCountersExact(t.db, jornadaId);

    const noBody = await t.call({ method: 'POST', url: '/s/v2/renovacao/jornadas/atualizar', ies: [ie.ieId] });
    assert.equal(noBody.statusCode, 200, noBody.body);
    assert.equal((noBody.json() as { adicionados: number }).adicionados, 0);

    const again = await refresh({ jornadaId });
    assert.equal(again.statusCode, 200);
    assert.equal((again.json() as { adicionados: number }).adicionados, 0);
  });

  test("another IE's journey is 404; a closed journey is 409", async () => {
    const foreign = await journeyOf(t.db, other, { ano: 2026, semestre: 2 });
    await createContract(t.db, other);
    const response = await refused(() => refresh({ jornadaId: foreign.jornadaId }), foreign.jornadaId);
    assert.equal(response.statusCode, 404);
    problemOf(response);
    const closed = await journeyOf(t.db, ie, { ano: 2025, semestre: 2, status: 'ENCERRADA' });
    // A contract the refresh would add, were the journey open.
    await createContract(t.db, ie);
    const conflict = await refused(() => refresh({ jornadaId: closed.jornadaId }), closed.jornadaId);
    assert.equal(conflict.statusCode, 409);
    assert.match(problemOf(conflict).detail, /ENCERRADA/);
    const otherIe = await refused(() => refresh({ ieId: other.ieId }), foreign.jornadaId);
    assert.equal(otherIe.statusCode, 404);
  });

  test('an IE with no open journey is 404; an operator must name the IE or journey; bad body is 400', async () => {
    await createContract(t.db, second);
    await createContract(t.db, ie);
    assert.equal((await refused(() => refresh({}, [second.ieId]))).statusCode, 404);
    const token = await t.token({ role: 'OPERADOR' });
    const op = await refused(() =>
      t.call({ method: 'POST', url: '/s/v2/renovacao/jornadas/atualizar', token, payload: {} }),
    );
    assert.equal(op.statusCode, 400);
    const ok = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/atualizar',
      token,
      payload: { jornadaId },
    });
    assert.equal(ok.statusCode, 200);
    await createContract(t.db, ie);
    const bad = await refused(() => refresh({ jornadaId: 'x' }));
    assert.equal(bad.statusCode, 400);
    assert.equal((await refused(() => refresh({ nope: 1 }))).statusCode, 400);
  });

  test('without a token it is 401', async () => {
    await createContract(t.db, ie);
    const response = await refused(() =>
      t.call({ method: 'POST', url: '/s/v2/renovacao/jornadas/atualizar', token: null, payload: {} }),
    );
    assert.equal(response.statusCode, 401);
  });
});

describe('POST /s/v1/insere-jornada', () => {
  test('inserts an eligible contract: entry APTO, process, timeline, counters', async () => {
    const contract = await createContract(t.db, ie);
    const response = await insert({ journeyId: jornadaId, contratoId: contract.contratoId });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as Record<string, unknown>;
    assert.equal(body.jornadaId, jornadaId);
    assert.equal(body.contratoId, contract.contratoId);
    assert.equal(body.bolsaId, contract.bolsaId);
    assert.equal(body.situacao, 'APTO');
    assert.equal(body.motivo, null);
    const processo = await t.db
      .selectFrom('processo')
      .select(['id', 'ano', 'semestre'])
      .where('entrada_id', '=', body.brbId as number)
      .executeTakeFirstOrThrow();
    assert.equal(processo.id, body.processoId);
    assert.deepEqual([processo.ano, processo.semestre], [2026, 2]);
    const events = await timelineOf(t.db, [body.brbId as number]);
    assert.equal(events.length, 1);
    assert.equal(events[0]?.acao, 'INSERCAO_MANUAL');
    assert.equal(events[0]?.situacao_nova, 'APTO');
    await assertCountersExact(t.db, jornadaId);

    const twice = await refused(() => insert({ journeyId: jornadaId, contratoId: contract.contratoId }));
    assert.equal(twice.statusCode, 409);
    assert.match(problemOf(twice).detail, /already in journey/);
  });

  test('finds the contract by CPF (masked or not) or by bolsaId', async () => {
    const byCpf = await createContract(t.db, ie);
    const r1 = await insert({ journeyId: jornadaId, cpf: maskCpf(byCpf.cpf) });
    assert.equal(r1.statusCode, 200, r1.body);
    assert.equal((r1.json() as { contratoId: number }).contratoId, byCpf.contratoId);
    const byBolsa = await createContract(t.db, ie);
    const r2 = await insert({ journeyId: jornadaId, bolsaId: byBolsa.bolsaId, cpf: byBolsa.cpf });
    assert.equal(r2.statusCode, 200, r2.body);
    assert.equal((r2.json() as { contratoId: number }).contratoId, byBolsa.contratoId);
  });

  test('refuses ineligible contracts with a clear reason and writes nothing', async () => {
    const cancelled = await createContract(t.db, ie);
    await setContractStatus(t.db, cancelled, 'CANCELADO');
    const r1 = await refused(() => insert({ journeyId: jornadaId, contratoId: cancelled.contratoId }));
    assert.equal(r1.statusCode, 422);
    assert.match(problemOf(r1).detail, /CANCELADO/);

    const bolsaOff = await createContract(t.db, ie);
    await setBolsaStatus(t.db, bolsaOff, 'ENCERRADA');
    const r2 = await refused(() => insert({ journeyId: jornadaId, contratoId: bolsaOff.contratoId }));
    assert.equal(r2.statusCode, 422);
    assert.match(problemOf(r2).detail, /ENCERRADA/);

    // A contract of another of the caller's IEs: visible, but not of the journey's IE.
    const elsewhere = await createContract(t.db, second);
    const r3 = await refused(() =>
      insert({ journeyId: jornadaId, contratoId: elsewhere.contratoId }, [ie.ieId, second.ieId]),
    );
    assert.equal(r3.statusCode, 422);
    assert.match(problemOf(r3).detail, /belongs to IE/);

    const closed = await journeyOf(t.db, ie, { ano: 2025, semestre: 2, status: 'ENCERRADA' });
    const fresh = await createContract(t.db, ie);
    const r4 = await refused(
      () => insert({ journeyId: closed.jornadaId, contratoId: fresh.contratoId }),
      closed.jornadaId,
    );
    assert.equal(r4.statusCode, 409);
    assert.match(problemOf(r4).detail, /ENCERRADA/);
  });

  test("another IE's contract or journey is 404", async () => {
    const foreign = await createContract(t.db, other);
    const foreignJourney = await journeyOf(t.db, other, { ano: 2026, semestre: 2 });
    const mine = await createContract(t.db, ie);
    for (const payload of [
      { journeyId: jornadaId, contratoId: foreign.contratoId },
      { journeyId: jornadaId, cpf: foreign.cpf },
      { journeyId: foreignJourney.jornadaId, contratoId: mine.contratoId },
      { journeyId: 999_999_999, contratoId: mine.contratoId },
    ]) {
      const response = await refused(() => insert(payload), foreignJourney.jornadaId);
      assert.equal(response.statusCode, 404, JSON.stringify(payload));
    }
  });

  test('bad bodies are 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ journeyId: jornadaId }, '/body/contratoId'],
      [{ contratoId: 1 }, '/body/journeyId'],
      [{ journeyId: jornadaId, cpf: '123.456.789-00' }, '/body/cpf'],
      [{ journeyId: jornadaId, contratoId: 0 }, '/body/contratoId'],
      [{ journeyId: jornadaId, contratoId: 1, foo: 1 }, '/body/foo'],
    ];
    const candidate = await createContract(t.db, ie);
    cases.push([{ journeyId: jornadaId, contratoId: candidate.contratoId, foo: 1 }, '/body/foo']);
    for (const [payload, pointer] of cases) {
      const response = await refused(() => insert(payload));
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.equal(problemOf(response).errors?.[0]?.pointer, pointer, JSON.stringify(payload));
    }
  });

  test('without a token it is 401', async () => {
    const candidate = await createContract(t.db, ie);
    const response = await refused(() =>
      t.call({
        method: 'POST',
        url: '/s/v1/insere-jornada',
        token: null,
        payload: { journeyId: jornadaId, contratoId: candidate.contratoId },
      }),
    );
    assert.equal(response.statusCode, 401);
  });
});
