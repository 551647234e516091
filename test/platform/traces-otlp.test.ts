import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createAuth } from '../../src/http/auth.js';
import { until } from '../faults/private-servers.js';
import { ServiceProcess } from '../faults/service.js';
import { TEST_SECRET } from '../helpers/app.js';

/**
 * `renova serve` with the standard OTEL_* variables exports its spans over OTLP/HTTP to a receiver
 * this test starts (a plain node:http server taking POST /v1/traces), and its log lines carry the
 * request's trace_id. Ports 55461-55462 (this area's range).
 */
const RECEIVER_PORT = 55461;
const SERVICE_PORT = 55462;
const TRACE = '0af7651916cd43dd8448eb211c80319c';

interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
}
const exported: { service: string; spans: OtlpSpan[] }[] = [];
let receiver: Server;
let service: ServiceProcess;

before(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const rs of body.resourceSpans ?? []) {
          const name = rs.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value
            ?.stringValue;
          exported.push({ service: name, spans: (rs.scopeSpans ?? []).flatMap((s: { spans: OtlpSpan[] }) => s.spans) });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  service = new ServiceProcess(SERVICE_PORT, {
    DATA_DIR: 'memory://',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`,
    OTEL_SERVICE_NAME: 'renova-otlp-test',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });
  await service.ready();
});
after(async () => {
  await service?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

test('spans reach an OTLP/HTTP receiver under OTEL_SERVICE_NAME, and log lines carry the trace_id', async () => {
  const auth = await createAuth(loadConfig({ JWT_SECRET: TEST_SECRET }).jwt, null);
  const token = await auth.sign!({ sub: 'otlp', role: 'IE', ies: [1] });
  const response = await fetch(`${service.url}/s/v2/webhooks/endpoints`, {
    headers: { authorization: `Bearer ${token}`, traceparent: `00-${TRACE}-b7ad6b7169203331-01` },
  });
  assert.equal(response.status, 200);
  await until(
    'the request span at the receiver',
    () => exported.some((e) => e.spans.some((s) => s.traceId === TRACE && s.name.startsWith('GET '))),
    60_000,
  );
  const batch = exported.find((e) => e.spans.some((s) => s.traceId === TRACE))!;
  assert.equal(batch.service, 'renova-otlp-test');
  const ours = exported.flatMap((e) => e.spans).filter((s) => s.traceId === TRACE);
  assert.ok(
    ours.some((s) => s.name === 'SELECT'),
    `statements exported: ${ours.map((s) => s.name).join(', ')}`,
  );
  const lines = service.output.split('\n').filter((l) => l.includes(`"trace_id":"${TRACE}"`));
  assert.ok(lines.length > 0, 'a log line of the request carries its trace_id');
});
