import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createActionWorld, entryState, post } from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

// No input gives a 5xx. Seen on the demo: a NUL character (U+0000) anywhere in a text that reaches
// the database — the dashboard search `busca=%00`, a JSON `"motivo":"a\u0000b"`, an adjustment's
// `descricao` — answered 500 "Erro interno" (PostgreSQL refuses NUL in text: SQLSTATE 22021, and
// in jsonb: 22P05). It is bad input: 400, in the reader's language, and nothing changes. In a JSON
// body it is refused before any handler runs, as every control character is (http/text-guard.ts):
// 422 naming the field.

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

function assertBadText(r: { statusCode: number; body: string; headers: Record<string, unknown> }, status = 400) {
  assert.equal(r.statusCode, status, r.body);
  assert.match(String(r.headers['content-type']), /^application\/problem\+json/);
}

describe('a NUL character in a text', () => {
  test('in the dashboard search: 400 in Portuguese by default', async () => {
    const w = await createActionWorld(t.db);
    const r = await t.call({
      method: 'GET',
      url: '/s/v2/renovacao/aptos?busca=%00',
      ies: [w.ie.ieId],
      headers: { 'accept-language': 'pt-BR' },
    });
    assertBadText(r);
    assert.match(problemOf(r).detail, /caractere nulo/);
  });

  test('in an action body (inactivate, motivo): 422 in English on request naming the field; the entry stays', async () => {
    const w = await createActionWorld(t.db);
    const e = await w.entry('APTO');
    const r = await post(t, w.ie, '/s/v3/mais-acoes/inativar-estudante', { brbId: e.brbId, motivo: 'a\u0000b' });
    assertBadText(r, 422);
    assert.match(problemOf(r).detail, /\/body\/motivo holds a control character/);
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'APTO');
  });

  test("in an adjustment's reason: 422, nothing recorded", async () => {
    const w = await createActionWorld(t.db);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('ajuste_repasse')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const r = await t.call({
      method: 'POST',
      url: '/s/operador/repasse/ajustes',
      payload: { ieId: w.ie.ieId, competencia: '2026-01', valor: 10, descricao: 'abc\u0000' },
      role: 'OPERADOR',
    });
    assertBadText(r, 422);
    assert.equal(await count(), before);
  });
});
