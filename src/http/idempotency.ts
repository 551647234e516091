import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { isConnectionLoss } from '../db/connection-loss.js';
import type { Db } from '../db/database.js';
import type { Caller } from './auth.js';
import { AppError, conflict, invalidField, unprocessable } from './errors.js';
import { t } from './i18n.js';
import { PendingKeyWrites } from './idempotency-pending.js';
import type { App } from './types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Overrides the request hash an Idempotency-Key is checked against. Multipart routes set it in
     * a route-level preHandler (e.g. sha256 of the uploaded parts) because the body is read by the
     * handler, after the key is claimed; the claim runs after every route-level preHandler.
     */
    idempotencyHash: string | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotency-replayed';
/** Answers are kept at least this long; the scheduled job deletes older ones. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A claim still in progress after this long belongs to a request that died; a retry may take it over. */
const STALE_CLAIM_MINUTES = 15;
const KEY = /^[\x21-\x7E]{1,200}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const KeyHeaderSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'Makes the request safe to retry: 1 to 200 visible ASCII characters, unique per caller and operation. ' +
    'A repeat with the same key and request answers the stored status and body with header ' +
    '`Idempotency-Replayed: true` and changes nothing; the same key with a different request is 422; ' +
    'a repeat while the first is still running is 409. Answers (2xx and 4xx) are kept at least 24 h; ' +
    'a 5xx releases the key so a retry runs again.',
};

interface Claim {
  /** principalOf(caller), in the column named for the first version, which stored `sub`. */
  usuario: string;
  operacao: string;
  chave: string;
}

/** Requests that hold a claim, until their answer is stored. */
const claims = new WeakMap<FastifyRequest, Claim>();

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
function requestHash(request: FastifyRequest): string {
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

function operationOf(request: FastifyRequest, basePath: string): string {
  const pattern = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return `${request.method} ${pattern.startsWith(basePath) ? pattern.slice(basePath.length) : pattern}`;
}

/** Inserts the claim, or takes over an expired answer or a dead in-progress claim. True when claimed. */
async function claimKey(db: Db, claim: Claim, hash: string): Promise<boolean> {
  const row = await db
    .insertInto('chave_idempotencia')
    .values({ ...claim, hash_requisicao: hash })
    .onConflict((oc) =>
      oc
        .columns(['usuario', 'operacao', 'chave'])
        .doUpdateSet({
          hash_requisicao: hash,
          estado: 'EM_ANDAMENTO',
          status_resposta: null,
          content_type: null,
          corpo: null,
          created_at: sql`now()`,
          concluida_em: null,
        })
        .where((eb) =>
          eb.or([
            eb(
              'chave_idempotencia.created_at',
              '<',
              sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
            ),
            eb.and([
              eb('chave_idempotencia.estado', '=', 'EM_ANDAMENTO'),
              eb(
                'chave_idempotencia.created_at',
                '<',
                sql<Date>`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`,
              ),
              eb('chave_idempotencia.hash_requisicao', '=', hash),
            ]),
          ]),
        ),
    )
    .returning('chave')
    .executeTakeFirst();
  return row !== undefined;
}

function findKey(db: Db, claim: Claim) {
  return db
    .selectFrom('chave_idempotencia')
    .select(['hash_requisicao', 'estado', 'status_resposta', 'content_type', 'corpo'])
    .where('usuario', '=', claim.usuario)
    .where('operacao', '=', claim.operacao)
    .where('chave', '=', claim.chave)
    .executeTakeFirst();
}

function releaseKey(db: Db, claim: Claim) {
  return db
    .deleteFrom('chave_idempotencia')
    .where('usuario', '=', claim.usuario)
    .where('operacao', '=', claim.operacao)
    .where('chave', '=', claim.chave)
    .where('estado', '=', 'EM_ANDAMENTO')
    .execute();
}

/** Deletes answers older than the retention (run by the scheduled job). Returns how many. */
export async function purgeIdempotencyKeys(db: Db, olderThanHours = IDEMPOTENCY_TTL_HOURS): Promise<number> {
  const result = await db
    .deleteFrom('chave_idempotencia')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${olderThanHours})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function bodyBytes(payload: unknown): Buffer | null {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Uint8Array) return Buffer.from(payload);
  return null; // a stream: it cannot be stored for a replay
}

function keyOf(request: FastifyRequest): string | undefined {
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

/**
 * Idempotency-Key for every POST, PUT and PATCH registered in `app` (the interface scope). The
 * claim is its own short statement before the handler (never inside the handler's transaction),
 * so a concurrent repeat sees it at once; the answer is stored when it is sent.
 */
export function registerIdempotency(app: App, basePath: string): void {
  app.decorateRequest('idempotencyHash', null);
  const pending = new PendingKeyWrites((error) =>
    app.log.warn({ err: error }, 'idempotency: pending key writes failed'),
  );
  app.addHook('onClose', async () => {
    await pending.flush();
    pending.stop();
  });
  const idOf = (key: Claim) => `${key.usuario}\n${key.operacao}\n${key.chave}`;

  const claim: preHandlerHookHandler = async function claim(request: FastifyRequest, reply: FastifyReply) {
    const chave = keyOf(request);
    if (chave === undefined || !request.caller) return;
    const key: Claim = {
      usuario: principalOf(request.caller, app.config.jwt.issuer),
      operacao: operationOf(request, basePath),
      chave,
    };
    const hash = requestHash(request);
    // This process's own unfinished bookkeeping for the key (the database was away) goes first.
    await pending.settle(idOf(key));
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claimKey(app.db, key, hash)) {
        claims.set(request, key);
        return;
      }
      const stored = await findKey(app.db, key);
      if (!stored) continue; // released between the two statements: claim again
      if (stored.hash_requisicao !== hash) {
        throw unprocessable(
          t(
            `A Idempotency-Key "${chave}" já foi usada para outra requisição a esta operação; use uma chave nova para uma requisição nova.`,
            `Idempotency-Key "${chave}" was already used for a different request to this operation; use a new key for a new request.`,
          ),
        );
      }
      if (stored.estado === 'EM_ANDAMENTO') {
        throw new AppError(
          409,
          'conflict',
          t(
            `Uma requisição com a Idempotency-Key "${chave}" ainda está em processamento; repita depois que ela terminar para obter a resposta.`,
            `A request with Idempotency-Key "${chave}" is still being processed; retry after it finishes to get its answer.`,
          ),
          {},
          { 'retry-after': '2' },
        );
      }
      reply.code(stored.status_resposta ?? 200).header(REPLAYED_HEADER, 'true');
      if (stored.content_type) reply.header('content-type', stored.content_type);
      return reply.send(Buffer.from(stored.corpo ?? new Uint8Array()));
    }
    throw conflict(
      t(
        `A Idempotency-Key "${chave}" está sendo usada por requisições simultâneas; tente novamente.`,
        `Idempotency-Key "${chave}" is being used by concurrent requests; retry.`,
      ),
    );
  };

  const store: onSendHookHandler = async function store(request, reply, payload) {
    const key = claims.get(request);
    if (!key) return payload;
    claims.delete(request);
    const bytes = bodyBytes(payload);
    const id = idOf(key);
    const release = () => releaseKey(app.db, key);
    // Kept for later when the database is unreachable now: the retry the client makes is served.
    const releaseOrKeep = (error: unknown) => {
      request.log.warn({ err: error }, 'idempotency: releasing the key failed; retrying in the background');
      pending.add(id, release);
    };
    if (reply.statusCode >= 500 || bytes === null) {
      await release().catch(releaseOrKeep);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const save = () =>
      app.db
        .updateTable('chave_idempotencia')
        .set({
          estado: 'CONCLUIDA',
          status_resposta: reply.statusCode,
          content_type: contentType === undefined ? null : String(contentType),
          corpo: bytes,
          concluida_em: new Date(),
        })
        .where('usuario', '=', key.usuario)
        .where('operacao', '=', key.operacao)
        .where('chave', '=', key.chave)
        .execute();
    try {
      await save();
    } catch (error) {
      if (isConnectionLoss(error)) {
        // The change is committed and the client gets its answer: releasing the key would let a
        // retry do it twice, so the answer is stored once the database is back.
        request.log.warn({ err: error }, 'idempotency: storing the answer failed; retrying in the background');
        pending.add(id, save);
      } else {
        request.log.error({ err: error }, 'storing the idempotent answer failed; releasing the key');
        await release().catch(releaseOrKeep);
      }
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const headers = (schema.headers ?? { type: 'object' }) as { properties?: Record<string, unknown> };
    const { $id: _drop, ...rest } = headers as Record<string, unknown>;
    route.schema = {
      ...schema,
      headers: {
        ...rest,
        type: 'object',
        properties: { ...headers.properties, [IDEMPOTENCY_HEADER]: KeyHeaderSchema },
      },
    } as RouteOptions['schema'];
    // Appended last: route-level preHandlers (which may set request.idempotencyHash) run first.
    route.preHandler = [...[route.preHandler ?? []].flat(), claim] as RouteOptions['preHandler'];
    route.onSend = [...[route.onSend ?? []].flat(), store] as RouteOptions['onSend'];
  });
}
