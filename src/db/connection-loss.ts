/**
 * Whether an error means the database connection was lost or could not be had, as opposed to the
 * database refusing a statement. These answer 503 with Retry-After (the same request succeeds once
 * the database is back), and their connection is thrown away rather than returned to the pool.
 *
 * SQLSTATE first: class 08 (connection exception), 57P01..57P05 (administrator or crash shutdown,
 * cannot connect now, database dropped, idle session timeout), 25P03 (idle-in-transaction timeout,
 * which ends the session), 53300 (too many connections) and 25006 (a write on a read-only server:
 * after a failover, a connection kept to the old primary that came back as a standby; dropping it
 * lets the next one reach the new primary through the proxy). pg's own errors carry no SQLSTATE: a
 * socket's errno (ECONNREFUSED, ECONNRESET...) or, for the pool and client, only a message, so
 * those few driver messages are matched by text.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '25P03', '53300', '25006']);
const ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const DRIVER_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Connection closed|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

function own(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || SQLSTATES.has(code);
    if (ERRNOS.has(code)) return true;
  }
  if (error instanceof AggregateError && error.errors.some(own)) return true; // ECONNREFUSED on ::1 and 127.0.0.1
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/** True when `error` (or the error it wraps, a few levels deep) is a lost or unobtainable connection. */
export function isConnectionLoss(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (own(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
