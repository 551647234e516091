import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, today } from '../../src/lib/business-date.js';
import { brDay } from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestContract,
  type TestIe,
  type TestJourney,
} from '../helpers/factories.js';

// DOMAIN.md, "Journey periods".

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const OPEN = '/s/v2/renovacao/jornadas/abrir';
const open = (ie: TestIe, ano: number, semestre: number, role: 'IE' | 'OPERADOR' = 'IE') =>
  t.call({
    method: 'POST',
    url: OPEN,
    payload: role === 'OPERADOR' ? { ano, semestre, ieId: ie.ieId } : { ano, semestre },
    ies: [ie.ieId],
    role,
  });
const journeysOf = (ie: TestIe) =>
  t.db
    .selectFrom('jornada')
    .select(['id', 'ano', 'semestre', 'status'])
    .where('ie_id', '=', ie.ieId)
    .orderBy('id')
    .execute();
const entriesOf = (jornadaId: number) =>
  t.db
    .selectFrom('entrada_jornada')
    .select(['contrato_id', 'situacao', 'motivo'])
    .where('jornada_id', '=', jornadaId)
    .orderBy('contrato_id')
    .execute();

/** An IE with a closed 2026/1 journey and a 2026/2 journey, open or closed. */
async function ieWithHistory(status2026_2: 'ABERTA' | 'ENCERRADA') {
  const ie = await createIe(t.db);
  const j1 = await createJourney(t.db, ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
  const j2 = await createJourney(t.db, ie, { ano: 2026, semestre: 2, status: status2026_2 });
  return { ie, j1, j2 };
}

describe('which period may be opened', () => {
  test('while 2026/2 is open, 2030/1 is 409 naming the open journey (id, period); nothing is created', async () => {
    const { ie, j2 } = await ieWithHistory('ABERTA');
    const before = await journeysOf(ie);
    const r = await open(ie, 2030, 1);
    assert.equal(r.statusCode, 409, r.body);
    const p = problemOf(r);
    assert.deepEqual(p.jornadaAberta, { id: j2.jornadaId, ano: 2026, semestre: 2 });
    assert.match(p.detail, new RegExp(`journey ${j2.jornadaId} of 2026/2`));
    assert.deepEqual(await journeysOf(ie), before);
  });

  test('2026/1 (closed) is never reported as open: the 409 names the open 2026/2', async () => {
    const { ie, j1, j2 } = await ieWithHistory('ABERTA');
    const r = await open(ie, 2026, 1);
    assert.equal(r.statusCode, 409, r.body);
    assert.equal(problemOf(r).journeyId, j2.jornadaId);
    assert.doesNotMatch(problemOf(r).detail, new RegExp(`journey ${j1.jornadaId}\\b`));
  });

  test('with every journey closed, only the period after the latest may be opened (422 names it)', async () => {
    const { ie } = await ieWithHistory('ENCERRADA');
    for (const [ano, semestre] of [
      [2030, 1],
      [2026, 1],
      [2026, 2],
      [2027, 2],
    ] as const) {
      const before = await journeysOf(ie);
      const r = await open(ie, ano, semestre);
      assert.equal(r.statusCode, 422, `${ano}/${semestre}: ${r.body}`);
      assert.deepEqual(problemOf(r).periodoPermitido, { ano: 2027, semestre: 1 });
      assert.match(problemOf(r).detail, /only 2027\/1 may be opened/);
      assert.deepEqual(await journeysOf(ie), before);
    }
    const ok = await open(ie, 2027, 1);
    assert.equal(ok.statusCode, 200, ok.body);
    // …and then it is the open one: the next opening is 409.
    assert.equal((await open(ie, 2027, 2)).statusCode, 409);
  });

  test("an IE's first journey may be of any period", async () => {
    const ie = await createIe(t.db);
    assert.equal((await open(ie, 2027, 1)).statusCode, 200);
  });

  test('the first journey of another type is of the latest journey’s period or the next (422 naming both)', async () => {
    const regularization = (ie: TestIe, ano: number, semestre: number) =>
      t.call({
        method: 'POST',
        url: '/s/v2/renovacao/jornadas/REGULARIZACAO/abrir',
        payload: { ano, semestre },
        ies: [ie.ieId],
      });
    const { ie } = await ieWithHistory('ABERTA');
    const before = await journeysOf(ie);
    const far = await regularization(ie, 2026, 1);
    assert.equal(far.statusCode, 422, far.body);
    assert.match(problemOf(far).detail, /first may only be of 2026\/2 or 2027\/1/);
    assert.deepEqual(await journeysOf(ie), before);
    assert.equal((await regularization(ie, 2026, 2)).statusCode, 200);
    const other = (await ieWithHistory('ABERTA')).ie;
    assert.equal((await regularization(other, 2027, 1)).statusCode, 200);
  });
});

describe('the convênio calendar’s opening window', () => {
  const setWindow = (ie: TestIe, inicio: string, fim: string) =>
    t.db
      .insertInto('calendario_convenio')
      .values({ convenio_id: ie.convenioId, ano: 2027, semestre: 1, abertura_inicio: inicio, abertura_fim: fim })
      .execute();

  test('outside the window an IE user gets 422 with its dates and nothing is created; the foundation may open', async () => {
    const { ie } = await ieWithHistory('ENCERRADA');
    const inicio = addDays(today(), 10);
    const fim = addDays(today(), 40);
    await setWindow(ie, inicio, fim);
    const before = await journeysOf(ie);
    const r = await open(ie, 2027, 1);
    assert.equal(r.statusCode, 422, r.body);
    assert.deepEqual(problemOf(r).janelaAbertura, { inicio, fim });
    assert.match(problemOf(r).detail, new RegExp(`from ${inicio} to ${fim}`));
    assert.deepEqual(await journeysOf(ie), before);
    const byFoundation = await open(ie, 2027, 1, 'OPERADOR');
    assert.equal(byFoundation.statusCode, 200, byFoundation.body);
  });

  test('a period the calendar does not list is 422 for an IE user, naming the listed ones; the foundation may open it', async () => {
    const ie = await createIe(t.db);
    await setWindow(ie, addDays(today(), -5), addDays(today(), 5));
    const r = await open(ie, 2027, 2);
    assert.equal(r.statusCode, 422, r.body);
    assert.match(problemOf(r).detail, /does not list 2027\/2.*Periods it lists: 2027\/1/);
    assert.deepEqual(await journeysOf(ie), []);
    assert.equal((await open(ie, 2027, 2, 'OPERADOR')).statusCode, 200);
  });

  test('inside the window an IE user opens it', async () => {
    const { ie } = await ieWithHistory('ENCERRADA');
    await setWindow(ie, addDays(today(), -5), today());
    assert.equal((await open(ie, 2027, 1)).statusCode, 200);
  });
});

describe('a new journey takes only contracts that can still be renewed', () => {
  test('dropped out, withdrawn, concluded, inactive, cancelled and deleted stay out; a lock carries', async () => {
    const ie = await createIe(t.db);
    const j2: TestJourney = await createJourney(t.db, ie, { ano: 2026, semestre: 2 });
    const contracts: Record<string, TestContract> = {};
    for (const name of ['active', 'dropout', 'withdrawn', 'concluded', 'inactive', 'cancelled', 'deleted', 'locked']) {
      contracts[name] = await createContract(t.db, ie, { inicioRestituicao: '2031-01-01' });
    }
    const entry = async (name: string, situacao: 'APTO' | 'SEM_RENOVACAO' = 'APTO') =>
      createEntry(t.db, ie, j2, contracts[name]!, { situacao });
    for (const name of ['active', 'dropout', 'withdrawn', 'inactive', 'cancelled', 'deleted']) await entry(name);
    await entry('locked', 'SEM_RENOVACAO'); // SEM_RENOVACAO/TRANCAMENTO
    await entry('concluded', 'SEM_RENOVACAO');
    // The dropout happens through the API, as the IE does it (situação E, restitution brought forward).
    const call = (url: string, payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url, payload, ies: [ie.ieId] });
    const dropoutBrb = (await t.db
      .selectFrom('entrada_jornada')
      .select('id')
      .where('contrato_id', '=', contracts.dropout!.contratoId)
      .executeTakeFirstOrThrow())!.id;
    const d = await call('/s/v2/renovacao/situacao-matricula/afastamento-evasao', {
      brbId: dropoutBrb,
      tipo: 'E',
      motivo: 'Abandonou o curso',
      'data-ocorrido': brDay(-1),
    });
    assert.equal(d.statusCode, 200, d.body);
    const setMatricula = (name: string, situacao_matricula: string) =>
      t.db.updateTable('bolsa').set({ situacao_matricula }).where('id', '=', contracts[name]!.bolsaId).execute();
    await setMatricula('withdrawn', 'F');
    await setMatricula('concluded', 'C');
    await setMatricula('inactive', 'I');
    await setMatricula('locked', 'T');
    const setStatus = (name: string, status: 'CANCELADO' | 'EXCLUIDO') =>
      t.db.updateTable('contrato').set({ status }).where('id', '=', contracts[name]!.contratoId).execute();
    await setStatus('cancelled', 'CANCELADO');
    await setStatus('deleted', 'EXCLUIDO');
    await t.db.updateTable('jornada').set({ status: 'ENCERRADA' }).where('id', '=', j2.jornadaId).execute();

    const r = await open(ie, 2027, 1);
    assert.equal(r.statusCode, 200, r.body);
    const jornadaId = r.json().jornadas[0].id as number;
    assert.deepEqual(
      await entriesOf(jornadaId),
      [
        { contrato_id: contracts.active!.contratoId, situacao: 'APTO', motivo: null },
        { contrato_id: contracts.locked!.contratoId, situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' },
      ].sort((a, b) => a.contrato_id - b.contrato_id),
    );

    // By hand: a dropout stays out (422), a withdrawn student may come back (the return).
    const insert = (name: string) =>
      call('/s/v1/insere-jornada', { journeyId: jornadaId, contratoId: contracts[name]!.contratoId });
    const refused = await insert('dropout');
    assert.equal(refused.statusCode, 422, refused.body);
    assert.equal(problemOf(refused).situacaoMatricula, 'E');
    assert.equal((await entriesOf(jornadaId)).length, 2);
    assert.equal((await insert('withdrawn')).statusCode, 200);
  });
});

describe("the dashboard's default journey", () => {
  const current = async (ie: TestIe) => {
    const r = await t.call({ method: 'GET', url: '/s/v2/renovacao/dashboard/contadores', ies: [ie.ieId] });
    assert.equal(r.statusCode, 200, r.body);
    return (r.json().jornadas as { id: number }[]).map((j) => j.id);
  };

  test('is the open one; while none is open, the latest', async () => {
    const { ie, j2 } = await ieWithHistory('ABERTA');
    assert.deepEqual(await current(ie), [j2.jornadaId]);
    await t.db.updateTable('jornada').set({ status: 'ENCERRADA' }).where('id', '=', j2.jornadaId).execute();
    assert.deepEqual(await current(ie), [j2.jornadaId]);
    const opened = await open(ie, 2027, 1);
    assert.equal(opened.statusCode, 200, opened.body);
    assert.deepEqual(await current(ie), [opened.json().jornadas[0].id]);
  });
});
