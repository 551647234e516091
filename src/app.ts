import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Auth } from './http/auth.js';
import { requireBearer } from './http/authenticate.js';
import { clientErrorHandler } from './http/client-error.js';
import { registerBodyDeadline, serverTimeouts } from './http/connection-limits.js';
import { frameworkErrors, rateLimitMessage, registerErrorHandling } from './http/error-handler.js';
import { AppError } from './http/errors.js';
import { registerHealth } from './http/health.js';
import { registerIdempotency } from './http/idempotency.js';
import { lazyCompilers } from './http/lazy-compilers.js';
import { loggerOptions, RequestLog } from './http/logging.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerPortal } from './http/portal.js';
import { rateLimitStore } from './http/rate-limit-store.js';
import { registerReadRouting } from './http/read-db.js';
import { requestLogger } from './http/request-logger.js';
import { sharedSchemas } from './http/schemas.js';
import { registerSecurityHooks } from './http/security-hooks.js';
import { registerTextGuard } from './http/text-guard.js';
import type { App } from './http/types.js';
import { registerAudit } from './modules/audit/audit.context.js';
import { modules } from './modules/index.js';
import { registerSession } from './modules/session/session.routes.js';
import { registerHttpTracing } from './telemetry/http.js';
import { logIds, tracingOn } from './telemetry/tracing.js';

export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the service; never listens (server.ts does). Tests call it and use app.inject. */
export async function buildApp({ config, db, auth, logger }: AppDeps): Promise<App> {
  const app = Fastify({
    // With tracing on, every line logged while a span is active carries its trace_id and span_id.
    logger: logger ?? Object.assign(loggerOptions(config.logLevel), tracingOn() ? { mixin: logIds } : {}),
    // One line per answer, at a level that depends on the environment and route (http/logging.ts).
    logController: new RequestLog(config),
    // request.log is made when the request first writes a line (http/request-logger.ts).
    childLoggerFactory: requestLogger,
    ...serverTimeouts(config),
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors,
    schemaController: {
      compilersFactory: lazyCompilers,
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('auth', auth);
  registerHttpTracing(app as App); // first: every later hook runs inside the request's span
  // Callback hooks on every request's path: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerErrorHandling(app);
  registerSecurityHooks(app as App);
  registerTextGuard(app);
  registerBodyDeadline(app as App, config);
  registerReadRouting(app, registerMetrics(app));
  for (const schema of sharedSchemas) app.addSchema(schema);
  for (const mod of modules) for (const schema of mod.schemas ?? []) app.addSchema(schema);

  await registerOpenApi(app, config.basePath);
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 1, fields: 20 } });
  // RATE_LIMIT_MAX=0 disables the limit: no hook, no store, no x-ratelimit headers announcing one.
  if (config.rateLimit.max > 0) await registerRateLimit(app as App, config);

  await app.register(
    async (scope) => {
      registerHealth(scope as App);
      registerSession(scope as App);
      await scope.register(async (api) => {
        requireBearer(api as App, config.basePath);
        // After authentication (it needs the caller), before the routes' own hooks and handlers.
        registerAudit(api as App);
        registerIdempotency(api as App, config.basePath);
        for (const mod of modules) await mod.routes(api as App);
      });
    },
    { prefix: config.basePath },
  );
  await registerPortal(app, config);
  return app;
}

async function registerRateLimit(app: App, config: Config) {
  await app.register(rateLimit, {
    ...rateLimitStore(app, config),
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    keyGenerator: (request) => request.headers.authorization ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate-limited',
        rateLimitMessage(context.max, config.rateLimit.windowMs),
        {},
        {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        },
      ),
  });
}
