import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  ACTIONS,
  type Action,
  allowedFrom,
  NON_TERMINAL,
  TRANSITIONS,
} from '../../src/modules/lifecycle/state-machine.js';

// docs/state-machine.md's transition table is the code's table: every row, cell by cell.

const codes = (cell: string) => [...cell.matchAll(/`([A-Z_/]+)`/g)].map((m) => m[1]!);

/** A "from" cell as a set of state patterns. */
function states(cell: string): string[] {
  if (cell.trim() === '—') return [];
  if (cell.startsWith('non-terminal except')) return NON_TERMINAL.filter((s) => !codes(cell).includes(s));
  if (cell.startsWith('non-terminal')) return NON_TERMINAL;
  return codes(cell);
}

// From the working directory, the repository (scripts/test.js runs a transpiled copy of this file).
const table = readFileSync('docs/state-machine.md', 'utf8')
  .split('\n')
  .filter((line) => /^\| `[A-Z_]+`/.test(line))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

test('the documented transition table lists every action once', () => {
  assert.deepEqual(table.map((row) => codes(row[0]!)[0]).sort(), [...ACTIONS].sort());
});

for (const [action, from, statusChange, to] of table as [string, string, string, string][]) {
  const name = codes(action)[0] as Action;
  test(`${name}: the documented row is the code's rule`, () => {
    const rule = TRANSITIONS[name];
    assert.deepEqual(states(from).sort(), [...rule.from].sort(), 'from (default door)');
    assert.deepEqual(
      states(statusChange).sort(),
      [...allowedFrom(name, 'alterar-status')].sort(),
      'from, through alterar-status',
    );
    const expected =
      rule.to === 'unchanged' ? 'unchanged' : [rule.to.situacao, rule.to.motivo].filter(Boolean).join('/');
    assert.equal(to === 'unchanged' ? 'unchanged' : codes(to)[0], expected, 'to');
  });
}
