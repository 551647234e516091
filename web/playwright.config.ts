import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium-args.ts';
import { freePortsSync } from './e2e/ports.ts';

// One service for the suite: the mock environment (in-memory database, the same demo at every
// start) on a free port (the workers inherit it). Debian's chromium, never a downloaded browser.
process.env.E2E_PORT ??= String(freePortsSync());
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node bin/renova.js serve --mock',
    cwd: '..',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The tests' API contexts (Playwright's, over Node's keep-alive agent) reuse an idle connection
    // without a timeout of their own and never retry a POST: one sent just as the server closed that
    // connection after its 5-s keep-alive met ECONNRESET (bulk.spec.ts on a busy CI machine). The
    // suite's server keeps idle connections as long as the limit allows; a browser retries anyway.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      KEEP_ALIVE_TIMEOUT_MS: '600000',
    },
  },
});
