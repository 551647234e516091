import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { DEMO } from '../../src/cli/demo.js';
import { seedIfEmpty } from '../../src/seed/index.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';
import { Walker, walk } from '../helpers/demo-walk.js';
import { INTERFACE_OPERATIONS, operationsInSpec, SPEC_PATH } from '../helpers/interface-operations.js';
import { ACTIONS } from './demo-walk-actions.js';
import { JOURNEYS } from './demo-walk-journeys.js';
import { PREFERENCES, READS, SESSION } from './demo-walk-reads.js';

/**
 * Issue 12 (case 10 and the acceptance): on the demo `npm start` seeds (src/cli/demo.ts), every
 * one of the interface's 106 operations, alias paths included, answers 2xx, with the role a
 * person would use (IE for the dashboard, API for /api and /s/api, OPERADOR for the foundation).
 * Ids come from the API where an operation lists them, from the database where none does (each
 * step's `how` says which). Steps live in demo-walk-reads, -actions and -journeys, in the order
 * they run: reads first, on the demo as seeded; journeys opened last.
 */

const STEPS = [...SESSION, ...READS, ...PREFERENCES, ...ACTIONS, ...JOURNEYS];

describe(`the demo walk (${testDatabaseKind})`, () => {
  let t: TestContext;
  before(async () => {
    t = await createTestApp();
    assert.equal(await seedIfEmpty(t.db, DEMO), true);
  });
  after(() => t?.close());

  test('the 106 operations are the ones of the spec, section 4', (ctx) => {
    assert.equal(INTERFACE_OPERATIONS.length, 106);
    assert.equal(new Set(INTERFACE_OPERATIONS).size, 106);
    if (!existsSync(SPEC_PATH)) return ctx.skip(`the spec is not beside the repository (${SPEC_PATH.pathname})`);
    assert.deepEqual(operationsInSpec(readFileSync(SPEC_PATH, 'utf8')), INTERFACE_OPERATIONS);
  });

  test('every operation of the interface has a step in the walk', () => {
    const walked = new Set(STEPS.map((s) => s.op));
    const missing = INTERFACE_OPERATIONS.filter((op) => !walked.has(op));
    assert.deepEqual(missing, [], `${missing.length} of 106 operations not walked`);
  });

  // Over a hundred calls on the demo's 3,000 students, two journey openings among them: longer than
  // the runner's default per test, as the property test is.
  test('each step ends on its operation with a 2xx on the demo', { timeout: 600_000 }, async () => {
    assert.deepEqual(await walk(new Walker(t), STEPS), []);
  });
});
