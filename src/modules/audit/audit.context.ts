import { AsyncResource } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { CompiledQuery, type DatabaseConnection } from 'kysely';
import { runWithBeforeCommit } from '../../db/before-commit.js';
import { isWrite } from '../../http/methods.js';
import type { App } from '../../http/types.js';
import { holdScopesForWrites } from '../../http/write-scopes.js';
import { bindScope, scopedStorage } from '../../lib/scoped-storage.js';
import { insertAuditSql, recordOutside, setAuditStatus } from './audit.repository.js';

/**
 * The audit trail's capture. Every changing request (POST, PUT, PATCH, DELETE) of the interface
 * scope gets a scope bound to its async context; the first transaction the request commits writes
 * the audit row on its own connection right before COMMIT (db/before-commit.ts), so the change and
 * its row commit together, and a rolled-back change leaves none. As the answer is sent, the row
 * gets the HTTP status; a request that committed nothing (a refusal, a failure, a read through
 * POST) is recorded then, outside any transaction, with efetivado = false.
 */
export interface AuditScope {
  request: FastifyRequest;
  brbId: number | null;
  loteId: number | null;
  /** The audit row once written. */
  id: number | null;
}

const scopes = scopedStorage<AuditScope>();
const scopeOf = new WeakMap<FastifyRequest, { scope: AuditScope; resource: AsyncResource }>();

/** Lets a service name what the request changed when the request itself does not say (a new batch's id). */
export function noteAuditTarget(target: { brbId?: number; loteId?: number }): void {
  const scope = scopes.getStore();
  if (!scope) return;
  scope.brbId ??= target.brbId ?? null;
  scope.loteId ??= target.loteId ?? null;
}

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The brbId and batch a request names in its path or body, when it names exactly one. */
function targetOf(request: FastifyRequest): { brbId: number | null; loteId: number | null } {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  return {
    brbId: positiveInt(params.brbId) ?? positiveInt(body.brbId),
    loteId: positiveInt(params.loteId) ?? positiveInt(body.loteId),
  };
}

/** The audit row's fields, read when it is written (validation has run, the target is known). */
function entryOf(scope: AuditScope, efetivado: boolean, status: number | null) {
  const { request } = scope;
  const named = targetOf(request);
  return {
    caller: request.caller,
    operacao: String(request.routeOptions.schema?.operationId ?? request.routeOptions.url ?? ''),
    metodo: request.method,
    rota: request.routeOptions.url ?? request.url,
    brbId: scope.brbId ?? named.brbId,
    loteId: scope.loteId ?? named.loteId,
    efetivado,
    status,
    requestId: request.id,
  };
}

async function writeBeforeCommit(app: App, scope: AuditScope, connection: DatabaseConnection) {
  if (scope.id !== null) return;
  const { sql, parameters } = insertAuditSql(app.db, entryOf(scope, true, null));
  const result = await connection.executeQuery<{ id: number }>(CompiledQuery.raw(sql, [...parameters]));
  scope.id = Number(result.rows[0]!.id);
}

/**
 * Registers the capture on the interface scope (after authentication, which sets request.caller);
 * the scopes it binds are held for each write first (http/write-scopes.ts).
 */
export function registerAudit(app: App): void {
  holdScopesForWrites(app);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isWrite(request.method)) return done();
    const scope: AuditScope = { request, brbId: null, loteId: null, id: null };
    runWithBeforeCommit(
      (connection) => writeBeforeCommit(app, scope, connection),
      () =>
        bindScope(scopes, scope, () => {
          // The handler runs from the body's 'end' event, in another async context; the resource
          // carries this one over to it (preValidation below).
          const resource = new AsyncResource('renova-audit');
          scopeOf.set(request, { scope, resource });
          done();
        }),
    );
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const bound = scopeOf.get(request);
    if (!bound) return done();
    bound.resource.runInAsyncScope(done, request.raw);
  });
  // Before the answer leaves (onSend, not onResponse): when the caller has its answer, the trail
  // already shows it, so reading the audit list right after a refusal finds the refusal.
  // Callback style: a read, the common request, costs no promise (#25).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isWrite(request.method) || !request.caller) return done(null, payload);
    const scope = scopeOf.get(request)?.scope ?? { request, brbId: null, loteId: null, id: null };
    Promise.resolve()
      .then(() =>
        scope.id !== null
          ? setAuditStatus(app.db, scope.id, reply.statusCode)
          : recordOutside(app.db, entryOf(scope, false, reply.statusCode)),
      )
      .catch((error: unknown) => request.log.error({ err: error }, 'audit row not recorded'))
      .then(() => done(null, payload));
  });
}
