import pino from 'pino';
import { buildApp } from './app.js';
import type { Config, PostgresSettings } from './config.js';
import { createDatabase } from './db/database.js';
import { answerBackupRequests } from './db/embedded-backup.js';
import { analyzeEmbedded } from './db/embedded-stats.js';
import { onConnectionError } from './db/guarded-pool.js';
import { migrateToLatest } from './db/migrate.js';
import { createOwnedDatabase } from './db/owned-database.js';
import { setQueryGuard } from './db/pglite-dialect.js';
import { waitForDatabase } from './db/wait.js';
import { createAuth } from './http/auth.js';
import { registerDeliveryNudge } from './http/delivery-nudge.js';
import { registerDrain } from './http/drain.js';
import { refuseMockKeyInProduction } from './http/mock-key.js';
import type { App } from './http/types.js';
import { startJobs } from './jobs/runner.js';
import { type SeedOptions, seedIfEmpty } from './seed/index.js';

export interface ServeOptions {
  /** Seed the demo when the database is empty (embedded default). */
  demo?: SeedOptions;
  onSeedProgress?: SeedOptions['onProgress'];
  /** Called once the database is ready, before the app (and its logger) starts: end progress output here. */
  onDatabaseReady?: () => void;
  /** Called last as the service closes (the CLI flushes and stops tracing there). */
  onClose?: () => Promise<void> | void;
}

/** The port could not be taken (in use, or not allowed): the CLI says so in one line. */
export class ListenError extends Error {
  override name = 'ListenError';
  constructor(
    readonly code: string,
    readonly host: string,
    readonly port: number,
  ) {
    super(`cannot listen on ${host}:${port} (${code})`);
  }
}

export interface RunningServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

/** config → database (migrated, seeded when empty) → app → listen, with graceful shutdown. */
export async function startServer(config: Config, options: ServeOptions = {}): Promise<RunningServer> {
  refuseMockKeyInProduction(config);
  if (config.database.kind === 'postgres') await preparePostgres(config.database, config.logLevel);
  const database = await createOwnedDatabase(config.database, 'serve');
  try {
    if (database.kind === 'pglite') await migrateToLatest(database.db);
    const seeded = options.demo
      ? await seedIfEmpty(database.db, { ...options.demo, onProgress: options.onSeedProgress })
      : false;
    if (database.kind === 'pglite') await analyzeEmbedded(database.db, seeded);
  } catch (error) {
    await database.close();
    throw error;
  }
  options.onDatabaseReady?.();
  const auth = await createAuth(config.jwt, config.dataDir);
  const app = await buildApp({ config, db: database.db, auth });
  onConnectionError((error) => app.log.warn({ err: error }, 'database connection lost'));
  if (database.pglite) {
    setQueryGuard(database.pglite, {
      queryTimeoutMs: config.embeddedQueryTimeoutMs,
      onSlowQuery: (info) => app.log.warn(info, 'embedded database statement over the time limit'),
    });
    // `renova backup` while serving (embedded-backup.ts).
    if (config.database.kind === 'pglite' && config.database.dataDir !== 'memory://') {
      const stop = answerBackupRequests(database.pglite, config.database.dataDir, app.log);
      app.addHook('onClose', async () => stop());
    }
  }
  const drain = registerDrain(app, config.basePath);
  const jobs = await startJobs(config, database.db, app.log, database.pool);
  registerDeliveryNudge(app, () => jobs.nudgeDeliveries());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await database.close();
    await options.onClose?.();
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close(); // jobs, database and its lock
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw new ListenError(code, config.host, config.port);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${port}${config.basePath}`;
  // Other commands on this data directory find the service here (`renova import` goes through it).
  database.lock?.update({ port, url });

  let closing: Promise<void> | null = null;
  const close = () => {
    // Stop accepting, let in-flight requests finish, then close the database (PGlite checkpointed).
    closing ??= app.close();
    return closing;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
      drain.start();
      // SIGINT is a person at a terminal: no load balancer to leave first.
      const wait = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
      new Promise((resolve) => setTimeout(resolve, wait)).then(close).then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return { app, url, close };
}

/**
 * PostgreSQL before serving: waits for it (DATABASE_WAIT_SECONDS, logging each retry) and migrates,
 * on connections of their own without the request-sized statement limits (a migration may be long).
 */
async function preparePostgres(settings: PostgresSettings, logLevel: string): Promise<void> {
  const log = pino({ level: logLevel });
  onConnectionError((error) => log.warn({ err: error }, 'database connection lost'));
  const maintenance = await createDatabase({ ...settings, poolMax: 2 }, { maintenance: true });
  try {
    await waitForDatabase(maintenance.db, settings, log);
    await migrateToLatest(maintenance.db);
  } finally {
    await maintenance.close();
  }
}
