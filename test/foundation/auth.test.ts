import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createAuth } from '../../src/http/auth.js';
import { createTestApp, problemOf, TEST_SECRET, type TestContext } from '../helpers/app.js';

const URL = '/s/v2/renovacao/planilhas-auxiliares/turnos';
const secret = new TextEncoder().encode(TEST_SECRET);
const claims = { role: 'IE', ies: [1], name: 'Ana' };
const signed = (build: (jwt: SignJWT) => SignJWT, key: Uint8Array = secret) =>
  build(
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('ana')
      .setIssuer('renova')
      .setAudience('renova-api')
      .setIssuedAt(),
  ).sign(key);

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function expect401(authorization: string | undefined, detail: RegExp) {
  const response = await t.app.inject({
    method: 'GET',
    url: URL,
    headers: { 'accept-language': 'en', ...(authorization ? { authorization } : {}) },
  });
  assert.equal(response.statusCode, 401, response.body);
  const body = problemOf(response);
  assert.match(body.detail, detail);
  assert.equal(body.erro, body.detail);
  assert.equal(response.headers['www-authenticate'], 'Bearer');
}

describe('bearer authentication', () => {
  test('a valid token passes', async () => {
    const token = await signed((j) => j.setExpirationTime('5m'));
    const response = await t.app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.statusCode, 200, response.body);
  });
  test('missing token', () => expect401(undefined, /needs a bearer token/));
  test('malformed header', () => expect401('Basic abc', /must be "Bearer <token>"/));
  test('malformed token', () => expect401('Bearer not.a.jwt', /malformed/));
  test('expired token', async () =>
    expect401(`Bearer ${await signed((j) => j.setExpirationTime(Math.floor(Date.now() / 1000) - 3600))}`, /expired/));
  test('not yet valid token', async () =>
    expect401(
      `Bearer ${await signed((j) => j.setExpirationTime('2h').setNotBefore(Math.floor(Date.now() / 1000) + 3600))}`,
      /not valid yet/,
    ));
  test('wrongly signed token', async () =>
    expect401(
      `Bearer ${await signed((j) => j.setExpirationTime('5m'), new TextEncoder().encode('another-secret-another-secret-another-secret'))}`,
      /signature/,
    ));
  test('alg none', async () => {
    const token = new UnsecuredJWT(claims)
      .setSubject('ana')
      .setIssuer('renova')
      .setAudience('renova-api')
      .setExpirationTime('5m')
      .encode();
    await expect401(`Bearer ${token}`, /algorithm|malformed/);
  });
  test('wrong issuer', async () =>
    expect401(`Bearer ${await signed((j) => j.setExpirationTime('5m').setIssuer('someone-else'))}`, /issuer/));
  test('wrong audience', async () =>
    expect401(`Bearer ${await signed((j) => j.setExpirationTime('5m').setAudience('other'))}`, /audience/));
  test('token without exp', async () => expect401(`Bearer ${await signed((j) => j)}`, /exp/));
  test('IE token without institutions', async () => {
    const token = await new SignJWT({ role: 'IE', ies: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setIssuer('renova')
      .setAudience('renova-api')
      .setExpirationTime('5m')
      .sign(secret);
    await expect401(`Bearer ${token}`, /names no institution/);
  });
  test('unknown role', async () => {
    const token = await new SignJWT({ role: 'ADMIN', ies: [1] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setIssuer('renova')
      .setAudience('renova-api')
      .setExpirationTime('5m')
      .sign(secret);
    await expect401(`Bearer ${token}`, /claims are not valid/);
  });
  test('a role the operation does not allow is 403', async () => {
    const response = await t.call({ method: 'GET', url: URL, role: 'API', ies: [1] });
    assert.equal(response.statusCode, 403);
    assert.match(problemOf(response).detail, /Role API may not call this operation/);
  });
});

test('RS256 public-key configuration verifies tokens signed by the private key, and refuses HS256 ones', async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const config = loadConfig({
    JWT_PUBLIC_KEY: await exportSPKI(publicKey),
    JWT_ALGORITHM: 'RS256',
    DATA_DIR: 'memory://',
  });
  const auth = await createAuth(config.jwt, null);
  assert.equal(auth.sign, null);
  const app = await buildApp({ config, db: t.db, auth, logger: false });
  try {
    const good = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('ana')
      .setIssuer('renova')
      .setAudience('renova-api')
      .setExpirationTime('5m')
      .sign(privateKey);
    assert.equal(
      (await app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${good}` } })).statusCode,
      200,
    );
    const hs = await signed((j) => j.setExpirationTime('5m'));
    assert.equal(
      (await app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${hs}` } })).statusCode,
      401,
    );
  } finally {
    await app.close();
  }
});
