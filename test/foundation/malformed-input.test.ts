import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createContract, createIe } from '../helpers/factories.js';

// Every operation of the OpenAPI document, fed malformed ids, bodies and query strings, as an IE
// user and as an operator: the answer is a 4xx problem, never a 5xx.

let t: TestContext;
let routes: { method: string; path: string }[];
const tokens: string[] = [];
before(async () => {
  t = await createTestApp();
  const ie = await createIe(t.db);
  await createContract(t.db, ie);
  tokens.push(await t.token({ ies: [ie.ieId] }), await t.token({ role: 'OPERADOR', ies: [] }));
  const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
after(() => t.close());

const IDS = ['x', '-1', '0', '1.5', '99999999999999999999', '%00', "1'", '2026-13'];
const QUERIES = ['', '?pagina=-1&tamanho=abc&termo=%25&competencia=x&ano=1e9'];
const BODIES: [string, string][] = [
  ['application/json', '{'],
  ['application/json', '[]'],
  ['application/json', 'null'],
  ['application/json', '{"brbId":"1; drop table ie","valores":[{"brbId":1e400}],"data":"31-02-2026"}'],
  ['application/json', JSON.stringify({ a: 'x'.repeat(5000) })],
  ['text/plain', 'hello'],
  ['multipart/form-data', '--x'],
];

// Some 10,000 requests: half a minute on a quiet machine, more than the suite's 3-minute default
// per test on a loaded one.
test('no malformed input makes any operation answer 5xx', { timeout: 600_000 }, async () => {
  assert.ok(routes.length >= 106, `the document lists ${routes.length} operations`);
  const failures: string[] = [];
  for (const { method, path } of routes) {
    // A path without parameters takes no id: each of its URLs once, not once per id.
    const urls = new Set(IDS.flatMap((id) => QUERIES.map((query) => `${path.replace(/\{[^}]+\}/g, id)}${query}`)));
    for (const url of urls) {
      const bodies: ([string, string] | null)[] = method === 'GET' || method === 'DELETE' ? [null] : BODIES;
      for (const body of bodies) {
        for (const token of tokens) {
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': body[0] } : {}) },
            ...(body ? { payload: body[1] } : {}),
          });
          if (response.statusCode >= 500)
            failures.push(`${method} ${url} ${body?.[1].slice(0, 40)}: ${response.statusCode}`);
          else if (response.statusCode >= 400 && !/problem\+json/.test(String(response.headers['content-type']))) {
            failures.push(`${method} ${url}: ${response.statusCode} as ${response.headers['content-type']}`);
          }
        }
      }
    }
  }
  assert.deepEqual(failures, []);
});
