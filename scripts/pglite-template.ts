// Builds a migrated PGlite database and dumps its data directory to the given file (test template).
import { writeFile } from 'node:fs/promises';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const file = process.argv[2];
if (!file) throw new Error('usage: pglite-template.ts <file>');
const handle = await createDatabase({ kind: 'pglite', dataDir: 'memory://' });
await migrateToLatest(handle.db);
const dump = await handle.pglite!.dumpDataDir('none');
await writeFile(file, Buffer.from(await dump.arrayBuffer()));
await handle.close();
