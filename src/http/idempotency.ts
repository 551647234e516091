import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { DatabaseConnection } from 'kysely';
import { runWithBeforeCommit } from '../db/before-commit.js';
import { isConnectionLoss } from '../db/connection-loss.js';
import { AppError, conflict, unprocessable } from './errors.js';
import { t } from './i18n.js';
import { PendingKeyWrites } from './idempotency-pending.js';
import { bodyBytes, IDEMPOTENCY_HEADER, keyOf, operationOf, principalOf, requestHash } from './idempotency-request.js';
import {
  type Claim,
  claimKey,
  findKey,
  markCommittedQuery,
  type OwnedClaim,
  releaseKey,
  saveAnswer,
} from './idempotency-store.js';
import type { App } from './types.js';
import { holdScopesForWrites } from './write-scopes.js';

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

export { IDEMPOTENCY_HEADER } from './idempotency-request.js';
export const REPLAYED_HEADER = 'idempotency-replayed';
export { IDEMPOTENCY_TTL_HOURS, purgeIdempotencyKeys } from './idempotency-store.js';

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
    'a 5xx that changed nothing releases the key so a retry runs again; when the change was committed ' +
    'but its answer was lost (a database failover), a retry is 409 and never runs it twice.',
};

/** Requests that hold a claim, until their answer is stored. */
const holders = new WeakMap<FastifyRequest, Held>();

/** A request holding a claim, until its answer is stored. */
interface Held {
  key: OwnedClaim;
  hash: string;
  /** Set when the answer is being stored: later commits (work the request left running) mark nothing. */
  finished: boolean;
}

const stillRunning = (chave: string) =>
  new AppError(
    409,
    'conflict',
    t(
      `Uma requisição com a Idempotency-Key "${chave}" ainda está em processamento; repita depois que ela terminar para obter a resposta.`,
      `A request with Idempotency-Key "${chave}" is still being processed; retry after it finishes to get its answer.`,
    ),
    {},
    { 'retry-after': '2' },
  );

/**
 * Idempotency-Key for every POST, PUT and PATCH registered in `app` (the interface scope). The
 * claim is its own short statement before the handler (never inside the handler's transaction),
 * so a concurrent repeat sees it at once. Each transaction the request commits marks the key
 * committed right before its COMMIT, on its own connection (db/before-commit.ts): when the answer
 * to a COMMIT is lost (a failover), the key still says whether the change happened, and a retry
 * never runs it a second time; when nothing committed, the claim is released and the retry runs.
 * The answer is stored when it is sent.
 */
export function registerIdempotency(app: App, basePath: string): void {
  holdScopesForWrites(app); // the key's binding (claim) is held for the write (write-scopes.ts)
  app.decorateRequest('idempotencyHash', null);
  const pending = new PendingKeyWrites((error) =>
    app.log.warn({ err: error }, 'idempotency: pending key writes failed'),
  );
  app.addHook('onClose', async () => {
    await pending.flush();
    pending.stop();
  });
  const idOf = (key: Claim) => `${key.usuario}\n${key.operacao}\n${key.chave}`;

  /** Claims the key (returning it), replays the stored answer, or throws 409 or 422. Null without a key. */
  async function claimOrAnswer(request: FastifyRequest, reply: FastifyReply): Promise<Held | 'replayed' | null> {
    const chave = keyOf(request);
    if (chave === undefined || !request.caller) return null;
    const key: OwnedClaim = {
      usuario: principalOf(request.caller, app.config.jwt.issuer),
      operacao: operationOf(request, basePath),
      chave,
      dono: randomUUID(),
    };
    const hash = requestHash(request);
    // This process's own unfinished bookkeeping for the key (the database was away) goes first.
    await pending.settle(idOf(key));
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claimOrKeepRelease(key, hash)) return { key, hash, finished: false };
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
      if (stored.estado === 'EM_ANDAMENTO') throw stillRunning(chave);
      if (stored.status_resposta === null) {
        // Committed, answer not stored: on its way (the request is finishing), or lost with the
        // connection that carried the COMMIT's answer. Either way the change is done once.
        if (stored.recente) throw stillRunning(chave);
        throw conflict(
          t(
            `A requisição com a Idempotency-Key "${chave}" foi efetivada, mas sua resposta se perdeu numa falha de conexão com o banco de dados; ela não será executada de novo. Consulte o recurso para ver o resultado.`,
            `The request with Idempotency-Key "${chave}" was carried out, but its answer was lost when the database connection failed; it will not run again. Read the resource to see the result.`,
          ),
        );
      }
      reply.code(stored.status_resposta).header(REPLAYED_HEADER, 'true');
      if (stored.content_type) reply.header('content-type', stored.content_type);
      reply.send(Buffer.from(stored.corpo ?? new Uint8Array()));
      return 'replayed';
    }
    throw conflict(
      t(
        `A Idempotency-Key "${chave}" está sendo usada por requisições simultâneas; tente novamente.`,
        `Idempotency-Key "${chave}" is being used by concurrent requests; retry.`,
      ),
    );
  }

  /**
   * The claim is its own statement and commits at once. When the connection fails before its answer
   * arrives, the key may now be held by this attempt with no request behind it: the release of this
   * attempt's claim (its token, nobody else's) is kept, to run once the database answers, so the
   * retry the client is told to make is served instead of waiting out a dead claim's 15 minutes.
   */
  async function claimOrKeepRelease(key: OwnedClaim, hash: string): Promise<boolean> {
    try {
      return await claimKey(app.db, key, hash);
    } catch (error) {
      if (isConnectionLoss(error)) pending.add(idOf(key), () => releaseKey(app.db, key));
      throw error;
    }
  }

  /** Right before each COMMIT of the request: the key's record commits with the change, or the change does not commit. */
  const markCommitted = (held: Held) => async (connection: DatabaseConnection) => {
    if (held.finished) return;
    const result = await connection.executeQuery(markCommittedQuery(app.db, held.key, held.hash));
    if (result.rows.length === 0) {
      throw conflict(
        t(
          `A Idempotency-Key "${held.key.chave}" deixou de pertencer a esta requisição; nada foi alterado. Tente novamente.`,
          `Idempotency-Key "${held.key.chave}" no longer belongs to this request; nothing was changed. Retry.`,
        ),
      );
    }
  };

  // Callback style: the rest of the request (the handler) runs inside the binding.
  const claim: preHandlerHookHandler = function claim(request, reply, done) {
    claimOrAnswer(request, reply).then((held) => {
      if (held === 'replayed') return; // the answer is on its way; the handler must not run
      if (!held) return done();
      holders.set(request, held);
      runWithBeforeCommit(markCommitted(held), () => done(), 'idempotency');
    }, done);
  };

  const store: onSendHookHandler = async function store(request, reply, payload) {
    const held = holders.get(request);
    if (!held) return payload;
    holders.delete(request);
    held.finished = true;
    const { key } = held;
    const bytes = bodyBytes(payload);
    const id = idOf(key);
    // Deletes only a claim whose request committed nothing (releaseKey): a committed key stays.
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
      saveAnswer(app.db, key, {
        status: reply.statusCode,
        contentType: contentType === undefined ? null : String(contentType),
        body: bytes,
      });
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
