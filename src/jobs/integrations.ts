import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import {
  type Claim,
  claimDueEmails,
  createMailTransport,
  deliverEmail,
  discardDueEmails,
} from '../modules/integrations/email.delivery.js';
import { claimDueDeliveries, deliverWebhook } from '../modules/integrations/webhook.delivery.js';
import { inSpan, SpanKind } from '../telemetry/tracing.js';

/** The pg-boss queue that carries one e-mail or webhook delivery per job. */
export const DELIVERY_QUEUE = 'entregas-integracao';
const BATCH = 20;

interface DeliveryJob {
  kind: 'email' | 'webhook';
  claim: Claim;
}

export interface IntegrationWorker {
  /** One pass now, delivered in-process whatever the database (tests, CLI): how many were handled. */
  runOnce(): Promise<number>;
  /** Something here may have written to the outboxes: look as soon as the poll interval allows. */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * Delivers the e-mail and webhook outboxes. Rows are written by triggers in the transaction of
 * the change (migration 0550); this worker polls for due rows, claims them for a lease and
 * delivers them. On PostgreSQL each claimed row becomes a pg-boss job (any instance's worker
 * sends it; claims use SKIP LOCKED, so instances never take the same row); on PGlite they are
 * delivered in-process. Retries and their backoff live in the outbox rows, so both paths behave
 * the same, and a process killed mid-delivery leaves its rows to be claimed again after the lease.
 *
 * The poll waits `pollMs` after a pass that found work; after passes that found none it waits
 * twice as long each time, up to `idlePollMs`: an idle instance does not query its database
 * several times a second. A write answered here (`nudge`) brings the next pass forward, never to
 * less than `pollMs` after the last, and this instance's pg-boss worker is woken when jobs are
 * queued; writes made elsewhere (another instance, the scheduled work, retries coming due) are
 * found within `idlePollMs`.
 */
export async function startIntegrations(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  boss: PgBoss | null,
): Promise<IntegrationWorker> {
  const settings = config.integrations;
  const production = config.env === 'production';
  const transport = createMailTransport(settings);

  // A span per delivery job (tracing on), around its statements and its POST or e-mail.
  const deliver = ({ kind, claim }: DeliveryJob) =>
    inSpan(
      `job ${DELIVERY_QUEUE}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.destination.name': DELIVERY_QUEUE, 'renova.delivery.kind': kind },
      },
      async () => {
        if (kind === 'webhook') return deliverWebhook(db, settings, production, claim, log);
        if (!transport) return 'IGNORADO';
        return deliverEmail(db, settings, transport, claim);
      },
    );

  const claimAll = async (): Promise<DeliveryJob[]> => {
    const jobs: DeliveryJob[] = [];
    if (transport) {
      for (const claim of await claimDueEmails(db, BATCH, settings.leaseMs)) jobs.push({ kind: 'email', claim });
    } else {
      const dropped = await discardDueEmails(db);
      if (dropped > 0) log.info({ descartados: dropped }, 'e-mail: SMTP_URL not set, notifications not e-mailed');
    }
    for (const claim of await claimDueDeliveries(db, BATCH, settings.leaseMs)) jobs.push({ kind: 'webhook', claim });
    return jobs;
  };

  const runOnce = async () => {
    const jobs = await claimAll();
    await Promise.all(
      jobs.map((job) => deliver(job).catch((error) => log.error({ err: error, job }, 'delivery failed'))),
    );
    return jobs.length;
  };

  let workerId: string | null = null;
  if (boss) {
    // The outbox row keeps the retries; pg-boss must not retry a job on its own. The worker is
    // woken when this instance queues jobs; its own poll only finds jobs queued by an instance
    // that stopped before its worker took them.
    await boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE, retryLimit: 0, expireInSeconds: 120 });
    workerId = await boss.work<DeliveryJob>(
      DELIVERY_QUEUE,
      { batchSize: 10, pollingIntervalSeconds: 10 },
      async (jobs) => {
        await Promise.all(jobs.map((job) => deliver(job.data)));
      },
    );
  }

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let dueAt = Number.POSITIVE_INFINITY;
  let lastPassAt = 0;
  let wait = settings.pollMs;
  let nudged = false;
  let running: Promise<unknown> | null = null;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    timer = null;
    dueAt = Number.POSITIVE_INFINITY;
    nudged = false;
    running = (async () => {
      const jobs = await claimAll();
      if (boss) {
        if (jobs.length > 0) {
          await boss.insert(jobs.map((data) => ({ name: DELIVERY_QUEUE, data })));
          if (workerId) boss.notifyWorker(workerId);
        }
      } else {
        await Promise.all(jobs.map((job) => deliver(job)));
      }
      return jobs.length;
    })()
      .catch((error) => {
        log.error({ err: error }, 'integrations worker pass failed');
        return 0;
      })
      .then((handled) => {
        running = null;
        lastPassAt = Date.now();
        // A full batch means more may be due: go again at once. Work found, or a write during the
        // pass: the short interval. Nothing: wait longer each time, up to idlePollMs.
        wait = handled > 0 || nudged ? settings.pollMs : Math.min(wait * 2, settings.idlePollMs);
        schedule(handled >= BATCH ? 0 : wait);
      });
  };
  schedule(settings.pollMs);

  return {
    runOnce,
    nudge() {
      if (stopped) return;
      if (running) {
        nudged = true;
        return;
      }
      const at = Math.max(Date.now(), lastPassAt + settings.pollMs);
      if (at < dueAt) schedule(at - Date.now());
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}
