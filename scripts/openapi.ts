// Writes the OpenAPI document generated from the route schemas to docs/openapi.json, or with
// --check fails when the committed document differs from what the code generates, or is invalid.
import { readFileSync, writeFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { createAuth } from '../src/http/auth.js';
import { writeWebApi } from './web-api.js';

const FILE = 'docs/openapi.json';

export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  const database = await createDatabase({ kind: 'pglite', dataDir: 'memory://' });
  const app = await buildApp({ config, db: database.db, auth: await createAuth(config.jwt, null), logger: false });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const generated = await generateOpenApi();
  const result = await validate(JSON.parse(generated));
  if (!result.valid) {
    console.error('The generated OpenAPI document is not valid:', JSON.stringify(result.errors, null, 2));
    process.exit(1);
  }
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(FILE, 'utf8');
    } catch {}
    if (committed !== generated) {
      console.error(`${FILE} is out of date with the route schemas: run "npm run openapi" and commit it.`);
      process.exit(1);
    }
    console.log(`${FILE} is up to date and valid OpenAPI 3.1.`);
  } else {
    writeFileSync(FILE, generated);
    await writeWebApi(); // the portal's client types follow the document (web/src/lib/api/schema.d.ts)
    const operations = Object.values(JSON.parse(generated).paths as Record<string, object>).reduce(
      (n: number, p) => n + Object.keys(p).length,
      0,
    );
    console.log(`wrote ${FILE}: ${operations} operations, valid OpenAPI 3.1`);
  }
}
