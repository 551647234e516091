import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on a random loopback port (node:http). `mode` decides each answer: `ok`
 * (204), a status to answer instead, or `hang` (never answers, as a stuck receiver).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const plan: (number | 'hang')[] = [];
  let mode: 'ok' | 'hang' = 'ok';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = plan.shift() ?? (mode === 'hang' ? 'hang' : 204);
      if (next === 'hang') return;
      response.writeHead(next, { 'content-type': 'text/plain' }).end('corpo ignorado');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    /** Answers the next requests with these statuses, in order, then as `mode` says. */
    answerNext(...statuses: (number | 'hang')[]) {
      plan.push(...statuses);
    },
    setMode(next: 'ok' | 'hang') {
      mode = next;
    },
    ids: () => received.map((r) => String(r.headers['webhook-id'])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
