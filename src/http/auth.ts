import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  type CryptoKey,
  createRemoteJWKSet,
  importPKCS8,
  importSPKI,
  type JWTHeaderParameters,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Config } from '../config.js';
import { unauthorized } from './errors.js';
import { type Text, t } from './i18n.js';
import { VERIFIED_TOKENS_MAX, type VerifiedToken, VerifiedTokens } from './verified-tokens.js';

export const ROLES = ['IE', 'API', 'OPERADOR'] as const;
export type Role = (typeof ROLES)[number];

/** The claims renova reads from a bearer token (DOMAIN.md, "Users, tokens and tenancy"). */
const ClaimsSchema = Type.Object({
  sub: Type.String({ minLength: 1, maxLength: 200 }),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Union(ROLES.map((r) => Type.Literal(r))),
  ies: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
  grupoIe: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
});

/** Who is calling, as every handler and service sees it. `all` is true for the foundation's operators. */
export interface Caller {
  sub: string;
  name: string;
  role: Role;
  ies: number[];
  grupoIe: number | null;
  all: boolean;
}

export interface TokenRequest {
  sub: string;
  name?: string;
  role: Role;
  ies?: number[];
  grupoIe?: number | null;
  ttl?: string;
}

export interface Auth {
  verify(token: string): Promise<Caller>;
  /**
   * The caller of a token verified before and still valid, with no promise (the common request's
   * path, authenticate.ts); undefined when it must go through verify (not seen, expired, or a
   * JWKS key set that must be asked again).
   */
  known?(token: string): Caller | undefined;
  /** Signs a token with the configured key; null when the service holds only a public key or JWKS. */
  sign: ((request: TokenRequest) => Promise<string>) | null;
  /** Where the generated development secret lives, when one was generated. */
  secretFile: string | null;
}

type SigningKey = { alg: string; key: CryptoKey | Uint8Array };

/**
 * Builds the verifier from configuration once: HS256 secret, PEM public key (RS256/ES256/EdDSA) or
 * JWKS URL. Without any of them (development only; config refuses it in production) a secret is
 * generated once and kept in the data directory, or held in memory for an in-memory database.
 */
export async function createAuth(jwt: Config['jwt'], dataDir: string | null): Promise<Auth> {
  let verifyKey: CryptoKey | Uint8Array | JWTVerifyGetKey;
  let algorithms: string[];
  let signing: SigningKey | null = null;
  let secretFile: string | null = null;

  if (jwt.jwksUrl) {
    verifyKey = createRemoteJWKSet(new URL(jwt.jwksUrl));
    algorithms = ['RS256', 'ES256', 'EdDSA'];
  } else if (jwt.publicKey && jwt.algorithm) {
    verifyKey = await importSPKI(jwt.publicKey, jwt.algorithm);
    algorithms = [jwt.algorithm];
    if (jwt.privateKey) signing = { alg: jwt.algorithm, key: await importPKCS8(jwt.privateKey, jwt.algorithm) };
  } else {
    let secret = jwt.secret;
    if (!secret) ({ secret, file: secretFile } = developmentSecret(dataDir));
    // Imported once: given the raw bytes, jose imports them on every verify and sign.
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    verifyKey = key;
    algorithms = ['HS256'];
    signing = { alg: 'HS256', key };
  }

  const cache = new VerifiedTokens(VERIFIED_TOKENS_MAX);
  // A remote key set can drop a key: a cached token is accepted only while the set still gives
  // the very key that verified it (the set's own lookup, no signature check).
  const keyStillValid = jwt.jwksUrl
    ? async (entry: VerifiedToken, token: string) => {
        const [protectedPart = '', payloadPart = '', signature = ''] = token.split('.');
        try {
          const key = await (verifyKey as JWTVerifyGetKey)(entry.header, {
            protected: protectedPart,
            payload: payloadPart,
            signature,
          });
          return key === entry.key;
        } catch {
          return false;
        }
      }
    : null;

  function known(token: string): Caller | undefined {
    return keyStillValid ? undefined : cache.get(token, Date.now())?.caller;
  }

  async function verify(token: string): Promise<Caller> {
    const now = Date.now();
    const hit = cache.get(token, now);
    if (hit && (!keyStillValid || (await keyStillValid(hit, token)))) return hit.caller;
    const verified = await verifyUncached(token);
    cache.set(token, verified, now);
    return verified.caller;
  }

  async function verifyUncached(token: string): Promise<VerifiedToken> {
    let payload: unknown;
    let header: JWTHeaderParameters;
    let key: unknown = verifyKey;
    const options = {
      issuer: jwt.issuer,
      audience: jwt.audience,
      algorithms,
      clockTolerance: jwt.clockToleranceS,
      requiredClaims: ['exp', 'sub'],
    };
    try {
      if (typeof verifyKey === 'function') {
        ({ payload, protectedHeader: header, key } = await jwtVerify(token, verifyKey, options));
      } else {
        ({ payload, protectedHeader: header } = await jwtVerify(token, verifyKey, options));
      }
    } catch (error) {
      throw unauthorized(describeTokenError(error));
    }
    if (!Value.Check(ClaimsSchema, payload)) {
      const first = [...Value.Errors(ClaimsSchema, payload)][0];
      throw unauthorized(
        t(
          `As claims do token não são válidas: ${first?.path || 'claims'} ${first?.message ?? ''}`.trim(),
          `The token's claims are not valid: ${first?.path || 'claims'} ${first?.message ?? ''}`.trim(),
        ),
      );
    }
    const claims = payload as Static<typeof ClaimsSchema>;
    const expiresAt = (payload as unknown as { exp: number }).exp * 1000;
    const all = claims.role === 'OPERADOR';
    if (!all && (claims.ies ?? []).length === 0) {
      throw unauthorized(
        t(
          'O token não indica nenhuma instituição (claim "ies"); um token de IE ou de API deve indicar pelo menos uma.',
          'The token names no institution (claim "ies"); an IE or API token must name at least one.',
        ),
      );
    }
    // Shared by every request that presents this token: frozen, so no handler can change another's caller.
    const caller: Caller = Object.freeze({
      sub: claims.sub,
      name: claims.name ?? claims.sub,
      role: claims.role,
      ies: Object.freeze([...new Set(claims.ies ?? [])]) as number[],
      grupoIe: claims.grupoIe ?? null,
      all,
    });
    return { caller, header, key, expiresAt };
  }

  const sign = signing
    ? async (request: TokenRequest) => {
        const { alg, key } = signing;
        return new SignJWT({
          role: request.role,
          name: request.name ?? request.sub,
          ies: request.ies ?? [],
          ...(request.grupoIe ? { grupoIe: request.grupoIe } : {}),
        })
          .setProtectedHeader({ alg, typ: 'JWT' })
          .setSubject(request.sub)
          .setIssuer(jwt.issuer)
          .setAudience(jwt.audience)
          .setIssuedAt()
          .setExpirationTime(request.ttl ?? '1h')
          .sign(key);
      }
    : null;

  return { verify, known, sign, secretFile };
}

function developmentSecret(dataDir: string | null): { secret: string; file: string | null } {
  if (!dataDir) return { secret: randomBytes(32).toString('base64url'), file: null };
  const file = join(dataDir, 'jwt-secret');
  try {
    return { secret: readFileSync(file, 'utf8').trim(), file };
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, file };
  }
}

function describeTokenError(error: unknown): Text {
  if (error instanceof joseErrors.JWTExpired)
    return t('O token expirou; obtenha um novo.', 'The token has expired; get a new one.');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf')
      return t(
        'O token ainda não é válido (nbf está no futuro).',
        'The token is not valid yet (nbf is in the future).',
      );
    if (error.claim === 'iss')
      return t(
        'O token foi emitido por um emissor que este serviço não aceita.',
        'The token was issued by an issuer this service does not accept.',
      );
    if (error.claim === 'aud')
      return t('O token é destinado a outro público (aud).', 'The token is meant for another audience.');
    return t(
      `A claim "${error.claim}" do token não é válida: ${error.reason}.`,
      `The token's claim "${error.claim}" is not valid: ${error.reason}.`,
    );
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return t(
      'O token foi assinado com um algoritmo que este serviço não aceita.',
      'The token is signed with an algorithm this service does not accept.',
    );
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return t('A assinatura do token não é válida.', 'The token signature is not valid.');
  if (error instanceof joseErrors.JWKSNoMatchingKey)
    return t('Nenhuma chave conhecida corresponde ao token.', 'No known key matches the token.');
  return t('O token bearer está malformado.', 'The bearer token is malformed.');
}

/** Reads the bearer token from an Authorization header value; throws 401 naming what is wrong. */
export function bearerToken(header: string | undefined): string {
  if (!header) {
    throw unauthorized(
      t(
        'Esta operação precisa de um token bearer: envie "Authorization: Bearer <token>".',
        'This operation needs a bearer token: send "Authorization: Bearer <token>".',
      ),
    );
  }
  const match = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw unauthorized(
      t('O cabeçalho Authorization deve ser "Bearer <token>".', 'The Authorization header must be "Bearer <token>".'),
    );
  }
  return match[1];
}
