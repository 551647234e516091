#!/usr/bin/env node
// Runs the test suite on embedded PGlite and, when TEST_DATABASE_URL is set (or with --pg-only),
// on PostgreSQL, each test file on its own fresh database. Ends with "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';

const args = process.argv.slice(2);
const pgOnly = args.includes('--pg-only');
const filters = args.filter((a) => !a.startsWith('--'));

/** The files under dir whose names end with suffix, skipping folders named in skip. */
function filesUnder(dir, suffix, skip = []) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return skip.includes(e.name) ? [] : filesUnder(path, suffix, skip);
    return e.name.endsWith(suffix) ? [path] : [];
  });
}

// The longest files (a dozen CLI children each, or every operation twice) start first, so the
// suite does not end with one of them running alone while the other cores idle.
const LONGEST = /test\/cli\/|foundation\/cli|tenancy-every-operation|malformed-input/;
const files = filesUnder('test', '.test.ts', ['helpers'])
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort((a, b) => Number(LONGEST.test(b)) - Number(LONGEST.test(a)) || a.localeCompare(b));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// The test processes run JavaScript that esbuild transpiles here, once, instead of each loading
// tsx, whose loader hooks cost about 1.7 s of CPU per test file on Node 20. Each run has its own
// folder (a run beside it keeps its files), left to the next run to remove if this one is killed.
// The sources find ../package.json and ../../web/dist beside themselves, hence the two links; the
// tests read the repository's other files from the working directory.
const buildRoot = '.test-build';
const buildDir = join(buildRoot, String(process.pid));
mkdirSync(buildRoot, { recursive: true });
for (const name of readdirSync(buildRoot)) {
  if (!isAlive(Number(name))) rmSync(join(buildRoot, name), { recursive: true, force: true });
}
process.on('exit', () => rmSync(buildDir, { recursive: true, force: true }));
try {
  await build({
    entryPoints: ['src', 'test', 'scripts'].flatMap((dir) => filesUnder(dir, '.ts')),
    outdir: buildDir,
    outbase: '.',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    sourcesContent: false,
    logLevel: 'silent',
  });
} catch (error) {
  process.stderr.write(`transpiling src/, test/ and scripts/ for the tests failed:\n${error.message}\n`);
  process.exit(1);
}
for (const name of ['package.json', 'web']) symlinkSync(resolve(name), join(buildDir, name));
/** The transpiled copy of a .ts file under the repository. */
const built = (file) => join(buildDir, file.replace(/\.ts$/, '.js'));

/** Newest modification time of the files under a folder, in ms (0 when it does not exist). */
function newest(dir) {
  try {
    return Math.max(0, ...filesUnder(dir, '').map((file) => statSync(file).mtimeMs));
  } catch {
    return 0;
  }
}

// The CLI tests start `renova` (bin/renova.js) as a user does: the compiled dist/ when it exists,
// about 1.5 s of CPU less per start than compiling the sources through tsx. A dist/ older than
// src/ would test a stale build, so then the children run the sources (RENOVA_FROM_SOURCE=1).
const distFresh = newest('dist') >= newest('src');
if (!distFresh) {
  process.stdout.write(
    'CLI children run src/ through tsx (dist/ is missing or older than src/; npm run build makes them faster)\n',
  );
}
const cliEnv = distFresh ? {} : { RENOVA_FROM_SOURCE: '1' };

// One file more than the cores: the CLI and process tests spend most of their time waiting on the
// children they start, and a core left idle behind them is time the suite loses.
const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism() + 1;

function run(label, env) {
  return new Promise((resolve) => {
    process.stdout.write(`\n=== ${label} suite: ${files.length} test files ===\n`);
    const child = spawn(
      process.execPath,
      [
        // A failure's stack names the .ts file and line, as it did under tsx (which turns source
        // maps on too); about 0.2 s of CPU per file, spent reading the maps of node_modules.
        '--enable-source-maps',
        '--test',
        '--test-reporter=spec',
        `--test-concurrency=${concurrency}`,
        // On Node 20 the timeout also bounds each file as a whole: the CLI files (a dozen child
        // processes each) take two minutes on a quiet 2-core machine and passed three under a load
        // average of 15, so a file gets ten before it counts as hung.
        '--test-timeout=600000',
        ...files.map(built),
      ],
      { env: { ...process.env, ...cliEnv, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code) => {
      // The spec reporter closes with lines such as "ℹ pass 12", "ℹ fail 0" and "ℹ cancelled 0";
      // a test cut short by the timeout is cancelled, which counts as failed.
      const count = (name) => Number(out.match(new RegExp(`^ℹ ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
      resolve({ code: code ?? 1, passed: count('pass'), failed: count('fail') + count('cancelled') });
    });
  });
}

async function preparePostgres(url) {
  const template = `renova_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    process.stderr.write(`PostgreSQL at ${url} cannot be reached: ${error.message}\n`);
    process.exit(1);
  }
  // Drop databases left by runs that died (their process is gone); never those of a live run.
  const leftovers = await admin.query("select datname from pg_database where datname ~ '^renova_(t|tpl)_[0-9]+'");
  for (const { datname } of leftovers.rows) {
    const pid = Number(/^renova_(?:t|tpl)_(\d+)/.exec(datname)[1]);
    if (!isAlive(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
  }
  await admin.query(`create database ${template}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${template}`;
  const migrate = spawn(
    process.execPath,
    ['--enable-source-maps', built('scripts/migrate-url.ts'), target.toString()],
    {
      stdio: 'inherit',
    },
  );
  const code = await new Promise((resolve) => migrate.on('close', resolve));
  if (code !== 0) {
    process.stderr.write('migrating the PostgreSQL test template failed\n');
    process.exit(1);
  }
  return template;
}

async function dropTemplate(url, template) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.end();
}

/** A migrated PGlite data directory, dumped once, that every test file loads instead of running initdb. */
async function preparePglite() {
  const file = join(tmpdir(), `renova-pglite-template-${process.pid}.tar`);
  const make = spawn(process.execPath, ['--enable-source-maps', built('scripts/pglite-template.ts'), file], {
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => make.on('close', resolve));
  if (code !== 0) {
    process.stderr.write('building the PGlite test template failed\n');
    process.exit(1);
  }
  return file;
}

const results = [];
if (!pgOnly) {
  const template = await preparePglite();
  try {
    results.push(await run('PGlite', { TEST_DATABASE_URL: '', TEST_PGLITE_TEMPLATE: template }));
  } finally {
    rmSync(template, { force: true });
  }
}

const pgUrl = process.env.TEST_DATABASE_URL || (pgOnly ? 'postgres://postgres@127.0.0.1:5432/test' : '');
if (pgUrl) {
  const template = await preparePostgres(pgUrl);
  try {
    results.push(await run('PostgreSQL', { TEST_DATABASE_URL: pgUrl, TEST_PG_TEMPLATE: template }));
  } finally {
    await dropTemplate(pgUrl, template);
  }
} else {
  process.stdout.write(
    '\nPostgreSQL suite SKIPPED: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (or run npm run test:pg) to run it.\n',
  );
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const ok = results.every((r) => r.code === 0) && failed === 0 && passed > 0;
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(ok ? 0 : 1);
