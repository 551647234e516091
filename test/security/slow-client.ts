import { connect, type Socket } from 'node:net';

export interface SlowClient {
  socket: Socket;
  /** Resolves when the server closes the connection: what it answered (if anything) and when. */
  closed: Promise<{ status: number | null; body: string; afterMs: number }>;
  stop(): void;
}

/**
 * A client that sends `head` at once and then `trickle` one byte per `everyMs`, as an attacker
 * holding a connection open would. It never finishes on its own.
 */
export function slowClient(port: number, head: string, trickle: string, everyMs = 1000): SlowClient {
  const started = performance.now();
  const socket = connect(port, '127.0.0.1', () => socket.write(head));
  let data = '';
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(trickle[sent % trickle.length]!);
    sent += 1;
  }, everyMs);
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    data += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<{ status: number | null; body: string; afterMs: number }>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      const [headPart = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(headPart.split(' ')[1]);
      resolve({
        status: Number.isFinite(status) && status > 0 ? status : null,
        body,
        afterMs: performance.now() - started,
      });
    });
  });
  return {
    socket,
    closed,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/**
 * A multipart upload head for the values import, declaring a body far longer than it sends. With
 * an Idempotency-Key the service spools the file before its transaction (on the embedded database
 * a transaction holds the only session, so an import stuck mid-body would hold every other write).
 */
export function uploadHead(path: string, token: string, declared = 100_000, idempotencyKey?: string): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
    (idempotencyKey ? `Idempotency-Key: ${idempotencyKey}\r\n` : '') +
    `Content-Type: multipart/form-data; boundary=xYz\r\nContent-Length: ${declared}\r\n\r\n` +
    '--xYz\r\nContent-Disposition: form-data; name="arquivo"; filename="valores.csv"\r\n' +
    'Content-Type: text/csv\r\n\r\nbrbId,'
  );
}
