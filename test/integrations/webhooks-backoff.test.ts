import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { backoffDelay } from '../../src/modules/integrations/integrations.config.js';
import { notify } from '../../src/modules/notifications/notify.js';
import type { TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { registerEndpoint, startWebhookHarness, type WebhookHarness } from './webhook-harness.js';

// Issue 15, section 4: a refused webhook is retried with exponential backoff (the default 30 s
// base: 30 s, 60 s, 120 s, … at most 6 h apart) for 24 hours from the first attempt, then the
// endpoint is disabled. Time is moved by editing the outbox row, not by waiting.

let h: WebhookHarness;
let t: TestContext;
let receiver: WebhookHarness['receiver'];
let worker: WebhookHarness['worker'];

before(async () => {
  h = await startWebhookHarness(); // backoff and window: the defaults
  ({ t, receiver, worker } = h);
});
after(() => h?.close());

test('the defaults: 30 s doubling, capped at 6 h; a 24 h window; 10 s for an answer', () => {
  const { integrations } = t.config;
  assert.equal(integrations.webhookRetryWindowMs, 24 * 3_600_000);
  assert.equal(integrations.webhookTimeoutMs, 10_000);
  assert.deepEqual(
    [1, 2, 3, 4, 10, 11, 30].map((n) => backoffDelay(integrations, n) / 1000),
    [30, 60, 120, 240, 15_360, 21_600, 21_600],
  );
});

test('each refused attempt waits twice as long as the one before; past 24 h the endpoint is disabled', async () => {
  const ie = await createIe(t.db);
  const endpointId = (await registerEndpoint(t, [ie.ieId], ['notificacao.criada'], receiver.url)).endpoint.id;
  receiver.answerNext(500, 503, 500, 500);
  await notify(t.db, [{ ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Lote', mensagem: 'x' }]);

  const delivery = () =>
    t.db
      .selectFrom('webhook_entrega')
      .select(['id', 'status', 'tentativas', 'proxima_em'])
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow();
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    await worker.runOnce();
    const d = await delivery();
    assert.equal(d.status, 'PENDENTE');
    assert.equal(d.tentativas, i + 1);
    waits.push(Math.round((new Date(d.proxima_em).getTime() - started) / 1000));
    assert.equal(await worker.runOnce(), 0, 'nothing is due before its time');
    await sql`update webhook_entrega set proxima_em = now() where id = ${d.id}`.execute(t.db);
  }
  // Seconds from the attempt to the next one (a second of slack for the attempt itself).
  assert.ok(
    Math.abs(waits[0]! - 30) <= 1 && Math.abs(waits[1]! - 60) <= 1 && Math.abs(waits[2]! - 120) <= 1,
    `${waits}`,
  );

  // 24 hours after the first attempt: the next refusal is the last.
  await sql`update webhook_entrega set janela_inicio = now() - interval '24 hours 1 second' where endpoint_id = ${endpointId}`.execute(
    t.db,
  );
  await worker.runOnce();
  assert.equal((await delivery()).status, 'FALHOU');
  const endpoint = await t.db
    .selectFrom('webhook_endpoint')
    .select('ativo')
    .where('id', '=', endpointId)
    .executeTakeFirstOrThrow();
  assert.equal(endpoint.ativo, false);
  assert.equal(receiver.received.length, 4, 'four attempts, every one with the same webhook-id');
  assert.equal(new Set(receiver.ids()).size, 1);
});
