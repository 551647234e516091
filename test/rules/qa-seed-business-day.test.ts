import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setClock } from '../../src/lib/business-date.js';
import { buildWorld } from '../../src/seed/context.js';

// DOMAIN.md, "Time": business dates are days in America/Sao_Paulo, everywhere — the demo's too.
// `renova serve` without --today built the demo around the UTC day: started at 22:30 on
// 30 November in São Paulo (01:30 UTC on 1 December) its "today" was 1 December, so the demo
// held events and payments dated tomorrow for the IE (a payment after today is refused live).

let restore: () => void;
before(() => {
  restore = setClock(new Date('2026-12-01T01:30:00Z'));
});
after(() => restore());

describe("the demo's reference day", () => {
  test('at 22:30 on 30 November in São Paulo it is 30 November, not the UTC 1 December', () => {
    const world = buildWorld({ ies: 1, students: 10, seed: 1 } as Parameters<typeof buildWorld>[0]);
    assert.equal(world.calendar.today, '2026-11-30');
  });

  test('--today still wins', () => {
    const world = buildWorld({ ies: 1, students: 10, seed: 1, today: '2026-03-16' } as Parameters<
      typeof buildWorld
    >[0]);
    assert.equal(world.calendar.today, '2026-03-16');
  });
});
