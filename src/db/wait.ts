import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { PostgresSettings } from '../config.js';
import { type Text, t } from '../http/i18n.js';
import { isConnectionLoss } from './connection-loss.js';
import type { Db } from './database.js';

/** The database could not be reached (at start, or while migrating): the CLI says so in one line. */
export class DatabaseUnreachable extends Error {
  override name = 'DatabaseUnreachable';
  constructor(
    readonly text: Text,
    options?: ErrorOptions,
  ) {
    super(text.en, options);
  }
}

/** host:port/database of a URL, never its credentials. */
export function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

const reason = (error: unknown) =>
  (error as { code?: string })?.code ?? (error instanceof Error ? error.message : String(error));

/** The one-line explanation once the wait is over. */
export function unreachable(settings: PostgresSettings, waitedS: number, error: unknown): DatabaseUnreachable {
  const where = databaseAddress(settings.url);
  const why = reason(error);
  return new DatabaseUnreachable(
    t(
      `banco de dados inacessível (database unreachable): ${where} não respondeu em ${waitedS} s (${why}); confira DATABASE_URL e se o PostgreSQL está no ar, ou aumente DATABASE_WAIT_SECONDS.`,
      `database unreachable: ${where} did not answer within ${waitedS} s (${why}); check DATABASE_URL and that PostgreSQL is up, or raise DATABASE_WAIT_SECONDS.`,
    ),
    { cause: error },
  );
}

/**
 * Waits for the database at start: the service and its database are often started together (a
 * container platform, a host booting) and the database may come up second. Tries `select 1`, and
 * while the database is unreachable retries with a doubling pause (0.5 s up to 5 s), logging each
 * attempt, for at most `waitSeconds` (DATABASE_WAIT_SECONDS); then gives up with
 * DatabaseUnreachable. An error that is not a lost connection (wrong password, no such database)
 * is not waited for: it is the configuration, and it is thrown at once.
 */
export async function waitForDatabase(db: Db, settings: PostgresSettings, log: Logger): Promise<void> {
  const waitMs = (settings.waitSeconds ?? 60) * 1000;
  const started = Date.now();
  for (let attempt = 1, pause = 500; ; attempt++, pause = Math.min(pause * 2, 5000)) {
    try {
      await sql`select 1`.execute(db);
      if (attempt > 1) log.info({ attempt, waitedMs: Date.now() - started }, 'database reachable');
      return;
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      const waited = Date.now() - started;
      if (waited >= waitMs) throw unreachable(settings, Math.round(waited / 1000), error);
      const retryInMs = Math.min(pause, waitMs - waited);
      log.warn(
        { attempt, retryInMs, database: databaseAddress(settings.url), reason: reason(error) },
        'database unreachable, retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
