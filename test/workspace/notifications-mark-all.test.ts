import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { createNotification } from '../helpers/workspace-factories.js';

// Issue 21, item 8: "marcar todas como lidas", for the caller only, never another IE's or user's.

let t: TestContext;
let ie: TestIe;
let other: TestIe;
before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  other = await createIe(t.db);
});
after(() => t.close());

const MARK_ALL = '/s/v2/ies/notificacoes/marcar-todas-visualizadas';
const current = (sub: string, ies: number[]) =>
  t.token({ ies, sub }).then((token) => t.call({ method: 'GET', url: '/s/v2/ies/notificacoes', token }));

test("marks every notification the caller sees viewed, for the caller only; another IE's stay unread", async () => {
  await createNotification(t.db, ie);
  await createNotification(t.db, ie);
  await createNotification(t.db, ie, { usuario: 'ana' });
  await createNotification(t.db, ie, { usuario: 'bia' });
  await createNotification(t.db, other);
  assert.equal((await current('ana', [ie.ieId])).json().naoLidas, 3);

  const token = await t.token({ ies: [ie.ieId], sub: 'ana' });
  const res = await t.call({ method: 'POST', url: MARK_ALL, token });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json(), { marcadas: 3, naoLidas: 0 });
  const after = (await current('ana', [ie.ieId])).json();
  assert.equal(after.naoLidas, 0);
  assert.ok(after.itens.every((n: { visualizada: boolean }) => n.visualizada));
  assert.equal(after.total, 3, 'marking read does not close the modals');

  // Another user of the same IE and the other IE's user still have theirs unread.
  assert.equal((await current('bia', [ie.ieId])).json().naoLidas, 3);
  assert.equal((await current('caio', [other.ieId])).json().naoLidas, 1);

  const again = await t.call({ method: 'POST', url: MARK_ALL, token });
  assert.deepEqual(again.json(), { marcadas: 0, naoLidas: 0 });
});

test('401 without a token; 400 with a query it does not take', async () => {
  const res = await t.call({ method: 'POST', url: MARK_ALL, token: null });
  assert.equal(res.statusCode, 401);
  problemOf(res);
  const bad = await t.call({ method: 'POST', url: `${MARK_ALL}?tudo=1`, ies: [ie.ieId] });
  assert.equal(bad.statusCode, 400);
  problemOf(bad);
});

test('the e-mail preference says whether e-mail can be sent at all (no SMTP_URL here)', async () => {
  const res = await t.call({ method: 'GET', url: '/s/v2/preferencias/email', ies: [ie.ieId] });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().envioConfigurado, false);
  const saved = await t.call({
    method: 'PUT',
    url: '/s/v2/preferencias/email',
    ies: [ie.ieId],
    payload: { email: 'ana@faculdade.edu.br' },
  });
  assert.equal(saved.statusCode, 200, saved.body);
  assert.deepEqual([saved.json().ativo, saved.json().envioConfigurado], [true, false]);
  const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  try {
    const r = await withSmtp.call({ method: 'GET', url: '/s/v2/preferencias/email', ies: [1] });
    assert.equal(r.json().envioConfigurado, true);
  } finally {
    await withSmtp.close();
  }
});
