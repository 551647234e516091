import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Role } from '../../src/http/auth.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import {
  type DocumentOperation,
  documentOperations,
  ID_NAME,
  type OpenApiDocument,
  OWN_BATCH_TABLES,
  type TenancyCall,
  type TenancyCase,
  urlOf,
} from '../helpers/tenancy-cases.js';
import { TENANCY_CASES } from '../helpers/tenancy-cases-table.js';
import {
  createTenancyWorld,
  databaseDigest,
  leaksOf,
  type TenancyWorld,
  theirBatchRows,
} from '../helpers/tenancy-world.js';

// Tenancy (DOMAIN.md, STYLE.md 6): an IE user never sees or changes another IE's data; another
// IE's id answers 404. This walks every operation of the OpenAPI document that takes the id of a
// tenant's thing — path, query or body, alias doors included — and calls it as an IE 1 user (role
// IE, and role API where the operation allows it) with IE 2's ids. A new id-taking operation
// without a case in the table fails the first test, naming it.

let t: TestContext;
let w: TenancyWorld;
let operations: DocumentOperation[];
before(async () => {
  t = await createTestApp();
  w = await createTenancyWorld(t);
  const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
  operations = documentOperations(spec);
});
after(() => t.close());

test('the table has a case for every operation that takes a tenant id, and only for those', () => {
  const idTaking = operations.filter((o) => o.ids.length > 0);
  const missing = idTaking
    .filter((o) => !(o.operationId in TENANCY_CASES))
    .map((o) => `${o.operationId} (${o.method} ${o.path}: ${o.ids.join(', ')})`);
  assert.deepEqual(missing, [], 'id-taking operations with no tenancy case: add them to the table');
  const known = new Set(idTaking.map((o) => o.operationId));
  const stale = Object.keys(TENANCY_CASES).filter((id) => !known.has(id));
  assert.deepEqual(stale, [], 'table entries for operations the document no longer has or that take no id');
  assert.ok(idTaking.length >= 100, `${idTaking.length} id-taking operations`);
});

test("every id-taking operation refuses IE 2's ids to IE 1's users and changes nothing", async () => {
  const failures: string[] = [];
  let digest = await databaseDigest(t, UNDIGESTED);
  let audited = await lastAuditId();
  for (const op of operations) {
    const entry: TenancyCase | undefined = TENANCY_CASES[op.operationId];
    if (!entry || 'none' in entry) continue;
    const allowed: Role[] = [];
    for (const call of entry.calls(w)) {
      for (const role of ['IE', 'API'] as const) {
        const label = `${op.operationId} as ${role}${call.names ? ` (${call.names})` : ''}`;
        const theirs = await theirBatchRows(t, w.two);
        const response = await t.call({
          method: op.method as 'GET',
          url: urlOf(op.path, call),
          ies: [w.one.ie.ieId],
          role,
          headers: call.headers,
          ...(call.body === undefined ? {} : { payload: call.body as object }),
        });
        const problem = failureOf(entry, response, role, allowed, w);
        if (problem) failures.push(`${label}: ${problem}`);
        const own = entry.expect === 'rowErrors' ? OWN_BATCH_TABLES : [];
        const now = await databaseDigest(t, [...UNDIGESTED, ...own]);
        const changed = Object.keys(now).filter((table) => now[table] !== digest[table]);
        if (changed.length > 0) failures.push(`${label}: changed ${changed.join(', ')}`);
        assert.deepEqual(await theirBatchRows(t, w.two), theirs, `${label}: IE 2's batches or deliveries changed`);
        digest = own.length > 0 ? await databaseDigest(t, UNDIGESTED) : now;
        for (const row of await auditRowsAfter(audited)) {
          audited = Math.max(audited, row.id);
          // A batch answered row by row is done (the caller's own batch), its rows refused.
          if (row.efetivado && entry.expect !== 'rowErrors') failures.push(`${label}: audited as done`);
          if (!row.ies.every((ie) => ie === w.one.ie.ieId)) {
            failures.push(`${label}: audited under IE ${row.ies.join(', ')}, so it shows in that IE's trail`);
          }
        }
      }
    }
    if (entry.expect !== 'operatorOnly' && allowed.length === 0) {
      failures.push(`${op.operationId}: neither role IE nor API may call it; list it as operatorOnly`);
    }
  }
  assert.deepEqual(failures, []);
});

test("the reads that refused IE 1 answer IE 2's own user: the ids exist, so the 404s were tenancy's", async () => {
  const failures: string[] = [];
  for (const op of operations.filter((o) => o.method === 'GET')) {
    const entry: TenancyCase | undefined = TENANCY_CASES[op.operationId];
    if (!entry || 'none' in entry || entry.expect !== 'notFound') continue;
    for (const call of entry.calls(w).filter((c) => !c.mixes)) {
      const answers = await Promise.all(
        (['IE', 'API'] as const).map((role) =>
          t.call({ method: 'GET', url: urlOf(op.path, call), ies: [w.two.ie.ieId], role }),
        ),
      );
      if (!answers.some((r) => r.statusCode === 200)) {
        failures.push(`${op.operationId}${call.names ? ` (${call.names})` : ''}: ${answers.map((r) => r.statusCode)}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test("IE 2's ids answer IE 1 as ids that do not exist do: the 404 tells nothing of IE 2", async () => {
  const failures: string[] = [];
  let ghost = 900_000_000;
  // The call with every number named by an id field (path, query, body, nested) one nobody has.
  const ghostly = (value: unknown, named = false): unknown => {
    if (typeof value === 'number') return named ? ++ghost : value;
    if (Array.isArray(value)) return value.map((v) => ghostly(v, named));
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ghostly(v, ID_NAME.test(k))]));
  };
  const detail = (r: Awaited<ReturnType<TestContext['call']>>) =>
    `${r.statusCode} ${String((r.json() as { detail?: string }).detail).replace(/\d+/g, '#')}`;
  for (const op of operations) {
    const entry: TenancyCase | undefined = TENANCY_CASES[op.operationId];
    if (!entry || 'none' in entry || entry.expect !== 'notFound') continue;
    // Calls naming both IEs' things are left out: their IE 1 ids would become unknown too.
    for (const call of entry.calls(w).filter((c) => !c.mixes)) {
      const ghostCall = ghostly(call) as TenancyCall;
      for (const role of ['IE', 'API'] as const) {
        const answers = [];
        for (const c of [call, ghostCall]) {
          answers.push(
            await t.call({
              method: op.method as 'GET',
              url: urlOf(op.path, c),
              ies: [w.one.ie.ieId],
              role,
              ...(c.body === undefined ? {} : { payload: c.body as object }),
            }),
          );
        }
        const [theirs, none] = answers.map(detail);
        if (theirs !== none)
          failures.push(`${op.operationId} as ${role}${call.names ? ` (${call.names})` : ''}: ${theirs} / ${none}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test("reads that take no id show IE 1 none of IE 2's rows, even right after IE 2 made the same read", async () => {
  // IE 2 reads first, so a statement or answer cached for its IEs would be what IE 1 gets.
  const failures: string[] = [];
  for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
    await t.call({ method: 'GET', url: op.path, ies: [w.two.ie.ieId] });
    for (const role of ['IE', 'API'] as const) {
      const response = await t.call({ method: 'GET', url: op.path, ies: [w.one.ie.ieId], role });
      const entry = TENANCY_CASES[op.operationId];
      const echoes = entry !== undefined && 'echoesIds' in entry && entry.echoesIds !== undefined;
      const leaks = leaksOf(response.body, w.two, echoes);
      if (leaks.length > 0) failures.push(`${op.operationId} as ${role}: shows IE 2's ${leaks.join(', ')}`);
    }
  }
  assert.deepEqual(failures, []);
});

/**
 * The audit trail gains a row for each write attempted, refused ones included: it is the caller's
 * own record, so it is checked apart — it must say nothing was done and belong to the caller's IE
 * (else IE 2's trail would show IE 1's user and what they tried).
 */
const UNDIGESTED = ['auditoria'];
async function lastAuditId() {
  const row = await t.db
    .selectFrom('auditoria')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
async function auditRowsAfter(id: number) {
  const rows = await t.db
    .selectFrom('auditoria')
    .select(['id', 'ie_ids', 'efetivado'])
    .where('id', '>', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), ies: r.ie_ids.map(Number), efetivado: r.efetivado }));
}

/** What is wrong with the answer, or null. Records the roles that may call the operation. */
function failureOf(
  { expect, echoesIds }: Exclude<TenancyCase, { none: string }>,
  response: Awaited<ReturnType<TestContext['call']>>,
  role: Role,
  allowed: Role[],
  world: TenancyWorld,
): string | null {
  const isProblem = String(response.headers['content-type']).startsWith('application/problem+json');
  const roleRefused = response.statusCode === 403 && isProblem && /may not call this operation/.test(response.body);
  if (expect === 'operatorOnly')
    return roleRefused ? null : `expected 403 for role ${role}, got ${response.statusCode}`;
  if (roleRefused) return null;
  if (!allowed.includes(role)) allowed.push(role);
  const leaks = leaksOf(response.body, world.two, expect === 'rowErrors' || echoesIds !== undefined);
  if (leaks.length > 0) return `${response.statusCode} shows IE 2's ${leaks.join(', ')}`;
  if (expect === 'rowErrors') {
    const batch = response.statusCode === 200 ? (response.json() as { registrosComSucesso?: number }) : {};
    const done =
      batch.registrosComSucesso ??
      (batch as { 'envio-valores'?: { registrosComSucesso: number } })['envio-valores']?.registrosComSucesso;
    return done === 0
      ? null
      : `expected 200 with every row refused, got ${response.statusCode}: ${response.body.slice(0, 200)}`;
  }
  if (response.statusCode === 404) return isProblem ? null : '404 without problem+json';
  if (expect === 'notFound') return `expected 404, got ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode >= 300)
    return `expected 404 or 2xx, got ${response.statusCode}: ${response.body.slice(0, 200)}`;
  return null;
}

export type { TenancyCall };
