import type { Socket } from 'node:net';
import { problem, titleOf } from './errors.js';
import { langOf, t } from './i18n.js';

/** The Accept-Language of the refused request, when its raw bytes still hold the header. */
function rawLang(error: Error) {
  // Node hands the refused bytes as a Buffer (its typings say otherwise).
  const packet = (error as { rawPacket?: unknown }).rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
  return langOf(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed request line or
 * header, headers too large, a request that timed out) still get a problem+json answer, like every
 * other failure, in Portuguese unless the raw request asked for English; Fastify's default would
 * send a plain JSON body. The connection is closed after.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([
          431,
          'Request Header Fields Too Large',
          'headers-too-large',
          t(
            'Os cabeçalhos da requisição são grandes demais; envie menos cabeçalhos ou cabeçalhos mais curtos.',
            'The request headers are too large; send fewer or shorter headers.',
          ),
        ] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([
            408,
            'Request Timeout',
            'request-timeout',
            t(
              'A requisição demorou demais para chegar; envie-a novamente.',
              'The request took too long to arrive; send it again.',
            ),
          ] as const)
        : ([
            400,
            'Bad Request',
            'malformed-request',
            t(
              'A requisição não é HTTP válido (confira a linha de requisição e que nenhum valor de cabeçalho tenha quebra de linha).',
              'The request is not valid HTTP (check the request line and that no header value holds a line break).',
            ),
          ] as const);
  const lang = rawLang(error);
  const body = JSON.stringify({ ...problem(status, code, detail, {}, lang), title: titleOf(status, lang) });
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  // End gracefully and read what the client is still sending (a 100 KB header arrives in several
  // segments): destroying a socket with unread input sends a reset, and the client (Node 24's
  // parser stops earlier than 20's) would lose the answer. A client that never stops is cut off.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Language: ${lang}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.resume();
  setTimeout(() => socket.destroy(), 2000).unref();
}
