import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

// The service's Node flags (docs/deployment.md, "The process") are written where an operator
// reads them and where the benches start the service (bench/node-flags.ts, which the test build
// does not compile, so its constant is read from the source): they must be the same, or the
// benches measure a process nobody deploys.
const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');

test('npm start, the README, the deployment guide and the benches start the service with the same Node flags', () => {
  const flags = read('bench/node-flags.ts').match(/export const SERVICE_NODE_FLAGS = '([^']+)';/)?.[1];
  assert.equal(flags, '--min-semi-space-size=8');
  const command = `node ${flags} bin/renova.js serve`;
  const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
  assert.equal(start, command);
  assert.ok(read('README.md').includes(`NODE_ENV=production ${command}`));
  assert.ok(read('docs/deployment.md').includes(command));
});
