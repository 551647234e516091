// Migrates the PostgreSQL database at the given URL (used by scripts/test.js for the test template).
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const url = process.argv[2];
if (!url) throw new Error('usage: migrate-url.ts postgres://...');
const handle = await createDatabase({ kind: 'postgres', url, poolMax: 1 });
try {
  await migrateToLatest(handle.db);
} finally {
  await handle.close();
}
