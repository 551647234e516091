import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync } from 'node:zlib';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

// A stand-in for web/dist, so these tests do not need a Vite build.
const dist = mkdtempSync(join(tmpdir(), 'renova-portal-'));
mkdirSync(join(dist, 'assets'));
const INDEX =
  '<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/app-1a2b.js"></script></head></html>';
writeFileSync(join(dist, 'index.html'), INDEX);
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(join(dist, 'assets', 'app-1a2b.js'), SCRIPT);
writeFileSync(join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
process.env.RENOVA_PORTAL_DIST = dist;

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('portal serving', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('serves index.html at / with a strict CSP and no-cache', async () => {
    const res = await t.app.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, INDEX);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
    assert.match(csp, /frame-ancestors 'none'/);
  });

  it('serves hashed assets precompressed with a year-long immutable cache', async () => {
    const res = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    const plain = await t.app.inject({ url: '/assets/app-1a2b.js' });
    assert.equal(plain.body, SCRIPT);
  });

  it("answers the portal's page for its own routes (deep links) when the browser asks for HTML", async () => {
    const res = await t.app.inject({ url: '/contrato/42?aba=aptos', headers: html });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, INDEX);
    assert.equal(res.headers['cache-control'], 'no-cache');
  });

  it('keeps the API problem answers: 404 for unknown API paths, 405 for a wrong method, even asking HTML', async () => {
    const unknown = await t.app.inject({ url: '/s/v2/nada', headers: html });
    assert.equal(problemOf(unknown).status, 404);
    const wrong = await t.app.inject({ url: '/processos/previsao-formatura', headers: html });
    assert.equal(problemOf(wrong).status, 405);
    assert.equal(wrong.headers.allow, 'POST');
    const json = await t.app.inject({ url: '/contrato/42', headers: { accept: 'application/json' } });
    assert.equal(problemOf(json).status, 404);
    const missingAsset = await t.app.inject({ url: '/assets/nada-123.js', headers: html });
    assert.equal(missingAsset.statusCode, 404);
  });

  it('does not compress API answers (the portal scope only)', async () => {
    const res = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
  });
});

describe('portal under BASE_PATH', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestApp({ BASE_PATH: '/renovacao' });
  });
  after(() => t.close());

  it('lives under the base path only', async () => {
    assert.equal((await t.app.inject({ url: '/renovacao/' })).body, INDEX);
    assert.equal((await t.app.inject({ url: '/renovacao/contrato/1', headers: html })).body, INDEX);
    assert.equal((await t.app.inject({ url: '/renovacao/assets/app-1a2b.js' })).body, SCRIPT);
    const outside = await t.app.inject({ url: '/contrato/1', headers: html });
    assert.equal(outside.statusCode, 404);
    const redirect = await t.app.inject({ url: '/renovacao' });
    assert.equal(redirect.statusCode, 302);
    assert.equal(redirect.headers.location, '/renovacao/');
  });
});
