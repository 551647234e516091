import { type Attributes, context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * The service's spans, written by hand through @opentelemetry/api (a few kilobytes, no SDK): the
 * SDK (telemetry/sdk.ts) is loaded only when OTEL_* configures an exporter, and until it is,
 * `tracingOn` is false and every helper here runs its function with nothing around it. Manual
 * spans rather than auto-instrumentation: the service is ESM, where patching `pg` or `http` needs
 * a loader hook at process start; the points that matter are few and all ours (an incoming
 * request, a statement, a job, a webhook POST, an e-mail).
 */
let on = false;

export const tracingOn = () => on;

/** Set by telemetry/sdk.ts once a tracer provider is registered. */
export function setTracingOn(value: boolean): void {
  on = value;
}

export const tracer = () => trace.getTracer('renova');

export { SpanKind };

/** Runs `fn` inside a new active span that ends with it (error recorded); just `fn` when tracing is off. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  fn: (span: Span | null) => Promise<T>,
): Promise<T> {
  if (!on) return fn(null);
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed with the error's message (never its stack or values). */
export function failSpan(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException({ name: error.name, message: error.message });
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** W3C trace context headers (`traceparent`, `tracestate`) of the active span, to send along; none when off. */
export function traceHeaders(): Record<string, string> {
  if (!on) return {};
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/** `trace_id` and `span_id` of the active span, for every log line (pino mixin). */
export function logIds(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
