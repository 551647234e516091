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
const LOCK_FORM = '/s/v2/mais-acoes/trancamento';

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
    assert.match(problemOf(r).detail, /01[-/]12[-/]2026/);
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

// The v2 lock form (2.3) takes `data-ocorrido` as an ISO 8601 date-time; an instant with a zone is
// a day in São Paulo, not the day its UTC text shows.
const state = async (brbId: number, bolsaId: number) => ({
  entry: await entryState(t.db, brbId),
  bolsa: await bolsa(t.db, bolsaId),
  timeline: await timeline(t.db, brbId),
  requests: await requests(t.db, brbId),
});

describe('an occurrence instant is a São Paulo day (lock form 2.3)', () => {
  test('the current instant written in UTC (2026-12-01T01:30:00Z) is today, 30 November: the lock is recorded', async () => {
    const e = await w.entry('APTO');
    const r = await post(t, w.ie, LOCK_FORM, { brbId: e.brbId, 'data-ocorrido': '2026-12-01T01:30:00Z' });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(await entryState(t.db, e.brbId), {
      situacao: 'SEM_RENOVACAO',
      motivo: 'TRANCAMENTO',
      matricula: e.matricula,
      versao: 2,
    });
    const [lock] = await requests(t.db, e.brbId);
    assert.equal((lock as { dados: { dataOcorrido: string } }).dados.dataOcorrido, '2026-11-30');
  });

  test('00:30 on 1 December in São Paulo (2026-12-01T00:30:00-03:00) is in the future: 422 and nothing changes', async () => {
    const e = await w.entry('APTO');
    const before = await state(e.brbId, e.bolsaId);
    const r = await post(t, w.ie, LOCK_FORM, { brbId: e.brbId, 'data-ocorrido': '2026-12-01T00:30:00-03:00' });
    assert.equal(r.statusCode, 422, r.body);
    assert.match(problemOf(r).detail, /01[-/]12[-/]2026/);
    assert.deepEqual(await state(e.brbId, e.bolsaId), before);
  });

  test('a date without time is the day written: 30-11 is today, accepted', async () => {
    const e = await w.entry('APTO');
    const r = await post(t, w.ie, LOCK_FORM, { brbId: e.brbId, 'data-ocorrido': '2026-11-30' });
    assert.equal(r.statusCode, 200, r.body);
  });

  test('a time that is no instant (25:00, offset +99:00) is 400 naming the field and the format', async () => {
    const e = await w.entry('APTO');
    for (const day of ['2026-11-20T25:00:00Z', '2026-11-20T10:00:00+99:00']) {
      const r = await post(t, w.ie, LOCK_FORM, { brbId: e.brbId, 'data-ocorrido': day });
      assert.equal(r.statusCode, 400, `${day}: ${r.body}`);
      assert.match(r.body, /data-ocorrido/);
      assert.match(problemOf(r).detail, /yyyy-mm-dd/);
    }
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'APTO');
  });
});
