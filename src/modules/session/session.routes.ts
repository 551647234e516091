import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { today } from '../../lib/business-date.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session.cookie.js';
import * as schemas from './session.schemas.js';
import { DEMO_TTL_S, demoTokenRequest, demoUserList, secondsLeft, sessionUser } from './session.service.js';

const tags = ['Session (portal)'];
const User = schemas.SessionUserSchema;

/** The caller's token: the Authorization header, else the portal's session cookie. */
function tokenOf(request: FastifyRequest): string {
  if (request.headers.authorization) return bearerToken(request.headers.authorization);
  return sessionToken(request) ?? bearerToken(undefined);
}

/**
 * The portal's sign-in, outside bearer authentication (signing in is how a caller gets one).
 * The demo doors exist only outside production: there they would hand anyone a token.
 */
export function registerSession(app: App): void {
  const { config } = app;
  const demo = config.env !== 'production' && app.auth.sign !== null;

  app.get(
    '/s/sessao/configuracao',
    {
      schema: {
        operationId: 'getPortalConfig',
        summary: 'How the portal signs in: demo users available, OpenID provider',
        tags,
        querystring: schemas.NoQuery,
        response: { 200: schemas.PortalConfigSchema },
      },
    },
    async () => ({ demo, oidc: config.oidc, hoje: today() }),
  );

  app.get(
    '/s/sessao',
    {
      schema: {
        operationId: 'getSession',
        summary: 'Who is signed in (session cookie or bearer token)',
        description: '401 when there is no session or it has expired: the portal then shows its sign-in page.',
        tags,
        security: [{ bearerAuth: [] }],
        querystring: schemas.NoQuery,
        response: responses({ 200: User }),
      },
    },
    async (request) => {
      const token = tokenOf(request);
      return sessionUser(await app.auth.verify(token), token);
    },
  );

  app.post(
    '/s/sessao/token',
    {
      schema: {
        operationId: 'signInWithToken',
        summary: "Opens a portal session with an OpenID provider's access token",
        description:
          'The token is verified exactly like a bearer (JWT_SECRET, JWT_PUBLIC_KEY or JWKS_URL; issuer, audience) and ' +
          'kept in an HttpOnly, SameSite=Strict cookie until it expires. Unsafe requests authenticated by that ' +
          'cookie must send `X-Requested-With`.',
        tags,
        body: schemas.TokenSignInBody,
        response: responses({ 200: User }),
      },
    },
    async (request, reply) => {
      const token = request.body.accessToken;
      const caller = await app.auth.verify(token);
      setSessionCookie(reply, config, token, secondsLeft(token));
      return sessionUser(caller, token);
    },
  );

  app.post(
    '/s/sessao/sair',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Ends the portal session (clears the cookie)',
        tags,
        response: { 204: Type.Null() },
      },
    },
    async (_request, reply) => {
      clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  );

  if (!demo) return;

  app.get(
    '/s/sessao/usuarios-demo',
    {
      schema: {
        operationId: 'listDemoUsers',
        summary: 'Demo users the portal can sign in as (not with NODE_ENV=production)',
        tags,
        querystring: schemas.NoQuery,
        response: { 200: Type.Array(schemas.DemoUserSchema) },
      },
    },
    async () => demoUserList(),
  );

  app.post(
    '/s/sessao/demo',
    {
      schema: {
        operationId: 'signInAsDemoUser',
        summary: 'Signs in as a demo user (not with NODE_ENV=production)',
        description:
          "Issues a token for the demo user with the service's own key (8 hours) and keeps it in the session cookie.",
        tags,
        body: schemas.DemoSignInBody,
        response: responses({ 200: User }, [404]),
      },
    },
    async (request, reply) => {
      const wanted = demoTokenRequest(request.body.usuario);
      if (!wanted) {
        throw notFound(
          t(
            `Usuário de demonstração ${request.body.usuario} não encontrado.`,
            `Demo user ${request.body.usuario} not found.`,
          ),
        );
      }
      const token = await app.auth.sign!(wanted);
      setSessionCookie(reply, config, token, DEMO_TTL_S);
      return sessionUser(await app.auth.verify(token), token);
    },
  );
}
