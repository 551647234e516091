#!/usr/bin/env node
// Runs the compiled CLI when it exists (production), otherwise the TypeScript sources through tsx.
// RENOVA_FROM_SOURCE=1 runs the sources even when dist/ exists (the test runner sets it when dist/
// is older than src/, so a test never exercises a stale build).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (existsSync(compiled) && process.env.RENOVA_FROM_SOURCE !== '1') {
  await import(compiled);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
