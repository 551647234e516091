import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setClock, today } from '../../src/lib/business-date.js';
import {
  type ActionWorld,
  bolsa,
  contract,
  createActionWorld,
  entryState,
  post,
  requests,
  timeline,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';

// DOMAIN.md, "Time": business dates are days in America/Sao_Paulo. 01:30 UTC on 1 December 2026
// is 22:30 on 30 November in São Paulo (UTC−3): still November for the IE and the foundation.
const LATE_EVENING_30_NOV = new Date('2026-12-01T01:30:00Z');
const SM = '/s/v2/renovacao/situacao-matricula';

let t: TestContext;
let w: ActionWorld;
let restore: () => void;
before(async () => {
  restore = setClock(LATE_EVENING_30_NOV);
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(async () => {
  restore();
  await t.close();
});

const dropout = (brbId: number, day: string) => ({
  brbId,
  tipo: 'E',
  motivo: 'Deixou de frequentar as aulas',
  'data-ocorrido': day,
});

describe('one clock: business dates in America/Sao_Paulo', () => {
  test('the service clock reads 30 November at 22:30 in São Paulo', () => {
    assert.equal(today(), '2026-11-30');
  });

  test('a dropout at 22:30 on 30 November brings restitution to 2026-12, not 2027-01', async () => {
    const e = await w.entry('APTO', { contract: { inicioRestituicao: '2030-01-01' } });
    const r = await post(t, w.ie, `${SM}/afastamento-evasao`, dropout(e.brbId, '30-11-2026'));
    assert.equal(r.statusCode, 200, r.body);
    assert.equal((await contract(t.db, e.contratoId)).inicio_restituicao, '2026-12-01');
    assert.deepEqual(await entryState(t.db, e.brbId), {
      situacao: 'SEM_RENOVACAO',
      motivo: 'EVASAO',
      matricula: e.matricula,
      versao: 2,
    });
  });

  test('1 December (today in UTC, tomorrow in São Paulo) is a future date: 422 and nothing changes', async () => {
    const e = await w.entry('APTO', { contract: { inicioRestituicao: '2030-01-01' } });
    const before = {
      entry: await entryState(t.db, e.brbId),
      contract: await contract(t.db, e.contratoId),
      bolsa: await bolsa(t.db, e.bolsaId),
      timeline: await timeline(t.db, e.brbId),
      requests: await requests(t.db, e.brbId),
    };
    const r = await post(t, w.ie, `${SM}/afastamento-evasao`, dropout(e.brbId, '01-12-2026'));
    assert.equal(r.statusCode, 422, r.body);
    assert.match(problemOf(r).detail, /01-12-2026/);
    assert.deepEqual(
      {
        entry: await entryState(t.db, e.brbId),
        contract: await contract(t.db, e.contratoId),
        bolsa: await bolsa(t.db, e.bolsaId),
        timeline: await timeline(t.db, e.brbId),
        requests: await requests(t.db, e.brbId),
      },
      before,
    );
  });

  test('a journey opened now gets a window starting on 30 November (São Paulo)', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/abrir',
      payload: { ano: 2027, semestre: 1, ieId: (await createIe(t.db)).ieId },
      role: 'OPERADOR',
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().jornadas[0].janelaInicio, '2026-11-30');
  });
});
