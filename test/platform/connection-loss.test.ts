import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isConnectionLoss } from '../../src/db/connection-loss.js';
import { PendingKeyWrites } from '../../src/http/idempotency-pending.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

/**
 * A lost database connection answers 503 problem+json with Retry-After, in the request's language
 * (issue 24); the fault tests (test/faults, `npm run test:faults`) prove it against a real
 * PostgreSQL being killed. Here: which errors count as a lost connection, and the answer's shape.
 */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

const LOST = [
  pgError('57P01', 'terminating connection due to administrator command'),
  pgError('57P03', 'the database system is starting up'),
  pgError('08006'),
  pgError('53300', 'sorry, too many clients already'),
  pgError('25P03', 'terminating connection due to idle-in-transaction timeout'),
  pgError('25006', 'cannot execute INSERT in a read-only transaction'),
  pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
  pgError('ECONNRESET', 'read ECONNRESET'),
  new Error('Connection terminated unexpectedly'),
  new Error('Connection terminated due to connection timeout'),
  new Error('timeout exceeded when trying to connect'),
  new Error('Query read timeout'),
  new AggregateError([pgError('ECONNREFUSED')], ''),
  new Error('migration failed', { cause: new Error('Connection terminated unexpectedly') }),
];
const NOT_LOST = [
  pgError('23505'),
  pgError('57014', 'canceling statement due to statement timeout'),
  new Error('boom'),
];

let t: TestContext;
let next: Error = new Error('unset');
before(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/__lost', async () => {
      throw next;
    });
  });
});
after(() => t.close());

test('lost connections are told apart from refused statements', () => {
  for (const error of LOST) assert.equal(isConnectionLoss(error), true, error.message);
  for (const error of NOT_LOST) assert.equal(isConnectionLoss(error), false, error.message);
});

test('a lost connection answers 503 problem+json with Retry-After, Portuguese by default, English on request', async () => {
  for (const error of LOST) {
    next = error;
    const pt = await t.app.inject({ url: '/__lost' });
    assert.equal(pt.statusCode, 503, error.message);
    assert.match(String(pt.headers['content-type']), /^application\/problem\+json/);
    assert.equal(pt.headers['retry-after'], '5');
    assert.equal(problemOf(pt).type, 'urn:renova:problem:database-unavailable');
    assert.match(problemOf(pt).detail, /banco de dados está indisponível.*mesma Idempotency-Key/);
  }
  const en = await t.app.inject({ url: '/__lost', headers: { 'accept-language': 'en' } });
  assert.equal(en.statusCode, 503);
  assert.match(problemOf(en).detail, /database is unavailable right now.*same Idempotency-Key/);
});

test('a statement cancelled by the statement limit is 503 with Retry-After too', async () => {
  next = pgError('57014', 'canceling statement due to statement timeout');
  const response = await t.app.inject({ url: '/__lost' });
  assert.equal(response.statusCode, 503);
  assert.equal(problemOf(response).type, 'urn:renova:problem:timeout');
  assert.ok(response.headers['retry-after']);
});

test('idempotency bookkeeping that fails waits and is retried; a claim on the key settles it first', async () => {
  let up = false;
  const done: string[] = [];
  const pending = new PendingKeyWrites(() => {}, 20);
  pending.add('k', async () => {
    if (!up) throw new Error('Connection terminated unexpectedly');
    done.push('k');
  });
  await assert.rejects(pending.settle('k'), /Connection terminated/);
  assert.equal(pending.size, 1);
  up = true;
  await pending.settle('k');
  assert.deepEqual(done, ['k']);
  assert.equal(pending.size, 0);
  pending.add('later', async () => {
    done.push('later');
  });
  for (let i = 0; i < 100 && pending.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(done, ['k', 'later'], 'the background retry ran it');
  pending.stop();
});
