#!/usr/bin/env node
// Runs the compiled CLI when it exists (production), otherwise the TypeScript sources through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (existsSync(compiled)) {
  await import(compiled);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
