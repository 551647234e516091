import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, today } from '../../src/lib/business-date.js';
import { maskCpf } from '../../src/lib/cpf.js';
import {
  type ActionEntry,
  type ActionWorld,
  assertInvalid,
  createActionWorld,
  post,
  requests,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createContract } from '../helpers/factories.js';

// DOMAIN.md, "Values": every CPF the service accepts, in any operation, is checked (check digits,
// not all the same digit) and stored unmasked; masked and unmasked forms are accepted.

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const LOCK_FORM = '/s/v2/mais-acoes/trancamento';
const lockForm = (e: ActionEntry, cpf: string) => ({
  brbId: e.brbId,
  cpf,
  tipo: 'D',
  'data-ocorrido': `${addDays(today(), -1)}T10:00:00-03:00`,
});
const INVALID = ['000.000.000-00', '00000000000', '111.111.111-11', '123.456.789-00', '123.456.789-0', '1234567890a'];

describe('CPF in the v2 lock form (interface 2.3)', () => {
  for (const cpf of INVALID) {
    test(`"${cpf}" is 400 at /body/cpf and nothing changes`, async () => {
      const e = await w.entry('APTO');
      const before = await snapshot(t.db, e);
      assertInvalid(await post(t, w.ie, LOCK_FORM, lockForm(e, cpf)), '/body/cpf', /not a valid CPF/);
      assert.deepEqual(await snapshot(t.db, e), before);
    });
  }

  for (const [form, show] of [
    ['masked', maskCpf],
    ['unmasked', (c: string) => c],
  ] as const) {
    test(`a valid CPF ${form} is accepted and recorded as 11 digits`, async () => {
      const e = await w.entry('APTO');
      const r = await post(t, w.ie, LOCK_FORM, lockForm(e, show(e.cpf)));
      assert.equal(r.statusCode, 200, r.body);
      const [request] = await requests(t.db, e.brbId);
      assert.equal((request!.dados as { formulario: { cpf: string } }).formulario.cpf, e.cpf);
      assert.match(e.cpf, /^\d{11}$/);
    });
  }
});

describe('CPF in insere-jornada', () => {
  const insert = (cpf: string) => post(t, w.ie, '/s/v1/insere-jornada', { journeyId: w.journey.jornadaId, cpf });

  for (const cpf of INVALID) {
    test(`"${cpf}" is 400 at /body/cpf and no entry is made`, async () => {
      const before = await t.db.selectFrom('entrada_jornada').select('id').execute();
      assertInvalid(await insert(cpf), '/body/cpf', /not a valid CPF/);
      assert.equal((await t.db.selectFrom('entrada_jornada').select('id').execute()).length, before.length);
    });
  }

  test('a masked CPF finds the student (stored unmasked)', async () => {
    const c = await createContract(t.db, w.ie);
    const r = await insert(maskCpf(c.cpf));
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().contratoId, c.contratoId);
    const entry = await t.db
      .selectFrom('entrada_jornada')
      .select('cpf')
      .where('id', '=', r.json().brbId)
      .executeTakeFirstOrThrow();
    assert.equal(entry.cpf, c.cpf);
  });
});
