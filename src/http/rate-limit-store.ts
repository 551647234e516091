import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { App } from './types.js';

/**
 * The rate limit's store. Without RATE_LIMIT_REDIS_URL each process counts alone (N instances
 * behind a load balancer allow N times the limit); with it every instance counts in one Redis, so
 * the limit holds across them. The limit is a guard, not a dependency: with Redis unreachable
 * requests are served without it (skipOnError) at their normal speed, and the shared limit resumes
 * by itself when Redis is back (the client keeps reconnecting). The client is closed with the app.
 */
export function rateLimitStore(app: App, config: Config): { redis?: Redis; nameSpace?: string; skipOnError?: boolean } {
  const url = config.rateLimit.redisUrl;
  if (!url) return {};
  const timeoutMs = config.rateLimit.redisTimeoutMs ?? 500;
  const redis = new Redis(url, {
    // Never hold a request for Redis: while disconnected a command fails at once instead of
    // waiting in ioredis's offline queue for the reconnection (issue 24: median 797 ms with Redis
    // down), and a command unanswered within RATE_LIMIT_REDIS_TIMEOUT_MS fails too.
    enableOfflineQueue: false,
    commandTimeout: timeoutMs,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    lazyConnect: false,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // One line when Redis goes away and one when it is back, not one per reconnection attempt. A
  // lost connection says so by 'close' at once; 'error' comes only with the next attempt, and a
  // burst of requests may all be served (without the limit) before it.
  let down = false;
  let closing = false;
  const wentAway = (error?: Error) => {
    if (down || closing) return;
    down = true;
    app.log.warn(
      error ? { err: error } : {},
      'rate-limit Redis unreachable: requests are served without the shared limit until it is back',
    );
  };
  redis.on('error', wentAway);
  redis.on('close', () => wentAway());
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info('rate-limit Redis reachable again: the shared limit applies');
  });
  app.addHook('onClose', async () => {
    closing = true;
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: 'renova-rate-limit:', skipOnError: true };
}
