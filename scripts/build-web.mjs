// Builds the portal (web/ → web/dist) with Vite and writes .gz and .br beside each text asset, so
// the service sends them precompressed. With --if-stale (npm's prestart) it only builds when
// web/dist is missing or older than the portal's sources: a no-op start costs a few stat calls.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = fileURLToPath(new URL('../web', import.meta.url));
const dist = join(web, 'dist');

function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

if (process.argv.includes('--if-stale')) {
  const built = statSync(join(dist, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...['src', 'public', 'index.html', 'vite.config.ts'].map((p) => newest(join(web, p))));
  if (built > sources) process.exit(0);
  console.log(
    built ? 'The portal sources changed since the last build; building web/dist…' : 'Building the portal (web/dist)…',
  );
}

let vite;
try {
  vite = await import('vite');
} catch {
  console.warn('Vite is not installed (production install without dev dependencies?): the portal is not built.');
  process.exit(0);
}
await vite.build({ configFile: join(web, 'vite.config.ts'), logLevel: process.env.CI ? 'warn' : 'info' });

let files = 0;
for (const entry of readdirSync(dist, { recursive: true })) {
  const file = join(dist, String(entry));
  if (!/\.(js|css|html|svg|json|txt)$/.test(file) || !statSync(file).isFile()) continue;
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  files++;
}
console.log(`portal built in web/dist (${files} files precompressed)`);
