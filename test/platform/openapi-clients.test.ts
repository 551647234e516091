import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';

/**
 * The OpenAPI document, walked operation by operation, as a client generator reads it: real 2xx
 * descriptions, every error as application/problem+json with the shared Problem component, and
 * uploads as binary strings.
 */
// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as untyped JSON
type Json = Record<string, any>;
let t: TestContext;
let doc: Json;
const operations: { id: string; op: Json }[] = [];
before(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(response.statusCode, 200);
  doc = response.json() as Json;
  for (const [path, item] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(item as Json))
      operations.push({ id: `${method.toUpperCase()} ${path}`, op });
});
after(() => t.close());

test('the document has the interface operations and a named Problem component', () => {
  assert.ok(operations.length >= 106, `${operations.length} operations`);
  const problem = doc.components?.schemas?.Problem;
  assert.ok(problem, 'components.schemas.Problem');
  assert.deepEqual([...problem.required].sort(), ['detail', 'erro', 'status', 'title', 'type']);
});

test('every operation has a 2xx response with a real description', () => {
  const bad: string[] = [];
  for (const { id, op } of operations) {
    const successes = Object.entries(op.responses as Json).filter(([status]) => status.startsWith('2'));
    if (successes.length === 0) bad.push(`${id}: no 2xx`);
    for (const [status, response] of successes) {
      const description = (response as Json).description;
      if (typeof description !== 'string' || description.trim() === '' || description === 'Default Response')
        bad.push(`${id} ${status}: ${JSON.stringify(description)}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('every error response is application/problem+json with the Problem schema', () => {
  const bad: string[] = [];
  let count = 0;
  for (const { id, op } of operations) {
    for (const [status, response] of Object.entries(op.responses as Json)) {
      if (!/^[45]/.test(status)) continue;
      count++;
      const content = (response as Json).content ?? {};
      const ok =
        Object.keys(content).join() === 'application/problem+json' &&
        content['application/problem+json'].schema?.$ref === '#/components/schemas/Problem' &&
        typeof (response as Json).description === 'string' &&
        (response as Json).description !== 'Default Response';
      if (!ok) bad.push(`${id} ${status}: ${JSON.stringify(response).slice(0, 120)}`);
    }
  }
  assert.ok(count > operations.length * 3, `${count} error responses`);
  assert.deepEqual(bad, []);
});

test('every multipart upload field is type string, format binary', () => {
  const uploads: string[] = [];
  const bad: string[] = [];
  for (const { id, op } of operations) {
    const schema = op.requestBody?.content?.['multipart/form-data']?.schema;
    if (!schema) continue;
    const files = Object.entries(schema.properties as Json).filter(
      ([, p]) => (p as Json).contentMediaType !== undefined || (p as Json).format === 'binary',
    );
    if (files.length === 0) bad.push(`${id}: multipart body without a file field`);
    for (const [name, p] of files) {
      uploads.push(`${id} ${name}`);
      if ((p as Json).type !== 'string' || (p as Json).format !== 'binary') bad.push(`${id} ${name}`);
    }
  }
  assert.ok(uploads.length >= 1, 'at least the values sheet import');
  assert.deepEqual(bad, []);
});

test('GET / goes somewhere useful (the portal, or a redirect), never a 404', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/' });
  assert.ok([200, 301, 302, 303, 307, 308].includes(response.statusCode), `${response.statusCode}`);
  if (response.statusCode >= 300) assert.ok(response.headers.location);
  else assert.match(String(response.headers['content-type']), /text\/html/);
});
