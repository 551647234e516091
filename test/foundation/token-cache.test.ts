import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, mock, test } from 'node:test';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { loadConfig } from '../../src/config.js';
import { createAuth } from '../../src/http/auth.js';
import { AppError } from '../../src/http/errors.js';
import { VerifiedTokens } from '../../src/http/verified-tokens.js';

// The verified-token cache (issue 16) saves the signature check on repeated tokens; it must never
// let through a token the verifier would refuse: expired, or signed by a key no longer trusted.

const SECRET = 'token-cache-secret-token-cache-secret-0123';
const OTHER = 'another-secret-another-secret-another-secret';
const hs = (secret: string, exp: number) =>
  new SignJWT({ role: 'IE', ies: [7], name: 'Ana' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('ana')
    .setIssuer('renova')
    .setAudience('renova-api')
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
const hsAuth = (secret: string, tolerance = '0') =>
  createAuth(loadConfig({ JWT_SECRET: secret, JWT_CLOCK_TOLERANCE_S: tolerance, DATA_DIR: 'memory://' }).jwt, null);

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.status, 401);
    return error.text.en;
  }
  assert.fail('the token was accepted');
}

afterEach(() => mock.timers.reset());

describe('verified-token cache', () => {
  test('a cached token is refused once its exp has passed, whatever the clock tolerance', async () => {
    const now = Date.now();
    mock.timers.enable({ apis: ['Date'], now });
    for (const tolerance of ['0', '30']) {
      const auth = await hsAuth(SECRET, tolerance);
      const token = await hs(SECRET, Math.floor(now / 1000) + 60);
      assert.equal((await auth.verify(token)).sub, 'ana');
      assert.equal((await auth.verify(token)).sub, 'ana');
      mock.timers.setTime(now + 61_000 + Number(tolerance) * 1000);
      assert.match(await refusal(auth.verify(token)), /expired/);
      mock.timers.setTime(now);
    }
  });

  test('a token is accepted only by the key that signed it: another key, or another signature, is refused', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = await hs(SECRET, exp);
    const auth = await hsAuth(SECRET);
    await auth.verify(token);
    assert.match(await refusal((await hsAuth(OTHER)).verify(token)), /signature/);
    // Same header and claims, signed by another key: only the signature differs from the cached one.
    const forged = await hs(OTHER, exp);
    assert.equal(forged.split('.').slice(0, 2).join('.'), token.split('.').slice(0, 2).join('.'));
    assert.match(await refusal(auth.verify(forged)), /signature/);
  });

  test('a key dropped from the JWKS revokes the tokens it verified', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    let keys: JWK[] = [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }];
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const now = Date.now();
      mock.timers.enable({ apis: ['Date'], now });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
      const auth = await createAuth(loadConfig({ JWKS_URL: url, DATA_DIR: 'memory://' }).jwt, null);
      const token = await new SignJWT({ role: 'IE', ies: [7] })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject('ana')
        .setIssuer('renova')
        .setAudience('renova-api')
        .setExpirationTime(Math.floor(now / 1000) + 3600)
        .sign(privateKey);
      assert.equal((await auth.verify(token)).sub, 'ana');
      assert.equal((await auth.verify(token)).sub, 'ana');
      keys = [];
      // Past the key set's cache age, the next lookup fetches it again and no longer finds k1.
      mock.timers.setTime(now + 11 * 60_000);
      assert.match(await refusal(auth.verify(token)), /key/);
    } finally {
      server.close();
    }
  });

  test('holds at most its limit, dropping the least recently used; never stores an expired entry', () => {
    const cache = new VerifiedTokens(2);
    const entry = (expiresAt: number) => ({ caller: {} as never, header: { alg: 'HS256' }, key: null, expiresAt });
    cache.set('a', entry(2000), 1000);
    cache.set('b', entry(2000), 1000);
    assert.ok(cache.get('a', 1000));
    cache.set('c', entry(2000), 1000);
    assert.equal(cache.size, 2);
    assert.equal(cache.get('b', 1000), undefined);
    assert.ok(cache.get('a', 1000) && cache.get('c', 1000));
    assert.equal(cache.get('a', 2000), undefined);
    cache.set('d', entry(999), 1000);
    assert.equal(cache.get('d', 500), undefined);
  });

  test('the caller a cached token yields cannot be changed by one request for the next', async () => {
    const auth = await hsAuth(SECRET);
    const token = await hs(SECRET, Math.floor(Date.now() / 1000) + 600);
    const caller = await auth.verify(token);
    assert.throws(() => caller.ies.push(8), TypeError);
    assert.throws(() => Object.assign(caller, { all: true }), TypeError);
    assert.deepEqual((await auth.verify(token)).ies, [7]);
  });
});
