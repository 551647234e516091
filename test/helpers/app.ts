import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { createAuth, type Role } from '../../src/http/auth.js';
import { loggerOptions } from '../../src/http/logging.js';
import type { App } from '../../src/http/types.js';
import { createTestDatabase } from './db.js';
import { testLogSink } from './test-logs.js';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  config: Config;
  /** A signed token; IE role for the given IEs by default. */
  token(options?: { ies?: number[]; role?: Role; sub?: string; grupoIe?: number; ttl?: string }): Promise<string>;
  /**
   * app.inject with a bearer token for the given IEs (or `token: null` for none). It asks for
   * English messages (`Accept-Language: en`) unless the test sends its own Accept-Language: the
   * service answers Portuguese by default, which test/foundation/language.test.ts checks.
   */
  call(
    options: InjectOptions & { token?: string | null; ies?: number[]; role?: Role },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The URL of the test file's own PostgreSQL database, for a pool or pg-boss of the test's own. */
export function databaseUrl(t: TestContext): string {
  if (t.config.database.kind !== 'postgres') throw new Error('databaseUrl: the suite is not on PostgreSQL');
  return t.config.database.url;
}

/** The service in-process on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestApp(
  env: Record<string, string> = {},
  extend?: (app: App) => void,
): Promise<TestContext> {
  const database = await createTestDatabase();
  // The configuration names the database the suite runs on: on PostgreSQL, the code paths that
  // depend on the kind (exports' cursors, readiness limits) take their PostgreSQL side.
  const config = loadConfig({
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: 'memory://',
    ...(database.url && { DATABASE_URL: database.url }),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    ...env,
  });
  const auth = await createAuth(config.jwt, null);
  // Kept, not printed: a green run stays quiet, a failing one shows the service's side (test-logs.ts).
  const app = await buildApp({
    config,
    db: database.db,
    auth,
    logger: loggerOptions(env.LOG_LEVEL ?? process.env.TEST_LOG_LEVEL ?? 'info', testLogSink),
  });
  extend?.(app);
  await app.ready();
  const sign = auth.sign!;
  const token: TestContext['token'] = (options = {}) =>
    sign({
      sub: options.sub ?? `user-${(options.ies ?? [1]).join('-')}`,
      role: options.role ?? 'IE',
      ies: options.ies ?? (options.role === 'OPERADOR' ? [] : [1]),
      grupoIe: options.grupoIe,
      ttl: options.ttl,
    });
  return {
    app,
    database,
    db: database.db,
    config,
    token,
    async call({ token: given, ies, role, headers, ...options }) {
      const bearer = given === undefined ? await token({ ies, role }) : given;
      return app.inject({
        ...options,
        headers: {
          ...(Object.keys(headers ?? {}).some((h) => h.toLowerCase() === 'accept-language')
            ? {}
            : { 'accept-language': 'en' }),
          ...headers,
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Asserts nothing; returns the parsed problem body after checking the problem+json contract. */
export function problemOf(response: LightMyRequestResponse) {
  const type = response.headers['content-type'];
  if (!String(type).startsWith('application/problem+json')) {
    throw new Error(`expected application/problem+json, got ${type}: ${response.body}`);
  }
  return response.json() as {
    status: number;
    detail: string;
    erro: string;
    type: string;
    errors?: { pointer: string; message: string }[];
  } & Record<string, unknown>;
}
