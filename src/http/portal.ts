import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { App } from './types.js';

/** The built portal (`npm run build:web`): the same relative place from src/http and dist/http (tests point elsewhere). */
export const PORTAL_DIST = process.env.RENOVA_PORTAL_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Paths that belong to the API: never answered with the portal's page, whatever the Accept. */
const API_PATH = /^\/(s|api|docs|openapi\.json|healthz|readyz|metrics)(\/|$)/;
const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The portal's Content-Security-Policy. Scripts only from this origin (Vite emits no inline
 * script). Styles allow 'unsafe-inline' because Mantine writes its CSS variables into a <style>
 * element at run time and sets style="" attributes for layout props; a nonce cannot cover style
 * attributes. The OpenID provider's origin is allowed for discovery and the token exchange.
 */
export function contentSecurityPolicy(config: Config): string {
  const issuer = config.oidc ? ` ${new URL(config.oidc.issuer).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${issuer}`,
    `form-action 'self'${issuer}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

function securityHeaders(reply: FastifyReply, csp: string): void {
  reply.header('content-security-policy', csp);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
}

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built portal at `${basePath}/`: hashed assets with a year-long immutable cache
 * (their names change with their content), index.html with no-cache (so a deploy is picked up at
 * the next navigation), and index.html for any other GET of a non-API path that asks for HTML
 * (the portal's own routes, deep links included). API paths keep their problem+json 404/405.
 */
export async function registerPortal(
  app: App,
  config: Config,
  dist = process.env.RENOVA_PORTAL_DIST ?? PORTAL_DIST,
): Promise<void> {
  const base = config.basePath;
  const csp = contentSecurityPolicy(config);
  const built = existsSync(`${dist}/index.html`);
  const index = built
    ? readFileSync(`${dist}/index.html`, 'utf8')
    : '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>renova</title></head><body>' +
      '<p>O portal ainda não foi construído: rode <code>npm run build:web</code>.</p></body></html>';

  const sendIndex = (reply: FastifyReply) => {
    securityHeaders(reply, csp);
    return reply
      .code(built ? 200 : 503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(index);
  };

  await app.register(async (scope) => {
    // Only the portal's responses are compressed here; the API's stay as they are.
    await scope.register(compress, { global: true, threshold: 1024 });
    if (built) {
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: `${base}/`,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (reply, path) => {
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
          securityHeaders(reply, csp);
        },
      });
    }
    scope.get(`${base}/`, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    if (base) scope.get(base, { schema: { hide: true } }, (_request, reply) => reply.redirect(`${base}/`));
  });

  // Callback style: every request passes here, and only a browser's 404 is answered (no promise per request).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD') || !wantsHtml(request)) return done();
    const path = request.url.split('?')[0] ?? '/';
    if (base && path !== base && !path.startsWith(`${base}/`)) return done();
    const inner = path.slice(base.length) || '/';
    if (API_PATH.test(inner) || /\.[a-z0-9]+$/i.test(inner)) return done();
    if (OTHER_METHODS.some((method) => app.findRoute({ method, url: path }))) return done();
    sendIndex(reply); // answered: the hook chain stops here, done() is not called
  });
}
