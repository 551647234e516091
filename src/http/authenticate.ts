import type { FastifyRequest } from 'fastify';
import { sessionToken } from '../modules/session/session.cookie.js';
import { bearerToken, type Role } from './auth.js';
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
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // The portal's session cookie stands in for the header (same origin only; see modules/session).
    const header = request.headers.authorization;
    const token = header ? bearerToken(header) : (sessionToken(request) ?? bearerToken(undefined));
    request.caller = await app.auth.verify(token);
    const path = (request.routeOptions.url ?? '').slice(basePath.length);
    const roles = request.routeOptions.config.roles ?? defaultRoles(path);
    if (!roles.includes(request.caller.role)) {
      throw forbidden(
        t(
          `O papel ${request.caller.role} não pode chamar esta operação; ela é para ${roles.join(' ou ')}.`,
          `Role ${request.caller.role} may not call this operation; it is for ${roles.join(' or ')}.`,
        ),
      );
    }
  });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
  });
}
