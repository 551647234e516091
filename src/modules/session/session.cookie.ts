import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { forbidden } from '../../http/errors.js';
import { t } from '../../http/i18n.js';

/** The portal's session cookie: the bearer token itself, HttpOnly so no script can read it. */
export const SESSION_COOKIE = 'renova_sessao';

/** Methods that change nothing; the others need the CSRF header when the cookie authenticates. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim()) || null;
  }
  return null;
}

/**
 * The token of the session cookie, or null. A cookie rides along on any request the browser
 * makes, so a state-changing request authenticated by it must also carry `X-Requested-With`:
 * a header another site's form or image cannot set (a cross-site fetch that sets it needs a CORS
 * preflight this service never grants). SameSite=Strict already stops most of it; this is the
 * second lock.
 */
export function sessionToken(request: FastifyRequest): string | null {
  const token = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!token) return null;
  if (!SAFE.has(request.method) && !request.headers['x-requested-with']) {
    throw forbidden(
      t(
        'Requisição autenticada pelo cookie de sessão sem o cabeçalho X-Requested-With (proteção contra CSRF).',
        'A request authenticated by the session cookie needs the X-Requested-With header (CSRF protection).',
      ),
    );
  }
  return token;
}

/** Sets the session cookie for `maxAgeS` seconds (the token's own lifetime). */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, maxAgeS: number): void {
  reply.header('set-cookie', cookieLine(config, encodeURIComponent(token), Math.max(0, Math.floor(maxAgeS))));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.header('set-cookie', cookieLine(config, '', 0));
}

function cookieLine(config: Config, value: string, maxAgeS: number): string {
  const secure = config.env === 'production' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=${config.basePath || '/'}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Strict${secure}`;
}
