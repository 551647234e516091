import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { type LimitsConfig, LimitsEnv, limitsFromEnv } from './http/limits.config.js';
import type { SheetLimits } from './lib/sheet-limits.js';
import {
  type IntegrationsConfig,
  IntegrationsEnv,
  integrationsFromEnv,
} from './modules/integrations/integrations.config.js';

/** Environment variables the service reads; every one is documented in the README. */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Optional(Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')])),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  BASE_PATH: Type.String({ default: '', pattern: '^(/[A-Za-z0-9._~-]+)*$' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
  DATABASE_REPLICA_URLS: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://[^,]+(,\\s*postgres(ql)?://[^,]+)*$' }),
  ),
  DATABASE_REPLICA_MAX_LAG_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 5000 }),
  DATABASE_REPLICA_CHECK_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 1000 }),
  DATABASE_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 5000 }),
  DATABASE_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 30_000 }),
  DATABASE_QUERY_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 0 })),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 60_000 }),
  DATABASE_KEEPALIVE_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 10_000 }),
  DATABASE_WAIT_SECONDS: Type.Integer({ minimum: 0, maximum: 86_400, default: 60 }),
  DATABASE_READY_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 2000 }),
  DATA_DIR: Type.String({ default: './data', minLength: 1 }),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  JWT_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 1 })),
  JWT_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  JWT_ALGORITHM: Type.Optional(Type.Union(['RS256', 'ES256', 'EdDSA'].map((a) => Type.Literal(a)))),
  JWKS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  JWT_ISSUER: Type.String({ default: 'renova', minLength: 1 }),
  JWT_AUDIENCE: Type.String({ default: 'renova-api', minLength: 1 }),
  JWT_CLOCK_TOLERANCE_S: Type.Integer({ minimum: 0, maximum: 300, default: 30 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    {
      default: 'info',
    },
  ),
  RATE_LIMIT_MAX: Type.Integer({ minimum: 0, default: 600 }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  UPLOAD_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 52_428_800 }),
  // Bounded work per uploaded sheet (docs/security.md, "Uploaded files"): past any of these the
  // upload is refused with 413 naming the limit, and reading stops.
  UPLOAD_MAX_ROWS: Type.Integer({ minimum: 1, default: 200_000 }),
  UPLOAD_MAX_COLUMNS: Type.Integer({ minimum: 1, maximum: 16_384, default: 64 }),
  UPLOAD_MAX_CELL_CHARS: Type.Integer({ minimum: 1, maximum: 1_048_576, default: 32_767 }),
  UPLOAD_MAX_INFLATED_BYTES: Type.Integer({ minimum: 1024, default: 268_435_456 }),
  UPLOAD_MAX_SHARED_STRINGS_BYTES: Type.Integer({ minimum: 1024, default: 16_777_216 }),
  UPLOAD_MAX_ZIP_ENTRIES: Type.Integer({ minimum: 1, default: 500 }),
  UPLOAD_MAX_ZIP_RATIO: Type.Integer({ minimum: 2, default: 200 }),
  VALUES_CHUNK_ROWS: Type.Integer({ minimum: 1, maximum: 100_000, default: 20_000 }),
  EMBEDDED_QUERY_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 5000 }),
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, maximum: 120_000, default: 0 }),
  RATE_LIMIT_REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  RATE_LIMIT_REDIS_TIMEOUT_MS: Type.Integer({ minimum: 10, maximum: 10_000, default: 500 }),
  SEED_DEMO: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  ...IntegrationsEnv.properties,
  ...LimitsEnv.properties,
  OIDC_ISSUER: Type.Optional(Type.String({ pattern: '^https?://' })),
  OIDC_CLIENT_ID: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  OIDC_SCOPE: Type.String({ default: 'openid profile', minLength: 1 }),
  OIDC_RESOURCE: Type.Optional(Type.String({ minLength: 1 })),
});

export type Env = Static<typeof EnvSchema>;

/**
 * PostgreSQL connections' limits, so a database that goes away (crash, failover, a silent network
 * partition) fails a request within seconds instead of holding it. 0 turns a limit off.
 */
export interface DatabaseTimeouts {
  /** Getting a connection (from the pool or a new one) takes at most this long. */
  connectMs: number;
  /** Server side: a statement running longer is cancelled (SQLSTATE 57014, answered 503). */
  statementMs: number;
  /** Client side: no answer from the server for this long (a partition) fails the query and drops its connection. */
  queryMs: number;
  /** Server side: a session idle inside an open transaction this long is ended, releasing its locks. */
  idleInTransactionMs: number;
  /** TCP keep-alive probes start after the connection is quiet this long (0: no keep-alive). */
  keepAliveMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 30_000,
  queryMs: 35_000,
  idleInTransactionMs: 60_000,
  keepAliveMs: 10_000,
};

export interface PostgresSettings {
  kind: 'postgres';
  url: string;
  poolMax: number;
  /** Defaults: DEFAULT_DATABASE_TIMEOUTS. */
  timeouts?: DatabaseTimeouts;
  /** At start, how long to keep trying an unreachable database before giving up (default 60). */
  waitSeconds?: number;
  /** /readyz answers 503 when `select 1` takes longer than this (default 2000). */
  readyTimeoutMs?: number;
  /** Read replicas (DATABASE_REPLICA_*): absent when none are configured. */
  replicas?: { urls: string[]; maxLagMs: number; checkMs: number };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  basePath: string;
  database: PostgresSettings | { kind: 'pglite'; dataDir: string | 'memory://' };
  /** Directory for files the service keeps between starts (the generated dev JWT secret). Null in memory mode. */
  dataDir: string | null;
  jwt: {
    secret?: string;
    publicKey?: string;
    privateKey?: string;
    algorithm?: 'RS256' | 'ES256' | 'EdDSA';
    jwksUrl?: string;
    issuer: string;
    audience: string;
    clockToleranceS: number;
  };
  logLevel: string;
  /** `redisUrl`: a shared store, so N instances enforce one limit (else each process counts alone). */
  rateLimit: { max: number; windowMs: number; redisUrl?: string; redisTimeoutMs?: number };
  /** Embedded PGlite only: a statement over this many ms fails its request with 503 (0: no limit). */
  embeddedQueryTimeoutMs: number;
  /** On SIGTERM: ms of answering not-ready (while still serving) before the server stops accepting. */
  shutdownDrainMs: number;
  bodyLimit: number;
  uploadLimit: number;
  /** What one uploaded sheet may make the service do (rows, columns, inflated bytes...). */
  uploadLimits: SheetLimits;
  /** Rows of a values batch checked and applied together (memory per batch vs statements per batch). */
  valuesChunkRows: number;
  /** E-mail and webhook delivery (SMTP_URL, SMTP_FROM, INTEGRATIONS_*, EMAIL_*, WEBHOOK_*). */
  integrations: IntegrationsConfig;
  /** Connection time limits and the cap on concurrent uploads (HEADERS_TIMEOUT_MS, UPLOADS_MAX, ...). */
  limits: LimitsConfig;
  /** OpenID provider the portal signs in with (authorization code + PKCE); null without OIDC_ISSUER. */
  oidc: { issuer: string; clientId: string; scope: string; resource: string | null } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  Object.assign(raw, overrides);
  const withDefaults = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const errors = [...Value.Errors(EnvSchema, withDefaults)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.path.slice(1) || '(root)'}: ${e.message} (got ${JSON.stringify(e.value)})`);
    throw new ConfigError(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
  }
  const env = withDefaults as Env;
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv === 'production' && !env.DATABASE_URL) {
    throw new ConfigError(
      'NODE_ENV=production needs a PostgreSQL DATABASE_URL (postgres://user@host:5432/db); the embedded database is for development and demos only.',
    );
  }
  if (env.JWT_PUBLIC_KEY && !env.JWT_ALGORITHM) {
    throw new ConfigError('JWT_PUBLIC_KEY needs JWT_ALGORITHM (RS256, ES256 or EdDSA).');
  }
  if (nodeEnv === 'production' && !env.JWT_SECRET && !env.JWT_PUBLIC_KEY && !env.JWKS_URL) {
    throw new ConfigError(
      'NODE_ENV=production needs a token verification key: JWT_SECRET, JWT_PUBLIC_KEY or JWKS_URL.',
    );
  }
  if (Boolean(env.OIDC_ISSUER) !== Boolean(env.OIDC_CLIENT_ID)) {
    throw new ConfigError(
      "OIDC_ISSUER and OIDC_CLIENT_ID go together: set both for the portal's OpenID Connect sign-in, or neither.",
    );
  }
  const memory = env.DATA_DIR === 'memory://';
  return {
    env: nodeEnv,
    port: env.PORT,
    host: env.HOST,
    basePath: env.BASE_PATH,
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolMax: env.DATABASE_POOL_MAX,
          timeouts: {
            connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
            statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
            // Past the server's own limit, so a slow statement is cancelled by the server (57014)
            // and only a database that stopped answering meets this one.
            queryMs:
              env.DATABASE_QUERY_TIMEOUT_MS ??
              (env.DATABASE_STATEMENT_TIMEOUT_MS === 0 ? 0 : env.DATABASE_STATEMENT_TIMEOUT_MS + 5000),
            idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
            keepAliveMs: env.DATABASE_KEEPALIVE_MS,
          },
          waitSeconds: env.DATABASE_WAIT_SECONDS,
          readyTimeoutMs: env.DATABASE_READY_TIMEOUT_MS,
          ...(env.DATABASE_REPLICA_URLS && {
            replicas: {
              urls: env.DATABASE_REPLICA_URLS.split(',').map((u) => u.trim()),
              maxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS,
              checkMs: env.DATABASE_REPLICA_CHECK_MS,
            },
          }),
        }
      : { kind: 'pglite', dataDir: memory ? 'memory://' : env.DATA_DIR },
    dataDir: memory ? null : env.DATA_DIR,
    jwt: {
      secret: env.JWT_SECRET,
      publicKey: env.JWT_PUBLIC_KEY,
      privateKey: env.JWT_PRIVATE_KEY,
      algorithm: env.JWT_ALGORITHM as Config['jwt']['algorithm'],
      jwksUrl: env.JWKS_URL,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      clockToleranceS: env.JWT_CLOCK_TOLERANCE_S,
    },
    logLevel: env.LOG_LEVEL,
    rateLimit: {
      max: env.RATE_LIMIT_MAX,
      windowMs: env.RATE_LIMIT_WINDOW_MS,
      redisUrl: env.RATE_LIMIT_REDIS_URL,
      redisTimeoutMs: env.RATE_LIMIT_REDIS_TIMEOUT_MS,
    },
    embeddedQueryTimeoutMs: env.EMBEDDED_QUERY_TIMEOUT_MS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    bodyLimit: env.BODY_LIMIT_BYTES,
    uploadLimit: env.UPLOAD_LIMIT_BYTES,
    uploadLimits: {
      rows: env.UPLOAD_MAX_ROWS,
      columns: env.UPLOAD_MAX_COLUMNS,
      cellChars: env.UPLOAD_MAX_CELL_CHARS,
      inflatedBytes: env.UPLOAD_MAX_INFLATED_BYTES,
      sharedStringsBytes: env.UPLOAD_MAX_SHARED_STRINGS_BYTES,
      zipEntries: env.UPLOAD_MAX_ZIP_ENTRIES,
      zipRatio: env.UPLOAD_MAX_ZIP_RATIO,
    },
    valuesChunkRows: env.VALUES_CHUNK_ROWS,
    integrations: integrationsFromEnv(env),
    limits: limitsFromEnv(env),
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            scope: env.OIDC_SCOPE,
            resource: env.OIDC_RESOURCE ?? null,
          }
        : null,
  };
}
