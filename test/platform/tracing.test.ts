import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { notify } from '../../src/modules/notifications/notify.js';
import { startTracing, type Tracing, tracingWanted } from '../../src/telemetry/sdk.js';
import { tracingOn } from '../../src/telemetry/tracing.js';
import { createIe } from '../helpers/factories.js';
import { registerEndpoint, startWebhookHarness, type WebhookHarness } from '../integrations/webhook-harness.js';

/**
 * OpenTelemetry traces (issue 24, item 5), into an in-memory exporter: an incoming request's span
 * continues the caller's W3C traceparent, each statement is a child span, a delivery job is a
 * span, and the webhook POST carries the trace on. The OTLP export by a real process is in
 * test/faults/traces-otlp.e2e.ts.
 */
const exporter = new InMemorySpanExporter();
let tracing: Tracing | null;
let h: WebhookHarness;

before(async () => {
  assert.equal(tracingOn(), false, 'off until started');
  // Started before the app and its database: both ask at creation whether tracing is on.
  tracing = await startTracing({}, { spanProcessor: new SimpleSpanProcessor(exporter) });
  h = await startWebhookHarness();
});
after(async () => {
  await h?.close();
  await tracing?.shutdown();
});

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const children = (spans: ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);

test('OTEL_* decides: off by default and with OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none', () => {
  assert.equal(tracingWanted({}), false);
  assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), true);
  assert.equal(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp' }), true);
  assert.equal(
    tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    false,
  );
  assert.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }), false);
});

test("a request continues the caller's traceparent; its statements are its children, a POST's too", async () => {
  const ie = await createIe(h.t.db);
  exporter.reset();
  const { token } = await registerEndpoint(h.t, [ie.ieId], ['notificacao.criada'], h.receiver.url);
  const response = await h.t.call({
    method: 'GET',
    url: '/s/v2/webhooks/endpoints',
    token,
    headers: { traceparent: `00-${TRACE}-${PARENT}-01` },
  });
  assert.equal(response.statusCode, 200);
  const spans = exporter.getFinishedSpans();
  const server = spans.find((s) => s.name === 'GET /s/v2/webhooks/endpoints');
  assert.ok(server, spans.map((s) => s.name).join(', '));
  assert.equal(server.spanContext().traceId, TRACE);
  assert.equal(server.parentSpanContext?.spanId, PARENT);
  assert.equal(server.attributes['http.response.status_code'], 200);
  assert.equal(server.attributes['http.route'], '/s/v2/webhooks/endpoints');
  const statements = children(spans, server);
  assert.ok(statements.length > 0, 'the list ran a statement under the request');
  assert.ok(statements.every((s) => s.attributes['db.system.name'] === 'postgresql'));
  assert.match(String(statements[0]!.attributes['db.query.text']), /webhook_endpoint/);

  // The registration (a POST with a JSON body: its handler runs after the body is read) too.
  const post = spans.find((s) => s.name === 'POST /s/v2/webhooks/endpoints');
  assert.ok(post);
  assert.ok(
    children(spans, post).some((s) => s.attributes['db.operation.name'] === 'INSERT'),
    'the insert is a child of the POST',
  );
});

test('a delivery job is a span; its webhook POST is a child span and the receiver gets its traceparent', async () => {
  const ie = await createIe(h.t.db);
  await registerEndpoint(h.t, [ie.ieId], ['notificacao.criada'], h.receiver.url);
  await notify(h.t.db, [{ ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Lote', mensagem: 'x' }]);
  exporter.reset();
  const before = h.receiver.received.length;
  assert.ok((await h.worker.runOnce()) > 0);
  const spans = exporter.getFinishedSpans();
  const job = spans.find((s) => s.name === 'job entregas-integracao');
  assert.ok(job, spans.map((s) => s.name).join(', '));
  const post = children(spans, job).find((s) => s.name === 'POST webhook');
  assert.ok(post, 'the POST is a child of the job');
  assert.equal(post.attributes['http.response.status_code'], 204);
  const received = h.receiver.received.slice(before);
  assert.equal(received.length, 1);
  assert.equal(
    received[0]!.headers.traceparent,
    `00-${post.spanContext().traceId}-${post.spanContext().spanId}-01`,
    'the receiver can join the trace',
  );
  assert.ok(children(spans, job).some((s) => s.attributes['db.system.name'] === 'postgresql'));
});
