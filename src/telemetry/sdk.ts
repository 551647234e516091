import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { setTracingOn } from './tracing.js';

export interface Tracing {
  /** Sends what is buffered and stops tracing (the service calls it as it closes). */
  shutdown(): Promise<void>;
}

/**
 * Whether the standard OTEL_* variables ask for traces: an OTLP endpoint, or OTEL_TRACES_EXPORTER
 * naming one (`otlp`, `console`); never with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter === 'none') return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT ||
      env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
      exporter === 'otlp' ||
      exporter === 'console',
  );
}

/**
 * Starts OpenTelemetry tracing when the environment asks for it (or a test hands its own span
 * processor): the SDK is imported here, only then, so a service without OTEL_* loads none of it.
 * Spans go to OTLP over HTTP (JSON; the exporter reads OTEL_EXPORTER_OTLP_* itself: endpoint,
 * headers, timeout) in batches, or to the console with OTEL_TRACES_EXPORTER=console. Registering
 * the provider also installs the AsyncLocalStorage context manager and the W3C trace-context
 * propagator that telemetry/tracing.ts relies on.
 */
export async function startTracing(
  env: NodeJS.ProcessEnv = process.env,
  options: { spanProcessor?: SpanProcessor } = {},
): Promise<Tracing | null> {
  if (!options.spanProcessor && !tracingWanted(env)) return null;
  const { NodeTracerProvider, BatchSpanProcessor, ConsoleSpanExporter } = await import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  let processor = options.spanProcessor;
  if (!processor) {
    const exporter =
      env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'console'
        ? new ConsoleSpanExporter()
        : new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
    processor = new BatchSpanProcessor(exporter);
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'renova' }),
    spanProcessors: [processor],
  });
  provider.register();
  setTracingOn(true);
  return {
    async shutdown() {
      setTracingOn(false);
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
