import { context, propagation, ROOT_CONTEXT, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';
import type { App } from '../http/types.js';
import { SpanKind, tracer, tracingOn } from './tracing.js';

/**
 * A server span per incoming request, child of the caller's W3C `traceparent` when it sends one.
 * The span is made active for the rest of the request: entered in onRequest, and again after the
 * body is read (preValidation, preHandler), since the body's stream events run in the context of
 * the connection, not of the request. Named `METHOD /route/pattern` once the route is known.
 * Registered only when tracing is on.
 */
export function registerHttpTracing(app: App): void {
  if (!tracingOn()) return;
  const spans = new WeakMap<FastifyRequest, Span>();
  const active = (request: FastifyRequest) => {
    const span = spans.get(request);
    return span ? trace.setSpan(context.active(), span) : context.active();
  };

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0],
          'client.address': request.ip,
          'renova.request_id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    context.with(active(request), done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    context.with(active(request), done);
  });
  const end = (request: FastifyRequest, status: number | null) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    const route = request.routeOptions.url;
    if (route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    if (status === null) span.setStatus({ code: SpanStatusCode.ERROR, message: 'client aborted the request' });
    else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}
