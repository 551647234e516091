import { isWrite } from './methods.js';
import type { App } from './types.js';

/**
 * A write answered here may have queued e-mails or webhooks (the outboxes' triggers write them in
 * the change's transaction, committed before the answer): `nudge` tells the delivery worker to
 * look now rather than at its next idle poll. Reads and refusals change nothing.
 */
export function registerDeliveryNudge(app: App, nudge: () => void): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (isWrite(request.method) && reply.statusCode < 400) nudge();
    done();
  });
}
