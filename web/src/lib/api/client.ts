import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, toProblem } from './problem.ts';
import type { paths } from './schema';

/** The service's root: the portal is served at BASE_PATH, beside the API. */
export const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/** Raised on every 401 so the app can send the user to sign-in (and back afterwards). */
export const UNAUTHORIZED_EVENT = 'renova:nao-autenticado';

const session: Middleware = {
  async onResponse({ response, request }) {
    if (response.status === 401 && !new URL(request.url).pathname.endsWith('/s/sessao')) {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    return undefined;
  },
};

/**
 * The one API client. The session travels in an HttpOnly cookie (no token in script reach);
 * X-Requested-With is the CSRF header the service requires on cookie-authenticated writes.
 */
export const api = createClient<paths>({
  baseUrl: BASE,
  credentials: 'same-origin',
  headers: { 'X-Requested-With': 'renova-portal' },
});
api.use(session);

/** The data of an openapi-fetch answer, or an ApiError carrying the problem. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(toProblem(result.response.status, result.error));
  }
  return result.data as T;
}

export type { components, paths } from './schema';

/**
 * The JSON body of a list that also exports (formato=csv|xlsx answers a file, typed as a string):
 * the portal always asks for JSON, so a string here is a broken promise, not data.
 */
export function json<T>(body: T): Exclude<T, string> {
  if (typeof body === 'string') throw new Error('A resposta veio como arquivo, não como JSON.');
  return body as Exclude<T, string>;
}
