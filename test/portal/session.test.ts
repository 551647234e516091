import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { today } from '../../src/lib/business-date.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;

describe('portal sign-in (demo)', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('lists the demo users and says how the portal signs in', async () => {
    const users = await t.app.inject({ url: '/s/sessao/usuarios-demo' });
    assert.equal(users.statusCode, 200);
    assert.deepEqual(
      users.json().map((u: { id: string; papel: string; ies: number[] }) => [u.id, u.papel, u.ies]),
      [
        ['ie-1', 'IE', [1]],
        ['ie-2', 'IE', [2]],
        ['operador', 'OPERADOR', []],
      ],
    );
    const config = await t.app.inject({ url: '/s/sessao/configuracao' });
    // hoje: the service's business date, so the portal counts days and checks dates as the API does.
    assert.deepEqual(config.json(), { demo: true, oidc: null, hoje: today() });
  });

  it('signs in as a demo user into an HttpOnly, SameSite=Strict cookie that authenticates API calls', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/s/sessao/demo', payload: { usuario: 'ie-1' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().papel, 'IE');
    assert.deepEqual(res.json().ies, [1]);
    const line = String(res.headers['set-cookie']);
    assert.match(line, /^renova_sessao=[\w.-]+; Path=\/; Max-Age=28800; HttpOnly; SameSite=Strict$/);
    const cookie = cookieOf(res.headers['set-cookie']);

    const me = await t.app.inject({ url: '/s/sessao', headers: { cookie } });
    assert.equal(me.json().sub, 'demo-ie-1');
    const read = await t.app.inject({
      url: '/s/v1/contrato/mais-acoes/obter-preferencia-grupoie',
      headers: { cookie },
    });
    assert.equal(read.statusCode, 200);
  });

  it('refuses a cookie-authenticated write without X-Requested-With (CSRF) and changes nothing', async () => {
    const cookie = cookieOf(
      (await t.app.inject({ method: 'POST', url: '/s/sessao/demo', payload: { usuario: 'ie-1' } })).headers[
        'set-cookie'
      ],
    );
    const get = () => t.app.inject({ url: '/s/v1/contrato/mais-acoes/obter-preferencia-grupoie', headers: { cookie } });
    const before = (await get()).body;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/1',
      headers: { cookie },
    });
    assert.equal(problemOf(refused).status, 403);
    assert.match(problemOf(refused).detail, /X-Requested-With/);
    assert.equal((await get()).body, before);

    const allowed = await t.app.inject({
      method: 'POST',
      url: '/s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/1',
      headers: { cookie, 'x-requested-with': 'renova-portal' },
    });
    // Past the CSRF gate: the operation's own answer (this empty database has no group 1).
    assert.equal(problemOf(allowed).status, 404);
  });

  it('answers 401 without a session and 404 for an unknown demo user (no cookie set)', async () => {
    const none = await t.app.inject({ url: '/s/sessao' });
    assert.equal(problemOf(none).status, 401);
    const unknown = await t.app.inject({ method: 'POST', url: '/s/sessao/demo', payload: { usuario: 'root' } });
    assert.equal(problemOf(unknown).status, 404);
    assert.equal(unknown.headers['set-cookie'], undefined);
  });

  it("opens a session with a provider's access token only when it verifies", async () => {
    const token = await t.token({ ies: [2], sub: 'oidc-user' });
    const ok = await t.app.inject({ method: 'POST', url: '/s/sessao/token', payload: { accessToken: token } });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().sub, 'oidc-user');
    assert.match(String(ok.headers['set-cookie']), /HttpOnly; SameSite=Strict/);
    const bad = await t.app.inject({ method: 'POST', url: '/s/sessao/token', payload: { accessToken: `${token}x` } });
    assert.equal(problemOf(bad).status, 401);
    assert.equal(bad.headers['set-cookie'], undefined);
  });

  it('signs out by clearing the cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/s/sessao/sair' });
    assert.equal(res.statusCode, 204);
    assert.match(String(res.headers['set-cookie']), /^renova_sessao=; Path=\/; Max-Age=0/);
  });
});

describe('portal sign-in in production', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
      OIDC_ISSUER: 'https://login.example.edu.br',
      OIDC_CLIENT_ID: 'renova-portal',
    });
  });
  after(() => t.close());

  it('has no demo doors, and offers the OpenID provider', async () => {
    assert.equal(problemOf(await t.app.inject({ url: '/s/sessao/usuarios-demo' })).status, 404);
    const demo = await t.app.inject({ method: 'POST', url: '/s/sessao/demo', payload: { usuario: 'ie-1' } });
    assert.equal(problemOf(demo).status, 404);
    assert.equal(demo.headers['set-cookie'], undefined);
    const config = await t.app.inject({ url: '/s/sessao/configuracao' });
    assert.deepEqual(config.json(), {
      hoje: today(),
      demo: false,
      oidc: {
        issuer: 'https://login.example.edu.br',
        clientId: 'renova-portal',
        scope: 'openid profile',
        resource: null,
      },
    });
    assert.match(
      String((await t.app.inject({ url: '/' })).headers['content-security-policy']),
      /connect-src 'self' https:\/\/login\.example\.edu\.br/,
    );
  });

  it('marks the session cookie Secure', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/s/sessao/token',
      payload: { accessToken: await t.token() },
    });
    assert.match(String(ok.headers['set-cookie']), /; Secure$/);
  });
});
