import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SignJWT } from 'jose';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

// Every operation the OpenAPI document marks as bearer-secured — the interface's 106 and every
// one added since — answers 401 problem+json without a token, with an expired one and with one
// signed by another key, and changes nothing. Only the portal's session doors are public.

let t: TestContext;
let secured: { method: string; path: string }[];
let publicOps: string[];
before(async () => {
  t = await createTestApp();
  const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  const all = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  secured = all.filter((o) => (o.op.security?.length ?? 0) > 0);
  publicOps = all.filter((o) => (o.op.security?.length ?? 0) === 0).map((o) => `${o.method} ${o.path}`);
});
after(() => t.close());

test('only the portal session doors are public', () => {
  assert.ok(secured.length >= 106, `${secured.length} secured operations`);
  assert.deepEqual(
    publicOps.filter((o) => !o.includes('/s/sessao/')),
    [],
  );
});

test('every secured operation answers 401 without a valid token, and nothing is written', async () => {
  const expired = await t.token({ ttl: '-1h' });
  // Right claims, signed with a key the service does not know.
  const foreign = await new SignJWT({ role: 'IE', ies: [1] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('intruder')
    .setIssuer('renova')
    .setAudience('renova-api')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
  const before = await counts();
  const failures: string[] = [];
  for (const { method, path } of secured) {
    const url = path.replace(/\{[^}]+\}/g, '1');
    for (const token of [null, expired, foreign]) {
      const response = await t.call({
        method: method as 'GET',
        url,
        token,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (
        response.statusCode !== 401 ||
        !String(response.headers['content-type']).startsWith('application/problem+json')
      ) {
        failures.push(
          `${method} ${url} (${token === null ? 'no token' : token === expired ? 'expired' : 'foreign key'}): ${response.statusCode}`,
        );
      } else {
        assert.equal(problemOf(response).status, 401);
      }
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(await counts(), before, 'no row was written by a refused call');
});

/** Rows in the tables a call could write to. */
async function counts() {
  const tables = ['jornada', 'entrada_jornada', 'lote', 'evento_timeline', 'solicitacao', 'notificacao'] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    out[table] = Number(row?.n ?? 0);
  }
  return out;
}
