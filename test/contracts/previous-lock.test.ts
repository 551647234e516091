import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestContract,
  type TestEntry,
  type TestIe,
  type TestJourney,
} from '../helpers/factories.js';
import { createEvento, createSolicitacao } from '../helpers/story-factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
const journeys: Record<string, TestJourney> = {};
let contract: TestContract;
let current: TestEntry;
let kept: TestEntry;
let keptEventAt: string;
let older: TestEntry;
let olderRequest: number;
let theirContract: TestContract;
let theirs: TestEntry;

const url = (processId: number | string, bolsaId: number | string) =>
  `/s/v1/contrato/situacao-matricula/processo/${processId}/trancamento-anterior/bolsa/${bolsaId}`;

before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
  for (const [ano, semestre] of [
    [2025, 1],
    [2025, 2],
    [2026, 1],
    [2026, 2],
    [2027, 1],
  ] as const) {
    journeys[`${ano}-${semestre}`] = await createJourney(t.db, mine, { ano, semestre, status: 'ENCERRADA' });
  }
  contract = await createContract(t.db, mine);
  const lockedAs = { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' } as const;
  await createEntry(t.db, mine, journeys['2025-1']!, contract, { situacao: 'FINALIZADO' });
  older = await createEntry(t.db, mine, journeys['2025-2']!, contract, lockedAs);
  olderRequest = await createSolicitacao(t.db, mine, older, {
    tipo: 'TRANCAMENTO',
    status: 'CONCLUIDA',
    dados: { tipo: 'D', situacaoMatricula: 'T', dataOcorrido: '2025-08-10' },
    createdAt: '2025-08-12T13:00:00Z',
  });
  kept = await createEntry(t.db, mine, journeys['2026-1']!, contract, lockedAs);
  keptEventAt = '2026-02-01T03:00:00.000Z';
  await createEvento(t.db, mine, kept, { acao: 'ABERTURA', situacaoNova: 'APTO', createdAt: '2026-01-31T00:00:00Z' });
  await createEvento(t.db, mine, kept, {
    acao: 'MANTER_TRANCAMENTO',
    situacaoAnterior: 'APTO',
    situacaoNova: 'SEM_RENOVACAO',
    motivoNovo: 'TRANCAMENTO',
    createdAt: keptEventAt,
  });
  current = await createEntry(t.db, mine, journeys['2026-2']!, contract);
  await createEntry(t.db, mine, journeys['2027-1']!, contract, lockedAs);

  const otherJourney = await createJourney(t.db, other);
  theirContract = await createContract(t.db, other);
  theirs = await createEntry(t.db, other, otherJourney, theirContract);
});
after(() => t.close());

describe('GET .../processo/{id-processo}/trancamento-anterior/bolsa/{id-bolsa}', () => {
  test('answers the most recent earlier-period lock: a kept lock dated by its timeline event', async () => {
    const response = await t.call({ method: 'GET', url: url(current.processoId, contract.bolsaId), ies: [mine.ieId] });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      existe: true,
      trancamento: {
        brbId: kept.brbId,
        processoId: kept.processoId,
        jornada: { id: journeys['2026-1']!.jornadaId, ano: 2026, semestre: 1 },
        trancadoEm: keptEventAt,
        solicitacao: null,
      },
    });
  });

  test('a lock with a request and no timeline event is dated by the request and carries its data', async () => {
    const body = (
      await t.call({ method: 'GET', url: url(kept.processoId, contract.bolsaId), ies: [mine.ieId] })
    ).json();
    assert.deepEqual(body, {
      existe: true,
      trancamento: {
        brbId: older.brbId,
        processoId: older.processoId,
        jornada: { id: journeys['2025-2']!.jornadaId, ano: 2025, semestre: 2 },
        trancadoEm: '2025-08-12T13:00:00.000Z',
        solicitacao: {
          id: olderRequest,
          status: 'CONCLUIDA',
          criadaEm: '2025-08-12T13:00:00.000Z',
          dataOcorrido: '10-08-2025',
          caminhoArquivo: null,
        },
      },
    });
  });

  test('no earlier lock is 200 with existe false (later locks do not count)', async () => {
    const first = await t.db
      .selectFrom('processo')
      .select('id')
      .where('contrato_id', '=', contract.contratoId)
      .where('ano', '=', 2025)
      .where('semestre', '=', 1)
      .executeTakeFirstOrThrow();
    const response = await t.call({ method: 'GET', url: url(first.id, contract.bolsaId), ies: [mine.ieId] });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { existe: false, trancamento: null });
  });

  test('a process and a bolsa that do not belong together are 404', async () => {
    const another = await createContract(t.db, mine);
    const response = await t.call({ method: 'GET', url: url(current.processoId, another.bolsaId), ies: [mine.ieId] });
    assert.equal(response.statusCode, 404);
    assert.match(problemOf(response).detail, /not found/);
  });

  test("another IE's process or bolsa, and unknown ids, are 404; operators see all", async () => {
    for (const [processId, bolsaId] of [
      [theirs.processoId, theirContract.bolsaId],
      [current.processoId, theirContract.bolsaId],
      [theirs.processoId, contract.bolsaId],
      [9_999_999, contract.bolsaId],
      [current.processoId, 9_999_999],
    ]) {
      const response = await t.call({ method: 'GET', url: url(processId!, bolsaId!), ies: [mine.ieId] });
      assert.equal(response.statusCode, 404, `${processId}/${bolsaId}`);
    }
    const operator = await t.call({
      method: 'GET',
      url: url(theirs.processoId, theirContract.bolsaId),
      role: 'OPERADOR',
    });
    assert.deepEqual(operator.json(), { existe: false, trancamento: null });
  });

  test('bad ids are 400 naming the parameter; no token is 401', async () => {
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const process = await t.call({ method: 'GET', url: url(bad, contract.bolsaId), ies: [mine.ieId] });
      assert.equal(process.statusCode, 400);
      assert.equal(problemOf(process).errors?.[0]?.pointer, '/params/idProcesso');
      const bolsa = await t.call({ method: 'GET', url: url(current.processoId, bad), ies: [mine.ieId] });
      assert.equal(bolsa.statusCode, 400);
      assert.equal(problemOf(bolsa).errors?.[0]?.pointer, '/params/idBolsa');
    }
    const response = await t.call({ method: 'GET', url: url(current.processoId, contract.bolsaId), token: null });
    assert.equal(response.statusCode, 401);
  });
});
