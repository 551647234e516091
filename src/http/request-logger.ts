import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger (`request.log`), made only when the request writes a line. Fastify builds a
 * pino child for every request (its bindings serialized, the redaction set up): about 20 µs of
 * each request's CPU in a profile under load (#25), spent for nothing on the requests that log no
 * line at the level in force (every one below `info`, and every one under LOG_LEVEL=warn). Here a
 * method at a level the parent does not write returns at once; the first line at an enabled
 * level makes the child, with the same bindings and options Fastify would have given it, and
 * writes through it from then on.
 */
export class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: Parent,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  // Methods on the prototype: a request that logs nothing allocates nothing but this object.
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  #write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child, unless the route sets a level or serializers of
 * its own (none does today), which pino's child must apply from the start, or the logger is not
 * pino's (Fastify's silent logger when logging is off).
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  const pinoLike = typeof (logger as Partial<Parent>).isLevelEnabled === 'function';
  if (!pinoLike || options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger as Parent, bindings, options) as unknown as FastifyBaseLogger;
}
