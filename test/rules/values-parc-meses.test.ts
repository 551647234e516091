import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { rowErrorText } from '../../src/modules/values/row-errors.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { createAditivo } from '../helpers/story-factories.js';
import {
  batchRows,
  countersOf,
  entryState,
  ieWithEntries,
  openRequests,
  timelineOf,
  valuesItem,
} from '../helpers/values-factories.js';

/**
 * Issue 12, case 6 (DOMAIN.md, "Values"): parcMeses must be months of the journey's semester (of
 * its year when contratoAnual), with no month credited twice to the same contract across batches;
 * otherwise a row error, and the batch goes on. The journey of ieWithEntries is 2026/2.
 */
let t: TestContext;
let ie: TestIe;
before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
});
after(() => t.close());

const send = (valores: object[]) =>
  t.call({ method: 'POST', url: '/s/v2/contrato/valores/enviar', ies: [ie.ieId], payload: { valores } });

interface SendOut {
  lote: number;
  registrosComSucesso: number;
  registrosComErro: number;
}

describe('parcMeses against the semester and earlier credit (case 6)', () => {
  test('a 2026/2 row listing 01,02,03 is a row error; the valid row of the batch is recorded', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], ie);
    const [bad, good] = entries.map((e) => e.brbId) as [number, number];
    const before = {
      state: await entryState(t.db, bad),
      counters: await countersOf(t.db, bad),
      requests: await openRequests(t.db, bad),
      timeline: await timelineOf(t.db, bad),
    };
    const response = await send([
      valuesItem(bad, {
        qtdParcelasCobertura: 3,
        parcMeses: '01,02,03',
        valorCtrPrestServico: 2000,
        valorContrato: 1000,
      }),
      valuesItem(good, {
        qtdParcelasCobertura: 3,
        parcMeses: '07/2026,08/2026,09/2026',
        valorCtrPrestServico: 2000,
        valorContrato: 1000,
      }),
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as SendOut;
    assert.deepEqual([body.registrosComSucesso, body.registrosComErro], [1, 1]);
    const rows = await batchRows(t.db, body.lote);
    assert.deepEqual(
      rows.map((r) => [r.brb_id, r.resultado, r.erros.map((e) => [e.campo, e.regra])]),
      [
        [bad, 'ERRO', [['parcMeses', 'PARC_MESES']]],
        [good, 'SUCESSO', []],
      ],
    );
    assert.match(rowErrorText(rows[0]!.erros[0]!).en, /01\/2026, 02\/2026, 03\/2026.*semester \(2026\/2\)/);
    // Nothing changed for the refused row: situation, version, counters, requests, timeline.
    assert.deepEqual(await entryState(t.db, bad), before.state);
    assert.deepEqual(await countersOf(t.db, bad), {
      ...before.counters,
      APTO: before.counters.APTO! - 1,
      EM_PROCESSAMENTO: (before.counters.EM_PROCESSAMENTO ?? 0) + 1,
    });
    assert.deepEqual(await openRequests(t.db, bad), before.requests);
    assert.deepEqual(await timelineOf(t.db, bad), before.timeline);
    assert.equal((await entryState(t.db, good)).situacao, 'EM_PROCESSAMENTO');
  });

  test('a year other than the journey’s is a row error; with contratoAnual, any month of the year is fine', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], ie);
    const [wrongYear, annual] = entries.map((e) => e.brbId) as [number, number];
    const response = await send([
      valuesItem(wrongYear, {
        qtdParcelasCobertura: 2,
        parcMeses: '07/2027,08/2027',
        valorCtrPrestServico: 2000,
        valorContrato: 1000,
      }),
      valuesItem(annual, {
        contratoAnual: 'S',
        qtdParcelasCobertura: 3,
        parcMeses: '2026-03;2026-04;2026-05',
        valorCtrPrestServico: 2000,
        valorContrato: 1000,
      }),
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const rows = await batchRows(t.db, (response.json() as SendOut).lote);
    assert.deepEqual(
      rows.map((r) => [r.resultado, r.erros.map((e) => e.regra)]),
      [
        ['ERRO', ['PARC_MESES']],
        ['SUCESSO', []],
      ],
    );
    assert.equal((await entryState(t.db, wrongYear)).situacao, 'APTO');
  });

  test('a month already credited to the contract (an earlier batch, signed or generated) is a row error', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], ie);
    const [credited, fresh] = entries as [(typeof entries)[number], (typeof entries)[number]];
    // An earlier batch of 2026/2 credited this contract 07..12/2026 (six months, the default) and was signed.
    await createAditivo(t.db, ie, credited, credited.contratoId, { ano: 2026, semestre: 2, status: 'ASSINADO' });
    const before = await entryState(t.db, credited.brbId);
    const response = await send([
      valuesItem(credited.brbId, {
        qtdParcelasCobertura: 2,
        parcMeses: '08/2026,09/2026',
        valorCtrPrestServico: 2000,
        valorContrato: 1000,
      }),
      valuesItem(fresh.brbId, {
        qtdParcelasCobertura: 2,
        parcMeses: '08/2026,09/2026',
        valorCtrPrestServico: 2000,
        valorContrato: 1000,
      }),
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const rows = await batchRows(t.db, (response.json() as SendOut).lote);
    assert.deepEqual(
      rows.map((r) => [r.resultado, r.erros.map((e) => e.regra)]),
      [
        ['ERRO', ['PARC_MESES']],
        ['SUCESSO', []],
      ],
    );
    assert.match(rowErrorText(rows[0]!.erros[0]!).en, /08\/2026, 09\/2026.*already credited/);
    assert.deepEqual(await entryState(t.db, credited.brbId), before);
  });

  test('the schedule never lists a month twice after a full cycle (send, accept, sign)', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], ie);
    const entry = entries[0]!;
    await createAditivo(t.db, ie, entry, entry.contratoId, {
      ano: 2026,
      semestre: 1,
      status: 'ASSINADO',
      valor: '6000.00',
    });
    const refused = (
      await send([
        valuesItem(entry.brbId, {
          qtdParcelasCobertura: 3,
          parcMeses: '01,02,03',
          valorCtrPrestServico: 2000,
          valorContrato: 1000,
        }),
      ])
    ).json() as SendOut;
    assert.equal(refused.registrosComErro, 1);
    const accepted = (
      await send([
        valuesItem(entry.brbId, {
          qtdParcelasCobertura: 3,
          parcMeses: '10,11,12',
          valorCtrPrestServico: 2000,
          valorContrato: 1000,
        }),
      ])
    ).json() as SendOut;
    assert.equal(accepted.registrosComSucesso, 1);
    const operator = { role: 'OPERADOR' as const, ies: [] };
    assert.equal(
      (await t.call({ method: 'POST', url: `/s/operador/lotes/${accepted.lote}/aceitar`, ...operator, payload: {} }))
        .statusCode,
      200,
    );
    assert.equal(
      (
        await t.call({
          method: 'POST',
          url: `/s/operador/renovacoes/${entry.brbId}/assinatura`,
          ...operator,
          payload: {},
        })
      ).statusCode,
      200,
    );
    const s = (
      await t.call({
        method: 'GET',
        url: `/s/v2/contrato/valores/calcular-parcelas-reembolso?contratoId=${entry.contratoId}`,
        ies: [ie.ieId],
      })
    ).json() as { parcelas: { mesCredito: string }[] };
    assert.deepEqual(
      s.parcelas.map((p) => p.mesCredito),
      ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-10', '2026-11', '2026-12'],
    );
  });
});
