// The dashboard route's JavaScript budget: the entry chunk plus every chunk the dashboard route
// imports statically, gzipped, must stay ≤ 250 KB (the other screens load lazily). Run after
// `npm run build:web`; CI fails past the budget.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const assets = fileURLToPath(new URL('../web/dist/assets', import.meta.url));
const files = readdirSync(assets);
const seen = new Set();
function walk(file) {
  if (seen.has(file)) return;
  seen.add(file);
  for (const m of readFileSync(join(assets, file), 'utf8').matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g))
    walk(m[1]);
}
for (const pattern of [/^index-.*\.js$/, /^dashboard-.*\.js$/]) walk(files.find((f) => pattern.test(f)));
const kb = [...seen].reduce((n, f) => n + gzipSync(readFileSync(join(assets, f))).length, 0) / 1024;
console.log(`dashboard route JS: ${kb.toFixed(1)} KB gzipped over ${seen.size} chunks (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) process.exit(1);
