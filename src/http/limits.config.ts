import { type Static, Type } from '@sinclair/typebox';

/**
 * Time and concurrency limits of every connection (issue 23, item 2). config.ts spreads these
 * properties into its schema; docs/security.md explains each one.
 */
export const LimitsEnv = Type.Object({
  HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 15_000 }),
  BODY_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, default: 30_000 }),
  UPLOAD_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, default: 300_000 }),
  KEEP_ALIVE_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 5_000 }),
  IDLE_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, default: 300_000 }),
  UPLOADS_MAX: Type.Integer({ minimum: 1, maximum: 1000, default: 4 }),
  UPLOADS_MAX_PER_IE: Type.Integer({ minimum: 1, maximum: 1000, default: 2 }),
});

export interface LimitsConfig {
  /** From connection to the end of the request headers. */
  headersTimeoutMs: number;
  /** From the headers to the end of a (non-multipart) body: a JSON body read at 1 byte/s is cut here. */
  bodyTimeoutMs: number;
  /** The same for multipart uploads (a 50 MB sheet on a slow link). */
  uploadTimeoutMs: number;
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection with no byte in either direction for this long is closed (a server-side bound, too). */
  idleTimeoutMs: number;
  /** Uploads read and parsed at the same time: in the whole process, and per IE (or operator). */
  uploadsMax: number;
  uploadsMaxPerIe: number;
}

export function limitsFromEnv(env: Static<typeof LimitsEnv>): LimitsConfig {
  return {
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    uploadTimeoutMs: env.UPLOAD_TIMEOUT_MS,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    idleTimeoutMs: env.IDLE_TIMEOUT_MS,
    uploadsMax: env.UPLOADS_MAX,
    uploadsMaxPerIe: env.UPLOADS_MAX_PER_IE,
  };
}
