import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import { t } from './i18n.js';
import type { App } from './types.js';

const isMultipart = (contentType: string | undefined) => /^multipart\//i.test(contentType ?? '');

/**
 * Node's own limits on every connection (Fastify leaves requestTimeout at 0: a body that never
 * ends would hold its socket forever). requestTimeout is the backstop for the slowest request
 * allowed, an upload; registerBodyDeadline cuts ordinary bodies much earlier. Node checks these
 * deadlines every `connectionsCheckingInterval` (30 s by default): once a second here, so a slow
 * client is cut close to the limit.
 */
export function serverTimeouts(config: Pick<Config, 'limits'>): Partial<FastifyServerOptions> {
  const limits = config.limits;
  const requestTimeout = Math.max(limits.uploadTimeoutMs, limits.bodyTimeoutMs, limits.headersTimeoutMs) + 5000;
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout,
      connectionsCheckingInterval: 1000,
    },
  } as Partial<FastifyServerOptions>;
}

/**
 * A deadline for receiving the request body, counted from the request headers: BODY_TIMEOUT_MS
 * for JSON and other bodies, UPLOAD_TIMEOUT_MS for multipart uploads. A JSON body past it is
 * answered 408 problem+json and the connection closed; an upload past it has its connection
 * closed (the parser reading it stops with it).
 */
export function registerBodyDeadline(app: App, config: Pick<Config, 'limits'>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const length = Number(raw.headers['content-length'] ?? 0);
    const chunked = raw.headers['transfer-encoding'] !== undefined;
    if ((!chunked && !(length > 0)) || raw.complete) return done();
    const upload = isMultipart(raw.headers['content-type']);
    const ms = upload ? config.limits.uploadTimeoutMs : config.limits.bodyTimeoutMs;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info({ timeoutMs: ms, upload, url: request.url }, 'request body not received in time');
      if (upload || reply.sent || reply.raw.headersSent) {
        raw.socket?.destroy();
        return;
      }
      // The body parser is waiting on this stream: failing it answers through the error handler.
      reply.header('connection', 'close');
      raw.emit(
        'error',
        new AppError(
          408,
          'request-timeout',
          t(
            `O corpo da requisição não chegou em ${Math.round(ms / 1000)} s; a conexão foi encerrada. Envie de novo.`,
            `The request body did not arrive within ${Math.round(ms / 1000)} s; the connection was closed. Send it again.`,
          ),
        ),
      );
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    reply.raw.once('close', clear);
    done();
  });
}
