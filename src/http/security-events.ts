import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Counter, type Registry } from 'prom-client';

/**
 * Security events (ASVS 16.3): one structured warn line each, never with a secret in it, and a
 * count per kind in /metrics. Every place that refuses a caller, a file or a URL calls
 * `securityEvent` instead of writing its own log line, so the log and the metric never disagree.
 */
export const SECURITY_EVENTS = [
  'authentication_failed',
  'authorization_failed',
  'cross_tenant_not_found',
  'rate_limited',
  'upload_refused',
  'url_refused',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENTS)[number];

const counter = new Counter({
  name: 'renova_security_events_total',
  help: 'Security events (refused authentication, authorization, uploads, URLs; rate limits; cross-tenant ids)',
  labelNames: ['event'] as const,
  registers: [],
});
for (const event of SECURITY_EVENTS) counter.inc({ event }, 0);

/** Adds the security-event counter to an app's registry (called by registerMetrics). */
export function registerSecurityMetrics(registry: Registry): void {
  if (!registry.getSingleMetric('renova_security_events_total')) registry.registerMetric(counter);
}

export interface SecurityEventFields {
  /** Why it was refused, in a few words a reviewer reads (never the token, password or secret). */
  reason: string;
  [field: string]: unknown;
}

/**
 * Logs and counts one security event. With a request, the route, method, client IP and the
 * caller's `sub` (when authenticated) are added.
 */
export function securityEvent(
  source: FastifyRequest | FastifyBaseLogger,
  event: SecurityEventKind,
  fields: SecurityEventFields,
): void {
  counter.inc({ event });
  if ('raw' in source) {
    const request = source;
    const sub = (request as { caller?: { sub?: string } }).caller?.sub;
    request.log.warn(
      {
        security: event,
        route: request.routeOptions?.url ?? request.url.split('?')[0],
        method: request.method,
        ip: request.ip,
        ...(sub ? { sub } : {}),
        ...fields,
      },
      `security event: ${event}`,
    );
  } else {
    source.warn({ security: event, ...fields }, `security event: ${event}`);
  }
}
