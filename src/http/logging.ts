import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { Config } from '../config.js';

/**
 * What a log line must never carry, whatever put it there (an error message quoting a connection
 * string, a plugin logging headers, a URL with a token in its query): matched on the finished
 * line, after every serializer, so no code path can forget it.
 */
const SECRETS: [RegExp, string][] = [
  // A JWT: three base64url parts, the first two JSON objects ("eyJ" is base64 of '{"').
  [/eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, '[JWT]'],
  // Standard Webhooks secrets.
  [/whsec_[A-Za-z0-9+/=_-]+/g, 'whsec_[REDACTED]'],
  // The password of a URL (postgres://user:pw@host, smtp://, redis://, any scheme).
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@"'\\]*):[^\s@/"'\\]+@/gi, '$1:[REDACTED]@'],
  // Query parameters that carry credentials (?token=, ?access_token=, ?code=, ?password=...).
  [
    /([?&](?:access_token|id_token|refresh_token|token|code|password|senha|secret|segredo|api_key|key)=)[^&\s"]+/gi,
    '$1[REDACTED]',
  ],
  // An Authorization or Cookie header value written out as text.
  [/\b(Bearer|Basic) [A-Za-z0-9._~+/=-]{16,}/g, '$1 [REDACTED]'],
];

export function scrubSecrets(line: string): string {
  let out = line;
  for (const [pattern, replacement] of SECRETS) out = out.replace(pattern, replacement);
  return out;
}

/** A pino destination that scrubs every line before it reaches `target` (stdout by default). */
export function scrubbingStream(target: { write(line: string): unknown } = process.stdout): DestinationStream {
  return { write: (line: string) => target.write(scrubSecrets(line)) };
}

/**
 * The service's logger: header and body paths that may hold credentials are censored by pino
 * (`redact`), and the line as a whole is scrubbed (see SECRETS). Fastify's own per-request lines
 * are off: `registerRequestLog` writes one line per answer at the level the environment wants.
 */
export function loggerOptions(
  level: string,
  stream: { write(line: string): unknown } = process.stdout,
): FastifyServerOptions['logger'] & LoggerOptions & { stream: DestinationStream } {
  return {
    level,
    stream: scrubbingStream(stream),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["proxy-authorization"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.senha',
        '*.segredo',
        '*.secret',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
  };
}

/** Paths a load balancer or Prometheus polls every few seconds: their lines are debug. */
const HEALTH = /^\/(healthz|readyz|metrics)$/;

/**
 * Fastify's per-request lines, tuned: no "incoming request" line, and one "request completed"
 * line per answer, at info in production (the log keeps an access trail) and at debug elsewhere
 * (`npm start` shows what happens rather than every request). Health checks and metrics scrapes
 * are debug everywhere. A response that failed on the wire stays an error.
 */
export class RequestLog extends LogController {
  readonly #normal: 'info' | 'debug';
  readonly #basePath: string;
  constructor(config: Pick<Config, 'env' | 'basePath'>) {
    super();
    this.#normal = config.env === 'production' ? 'info' : 'debug';
    this.#basePath = config.basePath;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const path = (request.url.split('?')[0] ?? '').slice(this.#basePath.length);
    const level = HEALTH.test(path) ? 'debug' : this.#normal;
    reply.log[level]({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  }
}
