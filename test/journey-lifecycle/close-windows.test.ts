import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeEndedWindows } from '../../src/modules/journey-lifecycle/close-windows.job.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { countRows, testDatabaseKind } from '../helpers/db.js';
import { createContract, createEntry, createIe, createJourney, type TestIe } from '../helpers/factories.js';
import { assertCountersExact, timelineOf } from '../helpers/lifecycle-factories.js';

const TODAY = '2031-03-10';

let t: TestContext;
let ie: TestIe;
let other: TestIe;

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  other = await createIe(t.db);
});
after(() => t.close());

async function journeyWith(target: TestIe, janelaFim: string, situacoes: [string, string | null][], ano = 2031) {
  const journey = await createJourney(t.db, target, {
    ano,
    semestre: 1,
    tipo: `T${Math.random().toString(36).slice(2, 8)}`,
    janelaInicio: '2031-01-01',
    janelaFim,
  });
  const brbIds: number[] = [];
  for (const [situacao, motivo] of situacoes) {
    const contract = await createContract(t.db, target);
    const entry = await createEntry(t.db, target, journey, contract, {
      situacao: situacao as never,
      motivo: motivo as never,
    });
    brbIds.push(entry.brbId);
  }
  return { ...journey, brbIds };
}

/** Earlier tests' journeys stay open; close them so each test counts only its own. */
async function closeEveryOpenJourney() {
  await t.db.updateTable('jornada').set({ status: 'ENCERRADA' }).where('status', '=', 'ABERTA').execute();
}

async function notifications(ieId: number, tipo: string) {
  return t.db.selectFrom('notificacao').selectAll().where('ie_id', '=', ieId).where('tipo', '=', tipo).execute();
}

describe('closeEndedWindows (the scheduled job)', () => {
  test('moves only APTO entries of ended windows, closes the journeys, notifies; a second run changes nothing', async () => {
    const ended = await journeyWith(ie, '2031-03-09', [
      ['APTO', null],
      ['APTO', null],
      ['EM_PROCESSAMENTO', null],
      ['SEM_RENOVACAO', 'TRANCAMENTO'],
      ['FINALIZADO', null],
    ]);
    const endsToday = await journeyWith(ie, TODAY, [['APTO', null]]);
    const endsSoon = await journeyWith(ie, '2031-03-15', [['APTO', null]]);
    const later = await journeyWith(ie, '2031-05-01', [['APTO', null]]);
    const alreadyClosed = await journeyWith(other, '2031-02-01', [['APTO', null]]);
    await t.db.updateTable('jornada').set({ status: 'ENCERRADA' }).where('id', '=', alreadyClosed.jornadaId).execute();

    const result = await closeEndedWindows(t.db, TODAY);
    assert.deepEqual(result, { jornadasEncerradas: 1, entradasNaoRenovadas: 2, avisosFechamento: 2 });

    const entries = await t.db
      .selectFrom('entrada_jornada')
      .select(['id', 'situacao', 'motivo', 'versao'])
      .where('id', 'in', ended.brbIds)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      entries.map((e) => `${e.situacao}/${e.motivo ?? ''}`),
      [
        'SEM_RENOVACAO/NAO_RENOVADO',
        'SEM_RENOVACAO/NAO_RENOVADO',
        'EM_PROCESSAMENTO/',
        'SEM_RENOVACAO/TRANCAMENTO',
        'FINALIZADO/',
      ],
    );
    assert.equal(entries[0]?.versao, 2);
    const events = await timelineOf(t.db, ended.brbIds);
    assert.equal(events.length, 2);
    for (const ev of events) {
      assert.equal(ev.acao, 'JANELA_ENCERRADA');
      assert.equal(ev.usuario, 'sistema');
      assert.deepEqual(
        [ev.situacao_anterior, ev.motivo_anterior, ev.situacao_nova, ev.motivo_novo],
        ['APTO', null, 'SEM_RENOVACAO', 'NAO_RENOVADO'],
      );
    }
    assert.deepEqual(await assertCountersExact(t.db, ended.jornadaId), {
      'SEM_RENOVACAO/NAO_RENOVADO': 2,
      'EM_PROCESSAMENTO/': 1,
      'SEM_RENOVACAO/TRANCAMENTO': 1,
      'FINALIZADO/': 1,
    });
    const journeys = await t.db.selectFrom('jornada').select(['id', 'status', 'encerrada_em']).execute();
    const status = (id: number) => journeys.find((j) => j.id === id)?.status;
    assert.equal(status(ended.jornadaId), 'ENCERRADA');
    assert.ok(journeys.find((j) => j.id === ended.jornadaId)?.encerrada_em);
    for (const j of [endsToday, endsSoon, later]) assert.equal(status(j.jornadaId), 'ABERTA');
    // Untouched: windows not ended, and an already closed journey.
    for (const j of [endsToday, endsSoon, later, alreadyClosed]) {
      const rows = await t.db
        .selectFrom('entrada_jornada')
        .select('situacao')
        .where('jornada_id', '=', j.jornadaId)
        .execute();
      assert.deepEqual(
        rows.map((r) => r.situacao),
        ['APTO'],
      );
    }

    const closedNotes = await notifications(ie.ieId, 'JANELA_FECHADA');
    assert.equal(closedNotes.length, 1);
    assert.equal((closedNotes[0]!.dados as { naoRenovados: number }).naoRenovados, 2);
    const warnings = await notifications(ie.ieId, 'JANELA_FECHANDO');
    assert.deepEqual(
      warnings.map((n) => (n.dados as { jornadaId: number }).jornadaId).sort(),
      [endsToday.jornadaId, endsSoon.jornadaId].sort(),
    );
    assert.equal((await notifications(other.ieId, 'JANELA_FECHADA')).length, 0);

    const eventsBefore = await countRows(t.database, 'evento_timeline');
    const notesBefore = await countRows(t.database, 'notificacao');
    const again = await closeEndedWindows(t.db, TODAY);
    assert.deepEqual(again, { jornadasEncerradas: 0, entradasNaoRenovadas: 0, avisosFechamento: 0 });
    assert.equal(await countRows(t.database, 'evento_timeline'), eventsBefore);
    assert.equal(await countRows(t.database, 'notificacao'), notesBefore);
  });

  // On PGlite the two runs are serialized by the database (one transaction at a time): the same
  // check, without the race; the race itself runs on PostgreSQL.
  test(`two concurrent runs close each journey exactly once (${testDatabaseKind === 'postgres' ? 'two sessions' : 'serialized by PGlite'})`, async () => {
    await closeEveryOpenJourney();
    const a = await journeyWith(
      ie,
      '2031-04-01',
      [
        ['APTO', null],
        ['APTO', null],
        ['APTO', null],
      ],
      2032,
    );
    const b = await journeyWith(other, '2031-04-02', [['APTO', null]], 2032);
    const day = '2031-04-20';
    const results = await Promise.all([closeEndedWindows(t.db, day), closeEndedWindows(t.db, day)]);
    assert.equal(
      results.reduce((n, r) => n + r.jornadasEncerradas, 0),
      2,
      `${testDatabaseKind}: ${JSON.stringify(results)}`,
    );
    assert.equal(
      results.reduce((n, r) => n + r.entradasNaoRenovadas, 0),
      4,
    );
    const events = await timelineOf(t.db, [...a.brbIds, ...b.brbIds]);
    assert.equal(events.length, 4);
    assert.equal(new Set(events.map((e) => e.entrada_id)).size, 4);
    await assertCountersExact(t.db, a.jornadaId);
    await assertCountersExact(t.db, b.jornadaId);
    const closedNotes = (await notifications(ie.ieId, 'JANELA_FECHADA')).filter((n) =>
      (n.dados as { jornadas: number[] }).jornadas.includes(a.jornadaId),
    );
    assert.equal(closedNotes.length, 1);
  });

  test('an action holding an entry lock wins: the job skips the entry once it left APTO', {
    skip:
      testDatabaseKind !== 'postgres' &&
      'needs two sessions, and PGlite runs one transaction at a time: this test runs on PostgreSQL (npm run test:pg, .ci/run)',
  }, async () => {
    await closeEveryOpenJourney();
    const j = await journeyWith(
      ie,
      '2031-05-01',
      [
        ['APTO', null],
        ['APTO', null],
      ],
      2033,
    );
    const day = '2031-05-20';
    const job: { run?: Promise<{ entradasNaoRenovadas: number }> } = {};
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('entrada_jornada').select('id').where('id', '=', j.brbIds[0]!).forUpdate().execute();
      job.run = closeEndedWindows(t.db, day);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await trx
        .updateTable('entrada_jornada')
        .set({ situacao: 'EM_PROCESSAMENTO' })
        .where('id', '=', j.brbIds[0]!)
        .execute();
    });
    const result = await job.run!;
    assert.equal(result.entradasNaoRenovadas, 1);
    const rows = await t.db
      .selectFrom('entrada_jornada')
      .select(['id', 'situacao'])
      .where('jornada_id', '=', j.jornadaId)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((r) => r.situacao),
      ['EM_PROCESSAMENTO', 'SEM_RENOVACAO'],
    );
    assert.equal((await timelineOf(t.db, [j.brbIds[0]!])).length, 0);
    await assertCountersExact(t.db, j.jornadaId);
  });
});
