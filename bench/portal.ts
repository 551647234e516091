// The portal's speed in a real browser (issue 13), a benchmark and not a timed test:
//   npx tsx bench/portal.ts   (bin/renova.js runs dist/ when it exists: `npm run build` first;
//                              web/dist is rebuilt here when stale)
//   npm run bench -- --only portal
// Debian's chromium (/usr/bin/chromium, or CHROMIUM_PATH) driven by Playwright, never a downloaded
// browser. Two services, each a child process of bin/renova.js: the demo (`serve --mock`, IE 1 has
// about a thousand entries) and a PostgreSQL scratch database seeded with one IE of 50,000 students
// (`renova seed --ies 1 --students 50000`). On each, signed in as the demo's IE 1 user:
//   - the dashboard route's JavaScript, gzipped (every script the page loaded), ≤ 250 KB;
//   - tab counters and the list's first page on screen after navigating to / (fresh browser
//     context, so no HTTP cache; one uncounted navigation warms the service first), measured in
//     the page from navigation start, ≤ 1.5 s (worst of 5);
//   - a page change or a filter change rendered (click to the new rows on screen), ≤ 300 ms p95.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/chromium-args.js';
import { withScratchDatabase } from './scratch-db.js';

/** The little of the DOM the in-page functions use (the bench compiles without the DOM library). */
interface BenchElement {
  textContent: string | null;
  click(): void;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}
declare const document: { querySelector(selector: string): BenchElement | null };

export const PORTAL_TARGETS = { jsGzipBytes: 250 * 1024, firstViewMs: 1500, changeP95Ms: 300 };

export interface PortalFigure {
  subject: string;
  name: string;
  value: string;
  target: string;
  pass: boolean;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NAVIGATIONS = 5;
const CHANGES = 10; // of each kind: 10 page changes and 10 filter changes

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A node script of the project with its arguments; resolves when it exits 0. */
function node(args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}: ${err}`)),
    );
  });
}

/** `renova serve` on a free port, ready when /readyz answers; stopped with SIGTERM. */
async function serve(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['bin/renova.js', 'serve', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`renova serve exited ${child.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('renova serve not ready in 240 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { base, stop };
}

/** A fresh context (empty HTTP cache) signed in as the demo's IE 1 user, with a page. */
async function signedInPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const res = await context.request.post('/s/sessao/demo', {
    data: { usuario: 'ie-1' },
    headers: { 'X-Requested-With': 'bench' },
  });
  if (!res.ok()) throw new Error(`demo sign-in answered ${res.status()}`);
  return context.newPage();
}

/** Navigates to the dashboard; answers ms from navigation start to the first view, and the scripts loaded. */
async function firstView(page: Page): Promise<{ ms: number; scripts: string[] }> {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'commit' });
  // Counters loaded, and the list's first page with its totals, on screen.
  const handle = await page.waitForFunction(
    () => {
      const counter = document.querySelector('[data-testid="contador-aptos"]');
      const row = document.querySelector('table[aria-label="Estudantes da aba"] tbody tr');
      const total = document.querySelector('[data-testid="total-lista"]');
      return counter && /\(\d/.test(counter.textContent ?? '') && row && total ? performance.now() : false;
    },
    null,
    { polling: 'raf', timeout: 30_000 },
  );
  return { ms: Number(await handle.jsonValue()), scripts };
}

/** What the list shows: its totals line and its first row ('' while a new page replaces it). */
function signature(): string {
  const row = document.querySelector('table[aria-label="Estudantes da aba"] tbody tr');
  const total = document.querySelector('[data-testid="total-lista"]');
  return row && total ? `${total.textContent}|${row.textContent}` : '';
}

/**
 * Clicks the element marked data-bench-next, timed in the page, and answers the ms until the list
 * shows something other than before; 5,000 when nothing changed within 5 s.
 */
async function timedChange(page: Page): Promise<number> {
  const before = await page.evaluate(signature);
  const t0 = await page.evaluate(() => {
    const t = performance.now();
    document.querySelector('[data-bench-next]')?.click();
    return t;
  });
  try {
    const handle = await page.waitForFunction(
      (prev) => {
        const row = document.querySelector('table[aria-label="Estudantes da aba"] tbody tr');
        const total = document.querySelector('[data-testid="total-lista"]');
        const now = row && total ? `${total.textContent}|${row.textContent}` : '';
        return now !== '' && now !== prev ? performance.now() : false;
      },
      before,
      { polling: 'raf', timeout: 5_000 },
    );
    return Number(await handle.jsonValue()) - t0;
  } catch {
    return 5_000;
  } finally {
    await page.evaluate(() => document.querySelector('[data-bench-next]')?.removeAttribute('data-bench-next'));
  }
}

const mark = (element: import('@playwright/test').Locator) =>
  element.evaluate((el) => el.setAttribute('data-bench-next', ''));

/** Page changes (the next-page arrow), then filter changes (a different Turno each time). */
async function changes(page: Page): Promise<{ pages: number[]; filters: number[] }> {
  const pages: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    await mark(page.getByRole('button', { name: 'Próxima página' }));
    pages.push(await timedChange(page));
  }
  const filters: number[] = [];
  let previous = -1;
  for (let i = 0; i < CHANGES; i++) {
    await page.getByRole('combobox', { name: 'Turno' }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const n = await options.count();
    // Never the option already chosen: choosing it again would clear the filter.
    const index = i % n === previous ? (i + 1) % n : i % n;
    previous = index;
    await mark(options.nth(index));
    filters.push(await timedChange(page));
  }
  return { pages, filters };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The gzipped size (level 9) of the scripts a page loaded, read from web/dist. */
function gzippedBytes(scripts: string[]): number {
  let total = 0;
  for (const path of new Set(scripts)) {
    const file = `${ROOT}web/dist/${path.replace(/^.*?\/assets\//, 'assets/')}`;
    total += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return total;
}

async function measure(browser: Browser, base: string, subject: string, log: (line: string) => void) {
  const figures: PortalFigure[] = [];
  const views: number[] = [];
  let scripts: string[] = [];
  // One navigation first, not counted: the service's own first queries (plans, JIT) are not the
  // portal's. Every counted one is a fresh context: no HTTP cache.
  for (let i = 0; i <= NAVIGATIONS; i++) {
    const page = await signedInPage(browser, base);
    const view = await firstView(page);
    if (i > 0) views.push(view.ms);
    scripts = view.scripts;
    await page.context().close();
  }
  log(`${subject}: first view after navigation ${views.map((v) => v.toFixed(0)).join(', ')} ms`);
  const bytes = gzippedBytes(scripts);
  figures.push({
    subject,
    name: `dashboard route JavaScript (${new Set(scripts).size} files), gzipped`,
    value: `${(bytes / 1024).toFixed(1)} KB`,
    target: '≤ 250 KB',
    pass: bytes <= PORTAL_TARGETS.jsGzipBytes,
  });
  const worst = Math.max(...views);
  figures.push({
    subject,
    name: `counters and first list page visible after navigation (${NAVIGATIONS} cold navigations)`,
    value: `median ${percentile(views, 50).toFixed(0)} ms, worst ${worst.toFixed(0)} ms`,
    target: '≤ 1500 ms (worst)',
    pass: worst <= PORTAL_TARGETS.firstViewMs,
  });
  const page = await signedInPage(browser, base);
  await firstView(page);
  const { pages, filters } = await changes(page);
  await page.context().close();
  const all = [...pages, ...filters];
  const p95 = percentile(all, 95);
  log(`${subject}: page changes ${pages.map((v) => v.toFixed(0)).join(', ')} ms`);
  log(`${subject}: filter changes ${filters.map((v) => v.toFixed(0)).join(', ')} ms`);
  figures.push({
    subject,
    name: `page or filter change rendered (${all.length} changes)`,
    value: `p50 ${percentile(all, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (pages p95 ${percentile(pages, 95).toFixed(0)}, filters p95 ${percentile(filters, 95).toFixed(0)})`,
    target: '≤ 300 ms p95',
    pass: p95 <= PORTAL_TARGETS.changeP95Ms,
  });
  for (const f of figures) log(`${subject}: ${f.name}: ${f.value} (${f.target}) — ${f.pass ? 'PASS' : 'MISS'}`);
  return figures;
}

export async function benchPortal(options: {
  url?: string;
  log?: (line: string) => void;
  students?: number;
}): Promise<PortalFigure[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const students = options.students ?? 50_000;
  await node(['scripts/build-web.mjs', '--if-stale']);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const figures: PortalFigure[] = [];
  try {
    const demo = await serve(['--mock'], {});
    try {
      figures.push(...(await measure(browser, demo.base, 'demo', log)));
    } finally {
      await demo.stop();
    }
    await withScratchDatabase('portal', { url: options.url, log }, async (scratch) => {
      const started = Date.now();
      await node(['bin/renova.js', 'seed', '--ies', '1', '--students', String(students)], {
        DATABASE_URL: scratch.url,
      });
      const { n } = await scratch.db
        .selectFrom('entrada_jornada')
        .innerJoin('jornada', 'jornada.id', 'entrada_jornada.jornada_id')
        .where('jornada.ie_id', '=', 1)
        .where('jornada.status', '=', 'ABERTA')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const subject = `IE of ${students.toLocaleString('en')} students`;
      log(`${subject}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${n} entries in IE 1's open journey`);
      const big = await serve(['--no-demo'], {
        DATABASE_URL: scratch.url,
        JWT_SECRET: 'bench-portal-secret-bench-portal-secret',
      });
      try {
        figures.push(...(await measure(browser, big.base, subject, log)));
      } finally {
        await big.stop();
      }
    });
  } finally {
    await browser.close();
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchPortal({ url: process.env.BENCH_DATABASE_URL });
  process.stdout.write('\n## portal summary\n');
  for (const f of figures) {
    process.stdout.write(`${f.subject} — ${f.name}: ${f.value} (${f.target}) — ${f.pass ? 'PASS' : 'MISS'}\n`);
  }
}
