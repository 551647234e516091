import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { asArrayQuery, rowBuilder } from '../../src/db/array-rows.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../helpers/db.js';

// The service's pools read rows as arrays and build each row with a function compiled for its
// column list (src/db/array-rows.ts). The rows must be exactly the ones pg builds itself.

/** What pg's own parseRow makes of the same names and values: a template copied, then each name stored. */
function asPgWould(names: string[], values: unknown[]) {
  const template: Record<string, unknown> = Object.create(null);
  for (const name of names) template[name] = null;
  const row: Record<string, unknown> = { ...template };
  names.forEach((name, i) => {
    row[name] = values[i];
  });
  return row;
}

const sameRow = (actual: Record<string, unknown>, expected: Record<string, unknown>) => {
  assert.deepEqual(Object.keys(actual), Object.keys(expected), 'the same keys in the same order');
  assert.deepEqual(actual, expected);
  assert.equal(Object.getPrototypeOf(actual), Object.getPrototypeOf(expected), 'the same prototype');
};

test('a compiled row has pg’s keys, order, values and prototype, whatever the names', () => {
  const lists: string[][] = [
    ['id', 'nome', 'updated_at'],
    ['n', 'n', 'x'], // a repeated name keeps its first place and its last value
    ['a"b', "c'd", 'e\\f', 'g\nh', 'ção', '\u2028', '$' + '{x}', '`'],
    ['10', '2', 'b', 'a'], // integer-like names come first, in numeric order, as pg's would
    ['__proto__', 'constructor', 'toString'],
    ['hasOwnProperty', 'valueOf'],
  ];
  for (const names of lists) {
    const values = names.map((_, i) => (i % 2 ? null : { i }));
    const row = rowBuilder(names.map((name) => ({ name })))(values);
    sameRow(row, asPgWould(names, values));
  }
  const row = rowBuilder([{ name: '__proto__' }, { name: 'a' }])([{ polluted: true }, 1]);
  assert.equal(Object.getPrototypeOf(row), Object.prototype, 'a column named __proto__ is a key, not the prototype');
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('one builder per column list, reused', () => {
  const fields = [{ name: 'a' }, { name: 'b' }];
  assert.equal(rowBuilder(fields), rowBuilder([{ name: 'a' }, { name: 'b' }]));
  assert.notEqual(rowBuilder(fields), rowBuilder([{ name: 'b' }, { name: 'a' }]));
});

test('only promise-returning text or config queries are read as arrays', () => {
  assert.deepEqual(asArrayQuery(['select $1', [1]]), { text: 'select $1', values: [1], rowMode: 'array' });
  assert.deepEqual(asArrayQuery([{ name: 'p', text: 'select 1', values: [] }]), {
    name: 'p',
    text: 'select 1',
    values: [],
    rowMode: 'array',
  });
  assert.equal(asArrayQuery(['select 1', [], () => {}]), null, 'a callback');
  assert.equal(asArrayQuery([{ text: 'select 1', rowMode: 'array' }]), null, 'a row mode of its own');
  assert.equal(asArrayQuery([{ text: 'select 1', submit: () => {} }]), null, 'a submittable (a cursor)');
  assert.equal(asArrayQuery([{ text: 'select 1', callback: () => {} }]), null);
});

let handle: TestDatabase;
before(async () => {
  handle = await createTestDatabase();
});
after(() => handle.close());

// Types the service parses as pg does (it parses int8, numeric and date its own way).
const STATEMENT = `select 1 as id, 'Ana "Q"'::text as nome, null::text as nada,
  timestamptz '2026-03-01 12:00:00.123+00' as quando, array['a','b'] as tags, 2 as id,
  true as "__proto__", 'x' as "a""b", g as n
  from generate_series(1, 3) as g`;

test('rows through the service’s pool equal pg’s own rows for the same statement', {
  skip: testDatabaseKind !== 'postgres',
}, async () => {
  const pool = handle.pool;
  assert.ok(pool && handle.url, 'a PostgreSQL handle has its pool');
  const plain = new pg.Client({ connectionString: handle.url });
  await plain.connect();
  try {
    const lent = await pool.connect();
    try {
      const query = lent.query as unknown as (text: string, values: unknown[]) => Promise<pg.QueryResult>;
      const ours = await query(STATEMENT, []);
      const withValues = await query(`${STATEMENT} where $1::int > 0`, [1]);
      const theirs = await plain.query(STATEMENT);
      assert.equal(ours.rows.length, 3);
      for (const [i, row] of ours.rows.entries()) sameRow(row, theirs.rows[i]);
      for (const [i, row] of withValues.rows.entries()) sameRow(row, theirs.rows[i]);
      assert.ok(ours.rows[0].quando instanceof Date);
      assert.equal(ours.rows[0].id, 2, 'a repeated name keeps the last value, as pg does');
    } finally {
      lent.release();
    }
  } finally {
    await plain.end();
  }
});
