import { type MigrationResultSet, Migrator } from 'kysely';
import { isConnectionLoss } from './connection-loss.js';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; throws naming the migration that failed. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    // The database went away: that is what to say, not that a migration failed.
    if (isConnectionLoss(result.error)) {
      throw new MigrationError(
        `database unreachable while migrating: ${result.error instanceof Error ? result.error.message : String(result.error)}`,
        { cause: result.error },
      );
    }
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, {
      cause: result.error,
    });
  }
  return result;
}
