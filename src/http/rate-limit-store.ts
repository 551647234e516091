import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { App } from './types.js';

/**
 * The rate limit's store. Without RATE_LIMIT_REDIS_URL each process counts alone (N instances
 * behind a load balancer allow N times the limit); with it every instance counts in one Redis, so
 * the limit holds across them. Redis unreachable: requests are served unlimited (skipOnError)
 * rather than refused, and the client keeps reconnecting; the limit is a guard, not a dependency.
 * The client is closed with the app.
 */
export function rateLimitStore(app: App, config: Config): { redis?: Redis; nameSpace?: string; skipOnError?: boolean } {
  const url = config.rateLimit.redisUrl;
  if (!url) return {};
  const redis = new Redis(url, {
    // A slow Redis must not hold requests: fail fast, the request then goes through (skipOnError).
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: 'renova-rate-limit:', skipOnError: true };
}
