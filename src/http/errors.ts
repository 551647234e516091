/**
 * The one error type of the service. Services throw it; the error handler turns it (and every
 * other failure) into an RFC 9457 problem. `code` is stable and names the problem type.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface FieldError {
  pointer: string;
  message: string;
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, 'bad-request', message, errors ? { errors } : {});
export const invalidField = (pointer: string, message: string) =>
  new AppError(400, 'validation', `${pointer}: ${message}`, { errors: [{ pointer, message }] });
export const unauthorized = (message: string) =>
  new AppError(401, 'unauthorized', message, {}, { 'www-authenticate': 'Bearer' });
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (what: string) => new AppError(404, 'not-found', `${what} not found.`);
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, 'conflict', message, extra);
export const unprocessable = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(422, 'rule-violated', message, extra);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  erro: string;
  instance?: string;
  requestId?: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

export function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}): Problem {
  // Extra members never override the standard ones (an extra `status` must not change the status).
  return {
    ...extra,
    type: `urn:renova:problem:${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    erro: detail,
  };
}
