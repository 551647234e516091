import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { registerDeliveryNudge } from '../../src/http/delivery-nudge.js';
import { startIntegrations } from '../../src/jobs/integrations.js';
import { notify } from '../../src/modules/notifications/notify.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { startSmtpReceiver } from './smtp-receiver.js';

// The delivery worker looks every INTEGRATIONS_POLL_MS while it finds work and backs off, up to
// INTEGRATIONS_IDLE_POLL_MS, while it finds none; a write the service answers brings its next
// look forward, so what that write queued goes out at once.

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let worker: Awaited<ReturnType<typeof startIntegrations>> | undefined;
let nudges = 0;

before(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp(
    { SMTP_URL: smtp.url, INTEGRATIONS_POLL_MS: '50', INTEGRATIONS_IDLE_POLL_MS: '600000' },
    (app) =>
      registerDeliveryNudge(app, () => {
        nudges++;
        worker?.nudge();
      }),
  );
});
after(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

/** A user of the IE, and their e-mail preference write. */
async function userOf(ieId: number) {
  const token = await t.token({ sub: `user-${randomUUID()}`, ies: [ieId] });
  const call = (payload: { email: string }) =>
    t.call({ method: 'PUT', url: '/s/v2/preferencias/email', token, payload });
  return { token, call };
}

test('a write answered nudges the delivery worker; a read or a refusal does not', async () => {
  const ie = await createIe(t.db);
  const { token, call } = await userOf(ie.ieId);
  const before = nudges;
  assert.equal((await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token })).statusCode, 200);
  assert.equal((await call({ email: 'não é e-mail' })).statusCode, 400);
  assert.equal(nudges, before, 'a read and a refused write change nothing');
  assert.equal((await call({ email: 'nudge@ie.test' })).statusCode, 200);
  assert.equal(nudges, before + 1);
});

test('idle, the worker backs off: a notification written waits for its next look, and a nudge sends it at once', async () => {
  const ie = await createIe(t.db);
  const { call } = await userOf(ie.ieId);
  assert.equal((await call({ email: 'idle@ie.test' })).statusCode, 200);
  worker = await startIntegrations(t.config, t.db, t.app.log, null);
  // Finding nothing, it looks 50 ms after starting, then 100, 200, 400... ms after each look:
  // after 3.5 s its next look is more than 2.5 s away (it was every 50 ms before).
  await sleep(3_500);
  await notify(t.db, [
    { ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Lote 1 processado', mensagem: 'Tudo certo.' },
  ]);
  await sleep(1_000);
  assert.equal(mailsTo('idle@ie.test').length, 0, 'not before its next look');
  worker.nudge();
  for (let i = 0; i < 100 && mailsTo('idle@ie.test').length === 0; i++) await sleep(50);
  assert.equal(mailsTo('idle@ie.test').length, 1, 'sent right after the nudge');
});
