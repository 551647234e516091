import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Caller } from './auth.js';
import { invalidField } from './errors.js';
import { t } from './i18n.js';

/**
 * What an Idempotency-Key is read from and bound to (http/idempotency.ts): the key header, the
 * caller, the operation and the request's hash, and the answer's bytes that a retry replays.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7E]{1,200}$/;

/** JSON with object keys sorted at every level: equal requests hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * What a key is bound to: the path parameters, query and body (two requests to the same route
 * pattern with different ids are different requests). A multipart body is read by the handler, so
 * unless the route sets `request.idempotencyHash` it is represented by its length and media type.
 */
export function requestHash(request: FastifyRequest): string {
  if (request.idempotencyHash) return request.idempotencyHash;
  const multipart = request.isMultipart?.() === true;
  const body = multipart
    ? {
        multipart: {
          length: request.headers['content-length'] ?? null,
          type: String(request.headers['content-type'] ?? '').split(';')[0],
        },
      }
    : request.body;
  return sha256(canonicalJson({ params: request.params, query: request.query, body }));
}

/**
 * The owner of a key: the whole principal, not `sub` alone. Two tokens with the same subject but
 * another issuer, role or IE list (an integrator reusing one client id across IEs) are different
 * callers, so one never gets the other's stored answer; its request runs and meets tenancy.
 */
export function principalOf(caller: Caller, issuer: string): string {
  const ies = [...caller.ies].sort((a, b) => a - b);
  const principal = { iss: issuer, sub: caller.sub, role: caller.role, ies, grupoIe: caller.grupoIe, all: caller.all };
  return `p1:${sha256(canonicalJson(principal))}`;
}

/** Method and route pattern, without the interface's base path, e.g. 'POST /s/v1/insere-jornada'. */
export function operationOf(request: FastifyRequest, basePath: string): string {
  const pattern = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return `${request.method} ${pattern.startsWith(basePath) ? pattern.slice(basePath.length) : pattern}`;
}

/** The answer's bytes, or null for a stream (it cannot be stored for a replay). */
export function bodyBytes(payload: unknown): Buffer | null {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Uint8Array) return Buffer.from(payload);
  return null; // a stream: it cannot be stored for a replay
}

/** The request's key, undefined without one; a malformed key is 400. */
export function keyOf(request: FastifyRequest): string | undefined {
  const given = request.headers[IDEMPOTENCY_HEADER];
  if (given === undefined) return undefined;
  if (typeof given !== 'string' || !KEY.test(given)) {
    throw invalidField(
      '/headers/idempotency-key',
      t(
        'deve ter de 1 a 200 caracteres ASCII visíveis, enviado uma única vez',
        'must be 1 to 200 visible ASCII characters, sent once',
      ),
    );
  }
  return given;
}
