import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, today } from '../../src/lib/business-date.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createContract, createIe, type TestContract, type TestIe } from '../helpers/factories.js';
import {
  assertCountersExact,
  createContracts,
  createContractWithHistory,
  setBolsaStatus,
  setContractStatus,
  timelineOf,
} from '../helpers/lifecycle-factories.js';
import { brokenReferences } from '../helpers/references.js';

let t: TestContext;
let ie: TestIe;
let other: TestIe;
let active: TestContract[];
let locked: TestContract;
let notRenewed: TestContract;
let cancelled: TestContract;
let bolsaOff: TestContract;

interface Opened {
  jornadas: {
    id: number;
    ieId: number;
    tipo: string;
    ano: number;
    semestre: number;
    status: string;
    janelaInicio: string;
    janelaFim: string;
    abertaPor: string;
    totalEntradas: number;
    contadores: { situacao: string; motivo: string | null; total: number }[];
  }[];
}

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  other = await createIe(t.db);
  active = await createContracts(t.db, ie, 3);
  // Entries of 2026/1: one locked (carried into 2026/2), one not renewed (regularization).
  locked = await createContractWithHistory(
    t.db,
    ie,
    { ano: 2026, semestre: 1 },
    { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' },
  );
  notRenewed = await createContractWithHistory(
    t.db,
    ie,
    { ano: 2026, semestre: 1 },
    { situacao: 'SEM_RENOVACAO', motivo: 'NAO_RENOVADO' },
  );
  cancelled = await createContract(t.db, ie);
  await setContractStatus(t.db, cancelled, 'CANCELADO');
  bolsaOff = await createContract(t.db, ie);
  await setBolsaStatus(t.db, bolsaOff, 'CANCELADA');
  await createContracts(t.db, other, 2);
});
after(() => t.close());

const open = (payload: Record<string, unknown>, url = '/s/v2/renovacao/jornadas/abrir', ies = [ie.ieId]) =>
  t.call({ method: 'POST', url, payload, ies });

describe('POST /s/v2/renovacao/jornadas/abrir', () => {
  test('opens RENOVACAO: active contracts APTO, a carried lock SEM_RENOVACAO/TRANCAMENTO, processes, timeline, counters', async () => {
    const response = await open({ ano: 2026, semestre: 2 });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as Opened;
    assert.equal(body.jornadas.length, 1);
    const j = body.jornadas[0]!;
    assert.equal(j.ieId, ie.ieId);
    assert.equal(j.tipo, 'RENOVACAO');
    assert.equal(j.status, 'ABERTA');
    assert.equal(j.abertaPor, `user-${ie.ieId}`);
    // Default window: today plus the convênio's 45 days, both ends included.
    assert.equal(j.janelaInicio, today());
    assert.equal(j.janelaFim, addDays(today(), 44));
    assert.equal(j.totalEntradas, 5);
    assert.deepEqual(j.contadores, [
      { situacao: 'APTO', motivo: null, total: 4 },
      { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO', total: 1 },
    ]);

    const entries = await t.db
      .selectFrom('entrada_jornada as e')
      .innerJoin('estudante as s', 's.id', 'e.estudante_id')
      .select(['e.id', 'e.contrato_id', 'e.situacao', 'e.motivo', 'e.cpf', 'e.matricula', 'e.nome_busca', 'e.ie_id'])
      .select(['e.curso_id', 'e.campus_id', 'e.turno_id', 'e.bolsa_id', 's.nome_busca as estudante_nome'])
      .where('e.jornada_id', '=', j.id)
      .orderBy('e.contrato_id')
      .execute();
    const byContract = new Map(entries.map((e) => [e.contrato_id, e]));
    for (const c of [...active, notRenewed]) {
      const e = byContract.get(c.contratoId);
      assert.ok(e, `contract ${c.contratoId} has an entry`);
      assert.equal(e.situacao, 'APTO');
      assert.equal(e.motivo, null);
      assert.equal(e.cpf, c.cpf);
      assert.equal(e.matricula, c.matricula);
      assert.equal(e.bolsa_id, c.bolsaId);
      assert.equal(e.nome_busca, e.estudante_nome);
      assert.deepEqual([e.ie_id, e.curso_id, e.campus_id, e.turno_id], [ie.ieId, ie.cursoId, ie.campusId, ie.turnoId]);
    }
    const carried = byContract.get(locked.contratoId);
    assert.equal(carried?.situacao, 'SEM_RENOVACAO');
    assert.equal(carried?.motivo, 'TRANCAMENTO');
    assert.equal(byContract.has(cancelled.contratoId), false, 'a cancelled contract is left out');
    assert.equal(byContract.has(bolsaOff.contratoId), false, 'a contract whose bolsa is not active is left out');

    const processes = await t.db
      .selectFrom('processo')
      .select(['entrada_id', 'contrato_id', 'ano', 'semestre', 'matricula', 'ie_id'])
      .where(
        'entrada_id',
        'in',
        entries.map((e) => e.id),
      )
      .execute();
    assert.equal(processes.length, 5);
    for (const p of processes) {
      assert.equal(p.ano, 2026);
      assert.equal(p.semestre, 2);
      assert.equal(p.contrato_id, byContract.get(p.contrato_id)?.contrato_id);
      assert.equal(p.matricula, byContract.get(p.contrato_id)?.matricula);
    }

    const events = await timelineOf(
      t.db,
      entries.map((e) => e.id),
    );
    assert.equal(events.length, 5);
    for (const ev of events) {
      assert.equal(ev.acao, 'ABERTURA_JORNADA');
      assert.equal(ev.situacao_anterior, null);
      assert.equal(ev.usuario, `user-${ie.ieId}`);
      const entry = entries.find((e) => e.id === ev.entrada_id)!;
      assert.equal(ev.situacao_nova, entry.situacao);
      assert.equal(ev.motivo_novo, entry.motivo);
      assert.equal((ev.detalhes as { jornadaId: number }).jornadaId, j.id);
    }
    const counters = await assertCountersExact(t.db, j.id);
    assert.deepEqual(counters, { 'APTO/': 4, 'SEM_RENOVACAO/TRANCAMENTO': 1 });
    assert.deepEqual(await brokenReferences(t.db), {}, 'entries, processes and events point at what they copy');
  });

  test('opening the same IE, type and period twice is 409 naming the journey; nothing is added', async () => {
    const response = await open({ ano: 2026, semestre: 2 });
    assert.equal(response.statusCode, 409);
    const problem = problemOf(response);
    assert.match(problem.detail, /already has an open RENOVACAO journey/);
    assert.equal(typeof problem.journeyId, 'number');
    const n = await t.db
      .selectFrom('jornada')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ie_id', '=', ie.ieId)
      .where('ano', '=', 2026)
      .where('semestre', '=', 2)
      .executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 1);
  });

  test('REGULARIZACAO (by path) takes only the contracts not renewed in the previous period', async () => {
    // Only the foundation sets the window (docs/decisions.md): it opens this one with ten days.
    const response = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/regularizacao/abrir',
      payload: { ieId: ie.ieId, ano: 2026, semestre: 2, janelaInicio: today(), janelaFim: addDays(today(), 10) },
      role: 'OPERADOR',
    });
    assert.equal(response.statusCode, 200, response.body);
    const j = (response.json() as Opened).jornadas[0]!;
    assert.equal(j.tipo, 'REGULARIZACAO');
    assert.equal(j.janelaFim, addDays(today(), 10));
    assert.deepEqual(j.contadores, [{ situacao: 'APTO', motivo: null, total: 1 }]);
    const entries = await t.db
      .selectFrom('entrada_jornada')
      .select('contrato_id')
      .where('jornada_id', '=', j.id)
      .execute();
    assert.deepEqual(
      entries.map((e) => e.contrato_id),
      [notRenewed.contratoId],
    );
    await assertCountersExact(t.db, j.id);
  });

  test('the type may come in the body of /jornadas/abrir; a body type that contradicts the path is 400', async () => {
    // One journey of a type may be open per IE (DOMAIN.md, "Journey periods"): close the 2026/2 one first.
    await t.db
      .updateTable('jornada')
      .set({ status: 'ENCERRADA' })
      .where('ie_id', '=', ie.ieId)
      .where('tipo', '=', 'REGULARIZACAO')
      .execute();
    const byBody = await open({ tipo: 'REGULARIZACAO', ano: 2027, semestre: 1 });
    assert.equal(byBody.statusCode, 200, byBody.body);
    assert.equal((byBody.json() as Opened).jornadas[0]?.tipo, 'REGULARIZACAO');
    const contradicts = await open(
      { tipo: 'REGULARIZACAO', ano: 2027, semestre: 2 },
      '/s/v2/renovacao/jornadas/RENOVACAO/abrir',
    );
    assert.equal(contradicts.statusCode, 400);
    assert.equal(problemOf(contradicts).errors?.[0]?.pointer, '/body/tipo');
  });

  test('an unknown type is 400 naming the allowed values', async () => {
    const byPath = await open({ ano: 2027, semestre: 2 }, '/s/v2/renovacao/jornadas/FERIAS/abrir');
    assert.equal(byPath.statusCode, 400);
    const problem = problemOf(byPath);
    assert.equal(problem.errors?.[0]?.pointer, '/params/tipo');
    assert.match(problem.detail, /RENOVACAO, REGULARIZACAO/);
    const byBody = await open({ tipo: 'X', ano: 2027, semestre: 2 });
    assert.equal(byBody.statusCode, 400);
    assert.equal(problemOf(byBody).errors?.[0]?.pointer, '/body/tipo');
  });

  test('bad ano, semestre, dates and unknown fields are 400 and open nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ano: 1999, semestre: 1 }, '/body/ano'],
      [{ ano: 2028, semestre: 3 }, '/body/semestre'],
      [{ semestre: 1 }, '/body/ano'],
      [{ ano: 2028, semestre: 1, janelaInicio: '01-07-2028' }, '/body/janelaInicio'],
      [{ ano: 2028, semestre: 1, janelaFim: '2099-02-30' }, '/body/janelaFim'],
      [{ ano: 2028, semestre: 1, janelaInicio: '2099-03-10', janelaFim: '2099-03-01' }, '/body/janelaFim'],
      [{ ano: 2028, semestre: 1, janelaFim: '2001-01-01' }, '/body/janelaFim'],
      [{ ano: 2028, semestre: 1, extra: true }, '/body/extra'],
    ];
    for (const [payload, pointer] of cases) {
      const response = await open(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.equal(problemOf(response).errors?.[0]?.pointer, pointer, JSON.stringify(payload));
    }
    const made = await t.db.selectFrom('jornada').select('id').where('ano', '=', 2028).execute();
    assert.equal(made.length, 0);
  });

  test("another IE's ieId is 404, like one that does not exist", async () => {
    for (const ieId of [other.ieId, 999_999]) {
      const response = await open({ ieId, ano: 2029, semestre: 1 });
      assert.equal(response.statusCode, 404);
      problemOf(response);
    }
    const made = await t.db.selectFrom('jornada').select('id').where('ie_id', '=', other.ieId).execute();
    assert.equal(made.length, 0);
  });

  test('an operator must name the IE; with it, the journey opens', async () => {
    const token = await t.token({ role: 'OPERADOR', sub: 'op-1' });
    const missing = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/abrir',
      token,
      payload: { ano: 2029, semestre: 1 },
    });
    assert.equal(missing.statusCode, 400);
    assert.equal(problemOf(missing).errors?.[0]?.pointer, '/body/ieId');
    const ok = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/abrir',
      token,
      payload: { ieId: other.ieId, ano: 2029, semestre: 1 },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    const j = (ok.json() as Opened).jornadas[0]!;
    assert.equal(j.ieId, other.ieId);
    assert.equal(j.totalEntradas, 2);
    assert.equal(j.abertaPor, 'op-1');
  });

  test("without ieId an IE user opens at each of the token's IEs", async () => {
    // Two IEs without journeys yet: an IE's first journey may be of any period.
    const [a, b] = [await createIe(t.db), await createIe(t.db)];
    const response = await open({ ano: 2030, semestre: 1 }, undefined, [a.ieId, b.ieId]);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as Opened;
    assert.deepEqual(body.jornadas.map((j) => j.ieId).sort(), [a.ieId, b.ieId].sort());
    for (const j of body.jornadas) await assertCountersExact(t.db, j.id);
  });

  test('without a token both operations are 401', async () => {
    for (const url of ['/s/v2/renovacao/jornadas/abrir', '/s/v2/renovacao/jornadas/RENOVACAO/abrir']) {
      const response = await t.call({ method: 'POST', url, token: null, payload: { ano: 2031, semestre: 1 } });
      assert.equal(response.statusCode, 401);
    }
  });
});
