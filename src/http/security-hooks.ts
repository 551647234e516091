import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError } from './errors.js';
import { type SecurityEventFields, type SecurityEventKind, securityEvent } from './security-events.js';
import type { App } from './types.js';

/**
 * Security events from the answers themselves, so no route has to remember them: a 401 is a
 * failed authentication, a 403 a failed authorization, a 429 a rate-limit refusal, and a 404 on
 * an id that exists in another IE a cross-tenant probe. Services keep throwing the usual errors.
 */
const BY_STATUS: Record<number, SecurityEventKind> = {
  401: 'authentication_failed',
  403: 'authorization_failed',
  429: 'rate_limited',
};

/**
 * Path parameters naming a row of one IE, and its table. After a 404 to an IE or API caller the
 * row is looked up without the tenancy filter: found in another IE, the 404 was another IE's id.
 * The look-up runs after the answer is sent, so it costs the caller nothing and answers the same.
 */
const ID_TABLES: Record<string, string> = {
  brbId: 'entrada_jornada',
  loteId: 'lote',
  idTicket: 'ticket',
  journeyId: 'jornada',
  processId: 'processo',
  prcId: 'processo',
  idProcesso: 'processo',
  solicitationId: 'solicitacao',
  idBolsa: 'bolsa',
};
/** `:id` means a different table on each route: by route prefix. */
const ID_BY_ROUTE: [RegExp, string][] = [[/\/webhooks\//, 'webhook_endpoint']];

/**
 * An error that is itself a security event (a refused URL, a refused upload): its `security`
 * field is logged and counted when it reaches the caller.
 */
export interface SecurityRefusal extends SecurityEventFields {
  event: SecurityEventKind;
}

const notFoundOf = new WeakMap<FastifyRequest, AppError>();

function tableFor(route: string, param: string): string | undefined {
  if (param !== 'id') return ID_TABLES[param];
  return ID_BY_ROUTE.find(([pattern]) => pattern.test(route))?.[1];
}

async function otherIeOwner(app: App, table: string, id: number): Promise<number | null> {
  const row = await sql<{ ie_id: number | null }>`select ie_id from ${sql.table(table)} where id = ${id}`.execute(
    app.db,
  );
  return row.rows[0]?.ie_id ?? null;
}

export function registerSecurityHooks(app: App): void {
  app.addHook('onError', async (request, _reply, error) => {
    const status = error instanceof AppError ? error.status : error.statusCode;
    if (error instanceof AppError && status === 404) notFoundOf.set(request, error);
    const refusal = (error as { security?: SecurityRefusal }).security;
    if (refusal?.event) {
      const { event, ...fields } = refusal;
      securityEvent(request, event, fields);
      return;
    }
    const kind = status ? BY_STATUS[status] : undefined;
    if (!kind) return;
    const caller = request.caller as { role?: string } | null | undefined;
    securityEvent(request, kind, {
      reason: error instanceof AppError ? `${error.code}: ${error.message}` : String(error.code ?? error.message),
      status,
      ...(kind === 'authorization_failed' && caller?.role ? { role: caller.role } : {}),
    });
  });

  // Callback style, so the common answer (not a 404 of ours) costs no promise or microtask turn.
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode !== 404 || !notFoundOf.has(request)) return done();
    crossTenantProbe(app, request).then(
      () => done(),
      () => done(),
    );
  });
}

/** After a 404 of ours: was the id another IE's? (a security event if so). */
async function crossTenantProbe(app: App, request: FastifyRequest) {
  const caller = request.caller;
  if (!caller || caller.all) return;
  const route = request.routeOptions.url ?? '';
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [param, value] of Object.entries(params)) {
    const table = tableFor(route, param);
    const id = Number(value);
    if (!table || !Number.isSafeInteger(id) || id < 1) continue;
    try {
      const owner = await otherIeOwner(app, table, id);
      if (owner !== null && !caller.ies.includes(owner)) {
        securityEvent(request, 'cross_tenant_not_found', {
          reason: `${param} ${id} belongs to another IE`,
          param,
          ies: caller.ies,
        });
        return;
      }
    } catch (error) {
      request.log.debug({ err: error, table }, 'cross-tenant look-up failed');
    }
  }
}
