import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';

// Issue 23, item 6: the portal's CSP forbids <base> and plugins; /docs has a CSP of its own
// (web/e2e/docs-csp.spec.ts checks swagger-ui still renders under it in Chromium).

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t?.close();
});

const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );

test("the portal's CSP has base-uri 'none' and object-src 'none'", async () => {
  const csp = directives((await t.app.inject({ url: '/' })).headers['content-security-policy']);
  assert.equal(csp.get('base-uri'), "'none'");
  assert.equal(csp.get('object-src'), "'none'");
  assert.equal(csp.get('frame-ancestors'), "'none'");
});

test('/docs and its assets carry a CSP: scripts from the origin only, no inline script, no plugins', async () => {
  for (const url of ['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-initializer.js']) {
    const response = await t.app.inject({ url });
    if (response.statusCode >= 300 && response.statusCode < 400) continue;
    assert.equal(response.statusCode, 200, url);
    const csp = directives(response.headers['content-security-policy']);
    assert.equal(csp.get('script-src'), "'self'", url);
    assert.equal(csp.get('object-src'), "'none'", url);
    assert.equal(csp.get('base-uri'), "'none'", url);
    assert.equal(csp.get('frame-ancestors'), "'none'", url);
  }
});
