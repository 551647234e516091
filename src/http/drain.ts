import { AppError } from './errors.js';
import { t } from './i18n.js';
import type { App } from './types.js';

export interface Drain {
  /** From now on /readyz answers 503 and every response carries `Connection: close`. */
  start(): void;
  readonly draining: boolean;
}

/**
 * Graceful drain behind a load balancer. On SIGTERM the instance first stops looking ready
 * (/readyz 503, so the balancer's health check takes it out of rotation) while it keeps serving
 * whatever still arrives, each answer with `Connection: close` so no kept-alive connection is
 * left to be cut; after SHUTDOWN_DRAIN_MS it stops accepting, finishes in-flight requests and
 * exits. Without the window, a request already on its way would meet a closed socket (reset) or
 * Fastify's 503 for a closing server.
 */
export function registerDrain(app: App, basePath: string): Drain {
  let draining = false;
  const readyz = `${basePath}/readyz`;
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close');
    if ((request.url.split('?')[0] ?? '') === readyz) {
      return done(
        new AppError(
          503,
          'not-ready',
          t('O serviço está encerrando; use outra instância.', 'The service is shutting down; use another instance.'),
        ),
      );
    }
    done();
  });
  return {
    start() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}
