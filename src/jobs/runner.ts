import type { FastifyBaseLogger } from 'fastify';
import type { PostgresPool } from 'kysely';
import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import { isConnectionLoss } from '../db/connection-loss.js';
import type { Db } from '../db/database.js';
import { purgeIdempotencyKeys } from '../http/idempotency.js';
import { SERVICE_TIME_ZONE, today } from '../lib/business-date.js';
import { refreshNameKeyFrequencies } from '../modules/dashboard/name-keys.js';
import { closeEndedWindows } from '../modules/journey-lifecycle/close-windows.job.js';
import { sweepNamesLeftBehind } from '../modules/journey-lifecycle/entry-names.js';
import { inSpan, SpanKind } from '../telemetry/tracing.js';
import { startIntegrations } from './integrations.js';
import { onLentClient } from './lent-client.js';
import { retryStartRace } from './start-race.js';

/**
 * The queue of the window-closing job (also purges expired Idempotency-Key answers, samples name
 * trigrams and sweeps names a bulk opening left behind).
 */
export const WINDOWS_QUEUE = 'fechar-janelas';
export const WINDOWS_CRON = '*/15 * * * *';
const EMBEDDED_INTERVAL_MS = 15 * 60 * 1000;

export interface JobRunner {
  kind: 'pg-boss' | 'timer';
  /** Runs the scheduled work once now, in-process (tests, CLI). */
  runOnce(): Promise<void>;
  /** A write was answered: e-mails and webhooks it queued go out now, not at the next idle poll. */
  nudgeDeliveries(): void;
  stop(): Promise<void>;
}

/** One pass of the scheduled work. */
export async function scheduledWork(db: Db, log: FastifyBaseLogger): Promise<void> {
  const result = await closeEndedWindows(db, today());
  const purged = await purgeIdempotencyKeys(db);
  await refreshNameKeyFrequencies(db);
  const names = await sweepNamesLeftBehind(db);
  if (result.jornadasEncerradas > 0 || result.avisosFechamento > 0 || purged > 0 || names > 0) {
    log.info(
      { ...result, chavesIdempotenciaRemovidas: purged, nomesSemEntradaRemovidos: names },
      'scheduled job: renewal windows',
    );
  }
}

/**
 * Starts the scheduled jobs. On PostgreSQL they go through pg-boss, on the service's `pool`: a
 * cron schedule every 15 minutes on a `singleton` queue, so with several service instances exactly
 * one runs each slot (pg-boss keeps its own tables in schema `pgboss`). Embedded PGlite is one
 * instance by nature: the same work runs in-process on an unref'd timer.
 */
export async function startJobs(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  pool?: PostgresPool,
): Promise<JobRunner> {
  // A span per run (tracing on): the job and each statement it makes, under one trace.
  const runOnce = () =>
    inSpan(
      `job ${WINDOWS_QUEUE}`,
      { kind: SpanKind.CONSUMER, attributes: { 'messaging.destination.name': WINDOWS_QUEUE } },
      () => scheduledWork(db, log),
    );
  if (config.database.kind === 'pglite') {
    let running: Promise<void> | null = null;
    const tick = () => {
      running ??= runOnce()
        .catch((error) => log.error({ err: error }, 'scheduled job failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, EMBEDDED_INTERVAL_MS);
    timer.unref();
    const first = setTimeout(tick, 1_000);
    first.unref();
    const integrations = await startIntegrations(config, db, log, null);
    return {
      kind: 'timer',
      runOnce,
      nudgeDeliveries: () => integrations.nudge(),
      async stop() {
        clearInterval(timer);
        clearTimeout(first);
        await integrations.stop();
        await running;
      },
    };
  }

  if (!pool) throw new Error('startJobs: on PostgreSQL the jobs need the service pool');
  const boss = new PgBoss({ db: { executeSql: onLentClient(pool) } });
  boss.on('error', (error) => {
    // A database away (restart, failover) is an outage the service rides out, not a job's failure.
    if (isConnectionLoss(error)) log.warn({ err: error }, 'pg-boss: database unreachable');
    else log.error({ err: error }, 'pg-boss error');
  });
  await retryStartRace(() => boss.start());
  await retryStartRace(async () => {
    if (await boss.getQueue(WINDOWS_QUEUE)) return;
    await boss.createQueue(WINDOWS_QUEUE, {
      name: WINDOWS_QUEUE,
      policy: 'singleton',
      retryLimit: 2,
      expireInMinutes: 10,
    });
  });
  await retryStartRace(() => boss.schedule(WINDOWS_QUEUE, WINDOWS_CRON, {}, { tz: SERVICE_TIME_ZONE }));
  // The slot's job starts within 30 s of its time: pg-boss's default (a look every 2 s) would
  // query the database every 2 s, all day, for a job that comes every 15 minutes.
  await boss.work(WINDOWS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await runOnce();
  });
  // Its queues are created at start too: the same race between instances starting together.
  const integrations = await retryStartRace(() => startIntegrations(config, db, log, boss));
  return {
    kind: 'pg-boss',
    runOnce,
    nudgeDeliveries: () => integrations.nudge(),
    async stop() {
      await integrations.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}
