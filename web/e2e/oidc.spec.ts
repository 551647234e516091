import { type ChildProcess, spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { freePortsSync } from './ports.ts';

// A local OpenID provider (oidc-provider) and a second renova configured for it: OIDC_* for the
// portal, JWKS_URL/JWT_ISSUER/JWT_AUDIENCE so the service verifies the provider's access tokens.
const opPort = freePortsSync(2);
const appPort = opPort + 1;
const issuer = `http://127.0.0.1:${opPort}`;
const app = `http://127.0.0.1:${appPort}`;
const AUDIENCE = 'urn:renova:api';

let op: Server;
let service: ChildProcess;

test.describe('OpenID Connect sign-in', () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    test.setTimeout(300_000); // the mock service seeds its demo first
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'renova-portal',
          token_endpoint_auth_method: 'none',
          redirect_uris: [`${app}/entrar/retorno`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'e2e' }] },
      cookies: { keys: ['e2e-cookie-key'] },
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: id, name: 'Ana OIDC' }),
      }),
      clientBasedCORS: () => true,
      extraTokenClaims: async () => ({ role: 'IE', ies: [1], name: 'Ana OIDC' }),
      features: {
        devInteractions: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => AUDIENCE,
          useGrantedResource: () => true,
          getResourceServerInfo: () => ({
            scope: 'openid profile',
            audience: AUDIENCE,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }),
        },
      },
    });
    op = provider.listen(opPort);

    // Not --mock: the mock environment pins its own HS256 key; an in-memory database seeds the same demo.
    service = spawn('node', ['bin/renova.js', 'serve'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(appPort),
        DATA_DIR: 'memory://',
        RATE_LIMIT_MAX: '0',
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'renova-portal',
        OIDC_RESOURCE: AUDIENCE,
        JWKS_URL: `${issuer}/jwks`,
        JWT_ISSUER: issuer,
        JWT_AUDIENCE: AUDIENCE,
      },
    });
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${app}/readyz`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error('the OIDC-configured service did not start');
  });

  test.afterAll(async () => {
    service?.kill('SIGTERM');
    op?.close();
  });

  test('signs in with authorization code + PKCE and lands on the page asked for', async ({ page }) => {
    await page.goto(`${app}/jornadas`);
    await expect(page).toHaveURL(/\/entrar\?volta=%2Fjornadas/);
    await page.getByRole('button', { name: 'Entrar com a conta institucional' }).click();

    await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
    await page.locator('input[name="login"]').fill('ana.oidc');
    await page.locator('input[name="password"]').fill('qualquer');
    await page.locator('button[type="submit"]').click();
    const consent = page.getByRole('button', { name: 'Continue' });
    if (await consent.isVisible({ timeout: 5_000 }).catch(() => false)) await consent.click();

    await expect(page).toHaveURL(`${app}/jornadas`);
    await expect(page.getByTestId('usuario')).toContainText('Ana OIDC');
    await expect(page.getByRole('heading', { level: 1, name: 'Jornadas' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Jornadas' })).toBeVisible();
    // No token in script reach: nothing in localStorage, only the PKCE leftovers cleared.
    expect(await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }))).toEqual({
      local: 0,
      session: 0,
    });
  });
});
