import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { AppError } from './errors.js';
import { t } from './i18n.js';
import type { App } from './types.js';

const Status = Type.Object({ status: Type.String() });

/**
 * Liveness and readiness, outside authentication and outside the rate limit: a load balancer
 * checks every few hundred milliseconds from one address, and a 429 there would take a healthy
 * instance out of rotation.
 */
export function registerHealth(app: App): void {
  const options = { schema: { hide: true, response: { 200: Status } }, config: { rateLimit: false } } as const;
  app.get('/healthz', options, async () => ({ status: 'ok' }));
  app.get('/readyz', options, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      throw new AppError(503, 'not-ready', t('O banco de dados não está acessível.', 'The database is not reachable.'));
    }
    return { status: 'ready' };
  });
}
