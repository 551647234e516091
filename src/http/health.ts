import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { AppError } from './errors.js';
import { t } from './i18n.js';
import type { App } from './types.js';

const Status = Type.Object({ status: Type.String() });

/** Liveness and readiness, outside authentication. */
export function registerHealth(app: App): void {
  app.get('/healthz', { schema: { hide: true, response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: { 200: Status } } }, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      throw new AppError(503, 'not-ready', t('O banco de dados não está acessível.', 'The database is not reachable.'));
    }
    return { status: 'ready' };
  });
}
