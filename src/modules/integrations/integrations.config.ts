import { type Static, Type } from '@sinclair/typebox';

/**
 * Environment of the e-mail and webhook delivery (issue 15). config.ts spreads these properties
 * into its schema, so a bad value stops the service like any other variable.
 */
export const IntegrationsEnv = Type.Object({
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  SMTP_FROM: Type.String({ default: 'Renova <nao-responda@renova.local>', minLength: 3 }),
  INTEGRATIONS_POLL_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 1000 }),
  INTEGRATIONS_IDLE_POLL_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 10_000 }),
  INTEGRATIONS_BACKOFF_MS: Type.Integer({ minimum: 1, maximum: 3_600_000, default: 30_000 }),
  INTEGRATIONS_LEASE_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 60_000 }),
  EMAIL_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 50, default: 8 }),
  WEBHOOK_RETRY_WINDOW_MS: Type.Integer({ minimum: 1, default: 86_400_000 }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
});

export interface IntegrationsConfig {
  /** Null: e-mail is off. */
  smtpUrl: string | null;
  smtpFrom: string;
  /** How often the worker looks for due deliveries while it finds some, or after a write here. */
  pollMs: number;
  /** The longest it waits between looks while it finds none (never less than pollMs). */
  idlePollMs: number;
  /** First retry delay; each later one doubles. */
  backoffMs: number;
  /** How long a claimed delivery stays claimed before a worker may take it again (crash recovery). */
  leaseMs: number;
  emailMaxAttempts: number;
  /** A webhook delivery is retried this long (24 h), then the endpoint is disabled. */
  webhookRetryWindowMs: number;
  webhookTimeoutMs: number;
}

export function integrationsFromEnv(env: Static<typeof IntegrationsEnv>): IntegrationsConfig {
  return {
    smtpUrl: env.SMTP_URL ?? null,
    smtpFrom: env.SMTP_FROM,
    pollMs: env.INTEGRATIONS_POLL_MS,
    idlePollMs: Math.max(env.INTEGRATIONS_POLL_MS, env.INTEGRATIONS_IDLE_POLL_MS),
    backoffMs: env.INTEGRATIONS_BACKOFF_MS,
    leaseMs: env.INTEGRATIONS_LEASE_MS,
    emailMaxAttempts: env.EMAIL_MAX_ATTEMPTS,
    webhookRetryWindowMs: env.WEBHOOK_RETRY_WINDOW_MS,
    webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
  };
}

/** Delay before retry number `attempt` (1 = the first retry): base, 2×base, 4×base, … capped at 6 h. */
export function backoffDelay(config: Pick<IntegrationsConfig, 'backoffMs'>, attempt: number): number {
  return Math.min(config.backoffMs * 2 ** Math.max(0, attempt - 1), 6 * 3_600_000);
}
