import type { FastifyRequest } from 'fastify';
import { sessionToken } from '../modules/session/session.cookie.js';
import { bearerToken, type Caller, type Role } from './auth.js';
import { forbidden } from './errors.js';
import { t } from './i18n.js';
import type { App } from './types.js';

const EXTERNAL_API = /^\/(s\/)?api\//;

/** Roles that may call a route when it names none: the external API group is for IE systems. */
export function defaultRoles(path: string): readonly Role[] {
  return EXTERNAL_API.test(path) ? ['API', 'OPERADOR'] : ['IE', 'OPERADOR'];
}

/**
 * Authenticates every route registered inside `app` (the interface scope): 401 for a missing or
 * invalid token, 403 for a role the route does not allow. Runs on request, before validation.
 */
export function requireBearer(app: App, basePath: string): void {
  app.decorateRequest('caller', null as never);
  /** Sets the caller; the 403 when the route does not allow its role. */
  const admit = (request: FastifyRequest, caller: Caller): Error | undefined => {
    request.caller = caller;
    const path = (request.routeOptions.url ?? '').slice(basePath.length);
    const roles = request.routeOptions.config.roles ?? defaultRoles(path);
    if (roles.includes(caller.role)) return undefined;
    return forbidden(
      t(
        `O papel ${caller.role} não pode chamar esta operação; ela é para ${roles.join(' ou ')}.`,
        `Role ${caller.role} may not call this operation; it is for ${roles.join(' or ')}.`,
      ),
    );
  };
  // Callback style: a token verified before (the common request) costs no promise (#25).
  app.addHook('onRequest', (request, _reply, done) => {
    let token: string;
    try {
      // The portal's session cookie stands in for the header (same origin only; see modules/session).
      const header = request.headers.authorization;
      token = header ? bearerToken(header) : (sessionToken(request) ?? bearerToken(undefined));
    } catch (error) {
      return done(error as Error);
    }
    const known = app.auth.known?.(token);
    if (known) return done(admit(request, known));
    // admit runs inside the chain, so nothing it could throw is left an unhandled rejection.
    app.auth
      .verify(token)
      .then((caller) => admit(request, caller))
      .then(
        (refusal) => done(refusal),
        (error: Error) => done(error),
      );
  });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
  });
}
