import type { Socket } from 'node:net';
import { problem } from './errors.js';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed request line or
 * header, headers too large, a request that timed out) still get a problem+json answer, like every
 * other failure; Fastify's default would send a plain JSON body. The connection is closed after.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          'headers-too-large',
          'The request headers are too large; send fewer or shorter headers.',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request-timeout', 'The request took too long to arrive; send it again.']
        : [
            400,
            'Bad Request',
            'malformed-request',
            'The request is not valid HTTP (check the request line and that no header value holds a line break).',
          ];
  const body = JSON.stringify({ ...problem(status, code, detail), title: reason });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
