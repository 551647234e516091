// The HTTP server the import benchmark (bench/import.ts) measures, in a process of its own, run by
// plain node on the compiled service in dist/ (what production runs; `npm run bench` builds it
// first). Plain JavaScript on purpose: under tsx the process would carry the transpiler, about
// 80 MB of RSS that is not the service's. It samples its own RSS and event-loop delay between the
// parent's 'start' and 'stop' messages.
import { existsSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(fileURLToPath(new URL('app.js', dist)))) {
  process.stderr.write('import bench: the service is not built; run `npm run build` first\n');
  process.exit(2);
}
const load = (path) => import(new URL(path, dist).href);
const [{ buildApp }, { loadConfig }, { createDatabase }, { createAuth }] = await Promise.all([
  load('app.js'),
  load('config.js'),
  load('db/database.js'),
  load('http/auth.js'),
]);

const config = loadConfig({
  DATABASE_URL: process.env.BENCH_SERVER_DATABASE_URL,
  JWT_SECRET: process.env.BENCH_SERVER_SECRET,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '0',
  DATA_DIR: 'memory://',
  UPLOAD_LIMIT_BYTES: String(200 * 1024 * 1024),
});
const database = await createDatabase(config.database);
const auth = await createAuth(config.jwt, null);
const app = await buildApp({ config, db: database.db, auth, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
let peakRss = 0;
/** process.memoryUsage() when the RSS peaked (BENCH_SERVER_MEMORY=1 prints it: heap, external, buffers). */
let atPeak;
let sampler;
const sample = () => {
  const usage = process.memoryUsage();
  if (usage.rss > peakRss) {
    peakRss = usage.rss;
    atPeak = usage;
  }
};
const printMemory = (when, usage) => {
  const mib = Object.entries(usage).map(([k, v]) => `${k} ${(v / 2 ** 20).toFixed(0)}`);
  process.stderr.write(`bench server ${when} (MiB): ${mib.join(', ')}\n`);
};
const loop = monitorEventLoopDelay({ resolution: 5 });
process.on('message', async (message) => {
  if (message === 'start') {
    peakRss = 0;
    sample();
    if (process.env.BENCH_SERVER_MEMORY === '1') printMemory('at start', atPeak);
    sampler = setInterval(sample, 20);
    loop.reset();
    loop.enable();
    process.send({ started: 1, rss: peakRss });
  } else if (message === 'stop') {
    loop.disable();
    clearInterval(sampler);
    sample();
    if (process.env.BENCH_SERVER_MEMORY === '1') printMemory('at peak RSS', atPeak);
    process.send({ peakRss, eventLoopP99Ms: loop.percentile(99) / 1e6 });
  } else if (message === 'exit') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
process.send({ port: typeof address === 'object' && address ? address.port : 0 });
