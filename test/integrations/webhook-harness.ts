import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startIntegrations } from '../../src/jobs/integrations.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { startReceiver } from './webhook-receiver.js';

/**
 * What the webhook tests share: the service in-process with its delivery worker (the timer off,
 * so each test runs the worker itself with `runOnce`) and a receiver on loopback; and the
 * registration of an endpoint by an IE system (role API).
 */
export async function startWebhookHarness(env: Record<string, string> = {}) {
  const receiver = await startReceiver();
  const t = await createTestApp({ INTEGRATIONS_POLL_MS: '600000', ...env });
  const worker = await startIntegrations(t.config, t.db, t.app.log, null);
  return {
    t,
    receiver,
    worker,
    async close() {
      await worker.stop();
      await t.close();
      await receiver.close();
    },
  };
}

export type WebhookHarness = Awaited<ReturnType<typeof startWebhookHarness>>;

/** Registers an endpoint for these IEs (a fresh API user); answers its token and the 201 body. */
export async function registerEndpoint(t: TestContext, ies: number[], eventos: string[], url: string) {
  const token = await t.token({ sub: `sis-${randomUUID()}`, ies, role: 'API' });
  const response = await t.call({ method: 'POST', url: '/s/v2/webhooks/endpoints', token, payload: { url, eventos } });
  assert.equal(response.statusCode, 201, response.body);
  return { token, endpoint: response.json() as { id: number; segredo: string; ieId: number } };
}
