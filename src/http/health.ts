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
  // Quick: a balancer's check must learn within a couple of seconds that the database is gone (a
  // silent partition would otherwise hold `select 1` until the pool's connect timeout, or longer).
  const database = app.config.database;
  const limitMs = database.kind === 'postgres' ? (database.readyTimeoutMs ?? 2000) : 0;
  // A balancer checks every few hundred ms: the log says when readiness changes, not every check.
  let failing = false;
  app.get('/readyz', options, async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const probe = sql`select 1`.execute(app.db);
      if (limitMs > 0) {
        probe.catch(() => {}); // answered by the race below; a late failure is not unhandled
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`select 1 took over ${limitMs} ms`)), limitMs);
        });
        await Promise.race([probe, late]);
      } else {
        await probe;
      }
    } catch (error) {
      if (!failing) app.log.warn({ err: error }, 'readiness check failed: database unreachable');
      failing = true;
      throw new AppError(
        503,
        'not-ready',
        t('O banco de dados não está acessível.', 'The database is not reachable.'),
        {},
        { 'retry-after': '5' },
      );
    } finally {
      clearTimeout(timer);
    }
    if (failing) app.log.info('readiness restored: database reachable');
    failing = false;
    return { status: 'ready' };
  });
}
