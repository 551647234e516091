import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Caller } from '../../src/http/auth.js';
import { forecast } from '../../src/modules/actions/contract-actions.service.js';
import { decide } from '../../src/modules/operator/operator.service.js';
import { recordPayments } from '../../src/modules/refunds/payments.service.js';
import { contractSchedules } from '../../src/modules/refunds/refunds.service.js';
import { closeMonth, monthlyTransfer, recordAdjustment } from '../../src/modules/transfers/transfers.service.js';
import { sendValues } from '../../src/modules/values/send-values.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestIe,
  type TestJourney,
} from '../helpers/factories.js';
import { createAditivo } from '../helpers/story-factories.js';
import { valuesItem } from '../helpers/values-factories.js';

/**
 * Issue 12, acceptance: random sequences of actions and payments, through the services the routes
 * call (HTTP would not fit 500 sequences in a minute), against a model written here from
 * DOMAIN.md alone, in integer cents. Each sequence has its own contract and its own months (a
 * window of twelve months, far from the other sequences'), so sequences never see each other.
 * Invariants, after every sequence: the journey's counters equal its entries counted; each
 * month's transfer equals the sum of its payments and adjustments (and never goes negative); a
 * closed month never changes; no installment is paid beyond its value (never twice); paid + open
 * balance equals the contract's schedule to the cent.
 */
const RUNS = testDatabaseKind === 'postgres' ? 500 : 40;
const SEED = 20261124;

let t: TestContext;
let ie: TestIe;
let journey: TestJourney;
let ieCaller: Caller;
const OPERATOR: Caller = { sub: 'property', name: 'Property', role: 'OPERADOR', ies: [], grupoIe: null, all: true };

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  journey = await createJourney(t.db, ie);
  ieCaller = { sub: 'ie-property', name: 'IE', role: 'IE', ies: [ie.ieId], grupoIe: null, all: false };
  await makeFixtures();
});
after(() => t.close());

// ---- calendar, by month index (year × 12 + month − 1) and day offsets -------------------------
const monthText = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
const dayText = (i: number, day: number) => `${monthText(i)}-${String(day).padStart(2, '0')}`;

type Action =
  | { kind: 'pay'; dayBack: number; cents: number | null }
  | { kind: 'adjust'; monthBack: number; cents: number }
  | { kind: 'close'; monthBack: number }
  | { kind: 'wait'; days: number }
  | { kind: 'forecast'; monthsAhead: number }
  | { kind: 'send' }
  | { kind: 'reject' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      dayBack: fc.integer({ min: -3, max: 100 }),
      cents: fc.option(fc.integer({ min: 1, max: 400_000 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      monthBack: fc.integer({ min: -1, max: 3 }),
      cents: fc.integer({ min: -150_000, max: 50_000 }).filter((c) => c !== 0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('close' as const), monthBack: fc.integer({ min: 0, max: 3 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 25 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('forecast' as const), monthsAhead: fc.integer({ min: -3, max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('send' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const) }) },
);

/** DOMAIN.md's installment of 1,000.00 at CredIES' 0.35 % a month: 1000 × 0.0035 = 3.50 a month → 350 cents. */
const installmentCents = (m: number, k: number) => 100_000 + 350 * (m + k - 1);

let run = 0;
/** Twelve months per sequence, from 2040 on: restitution starts at its first month. */
const startOf = (r: number) => 2040 * 12 + r * 12;

interface Fixture {
  contratoId: number;
  brbId: number;
}
const fixtures: Fixture[] = [];
/** fast-check runs a failing case again while shrinking: a few spare contracts for that. */
const SPARE = 40;

/**
 * Each sequence's contract in restitution (six months of 1,000.00 credited, m = 48) and its entry,
 * made before the sequences run, several at a time (PostgreSQL takes them in parallel).
 */
async function makeFixtures() {
  const make = async (r: number): Promise<Fixture> => {
    const start = startOf(r);
    const contract = await createContract(t.db, ie, {
      primeiroMesCredito: `${monthText(start - 48)}-01`,
      inicioRestituicao: `${monthText(start)}-01`,
    });
    const entry = await createEntry(t.db, ie, journey, contract, { situacao: 'APTO' });
    await createAditivo(t.db, ie, entry, contract.contratoId, {
      ano: 2026,
      semestre: 1,
      status: 'ASSINADO',
      valor: '6000.00',
    });
    return { contratoId: contract.contratoId, brbId: entry.brbId };
  };
  const total = RUNS + SPARE;
  for (let r = 1; r <= total; r += 8) {
    fixtures.push(...(await Promise.all(Array.from({ length: Math.min(8, total + 1 - r) }, (_, i) => make(r + i)))));
  }
}

async function sequence(actions: Action[]) {
  run++;
  // "Today" walks on from the start (at most eight waits of 25 days: seven months), so no sequence
  // reaches another's months.
  const start = startOf(run);
  const firstCredit = start - 48;
  const fixture = fixtures[run - 1];
  if (!fixture) throw new Error(`no fixture left for sequence ${run}`);
  const contract = { contratoId: fixture.contratoId };
  const entry = { brbId: fixture.brbId };

  // ---- the model --------------------------------------------------------------------------------
  let startMonth = start;
  const values = [1, 2, 3, 4, 5, 6].map((k) => installmentCents(48, k));
  const paid = [0, 0, 0, 0, 0, 0];
  const fee = [0, 0, 0, 0, 0, 0];
  const feeOf = (i: number) => values[i]! - 100_000; // the installment's fee part (credited 1000.00)
  const closedByHand = new Set<number>();
  const byMonth = new Map<number, { net: number; bruto: number; ajustes: number }>();
  let todayMonth = start;
  let todayDay = 6; // the 6th: the month before is closed automatically
  let waitingLote: number | null = null;
  const snapshots = new Map<number, unknown>();
  const now = () => new Date(`${dayText(todayMonth, todayDay)}T12:00:00-03:00`);
  const closed = (m: number) => closedByHand.has(m) || m < todayMonth - 1 || (m === todayMonth - 1 && todayDay >= 5);
  const month = (m: number) => {
    const found = byMonth.get(m) ?? { net: 0, bruto: 0, ajustes: 0 };
    byMonth.set(m, found);
    return found;
  };
  const snapshotClosed = async () => {
    for (let m = start - 1; m <= todayMonth; m++) {
      if (closed(m) && !snapshots.has(m))
        snapshots.set(m, await monthlyTransfer(t.db, OPERATOR, monthText(m), ie.ieId, now()));
    }
  };

  for (const a of actions) {
    if (a.kind === 'wait') {
      const day = todayDay + a.days;
      if (day > 28) {
        todayMonth++;
        todayDay = day - 28;
      } else todayDay = day;
    } else if (a.kind === 'pay') {
      // A date from a few days ahead (refused) to about three months back.
      let dm = todayMonth;
      let dd = todayDay - a.dayBack;
      while (dd < 1) {
        dm--;
        dd += 28;
      }
      if (dd > 28) {
        dm++;
        dd -= 28;
      }
      const date = dayText(dm, dd);
      const open = values.reduce((s, v, i) => s + v - paid[i]!, 0);
      const next = paid.findIndex((p, i) => p < values[i]!);
      const amount = a.cents ?? (next < 0 ? 0 : values[next]! - paid[next]!);
      const expected =
        dm > todayMonth || (dm === todayMonth && dd > todayDay) || dm < startMonth
          ? 422
          : next < 0
            ? 409
            : amount > open
              ? 422
              : 201;
      const outcome = await recordPayments(
        t.db,
        OPERATOR,
        [
          {
            contratoId: contract.contratoId,
            dataPagamento: date,
            ...(a.cents === null ? {} : { valorPago: a.cents / 100 }),
          },
        ],
        () => '/body',
        now(),
      ).then(
        () => 201,
        (e: { status?: number }) => e.status ?? 500,
      );
      assert.equal(outcome, expected, `pay ${date} ${amount} (today ${dayText(todayMonth, todayDay)})`);
      if (outcome === 201) {
        const into = closed(dm) ? todayMonth : dm;
        let left = amount;
        for (let i = 0; i < 6 && left > 0; i++) {
          const part = Math.min(left, values[i]! - paid[i]!);
          if (part <= 0) continue;
          const f = Math.min(part, feeOf(i) - fee[i]!);
          paid[i]! += part;
          fee[i]! += f;
          month(into).bruto += part;
          month(into).net += part - f;
          left -= part;
        }
      }
    } else if (a.kind === 'adjust') {
      const wanted = todayMonth - a.monthBack;
      const into = closed(wanted) ? todayMonth : wanted;
      const expected = wanted > todayMonth ? 422 : month(into).net + month(into).ajustes + a.cents < 0 ? 422 : 201;
      const outcome = await recordAdjustment(
        t.db,
        OPERATOR,
        { ieId: ie.ieId, competencia: monthText(wanted), valor: a.cents / 100, descricao: 'Ajuste aleatório' },
        now(),
      ).then(
        () => 201,
        (e: { status?: number }) => e.status ?? 500,
      );
      assert.equal(outcome, expected, `adjust ${monthText(wanted)} ${a.cents}`);
      if (outcome === 201) month(into).ajustes += a.cents;
    } else if (a.kind === 'close') {
      const m = todayMonth - a.monthBack;
      // Months before the sequence's window are another sequence's: only the window is closed by hand.
      if (m < start) continue;
      const expected = m >= todayMonth ? 422 : closed(m) ? 409 : 200;
      const outcome = await closeMonth(t.db, OPERATOR, monthText(m), now()).then(
        () => 200,
        (e: { status?: number }) => e.status ?? 500,
      );
      assert.equal(outcome, expected, `close ${monthText(m)}`);
      if (outcome === 200) closedByHand.add(m);
    } else if (a.kind === 'forecast') {
      // Graduation in the month before the new start: restitution starts `monthsAhead` from the current start.
      const newStart = startMonth + a.monthsAhead;
      await forecast(t.db, ieCaller, { brbId: entry.brbId }, { previsaoFormatura: dayText(newStart - 1, 15) });
      startMonth = newStart;
      const m = newStart - firstCredit;
      for (let i = 0; i < 6; i++) if (paid[i] === 0) values[i] = installmentCents(m, i + 1);
    } else if (a.kind === 'send' && waitingLote === null) {
      const result = await sendValues(t.db, ieCaller, { itens: [valuesItem(entry.brbId)], origem: 'V2_ENVIAR' });
      waitingLote = result.lote;
    } else if (a.kind === 'reject' && waitingLote !== null) {
      await decide(t.db, OPERATOR, 'RECUSADO', { loteId: waitingLote, motivo: 'Valores incorretos' });
      waitingLote = null;
    }
    // Months close only when the day moves on or the foundation closes one.
    if (a.kind === 'wait' || a.kind === 'close') await snapshotClosed();
  }

  // ---- invariants ------------------------------------------------------------------------------
  const at = now();
  const schedule = (await contractSchedules(t.db, OPERATOR, [contract.contratoId])).get(contract.contratoId)!;
  const cents = (d: { times(n: number): { toNumber(): number } }) => Math.round(d.times(100).toNumber());
  schedule.schedule.parcelas.forEach((p, i) => {
    const got = schedule.pagos[i]!;
    assert.equal(cents(p.valor), values[i], `installment ${i + 1} value`);
    assert.equal(cents(got.pago), paid[i], `installment ${i + 1} paid`);
    assert.ok(got.pago.lte(p.valor), `installment ${i + 1} paid at most once`);
    assert.equal(cents(got.pago) + cents(got.saldo), cents(p.valor), 'paid + open = installment');
  });
  const total = values.reduce((s, v) => s + v, 0);
  assert.equal(
    schedule.pagos.reduce((s, p) => s + cents(p.pago) + cents(p.saldo), 0),
    total,
    'paid + open balance = the schedule, to the cent',
  );
  for (const [m, expected] of byMonth) {
    const transfer = await monthlyTransfer(t.db, OPERATOR, monthText(m), ie.ieId, at);
    const totals = transfer.ies[0]?.totais ?? { bruto: 0, liquido: 0, ajustes: 0, aRepassar: 0 };
    assert.equal(Math.round(totals.bruto * 100), expected.bruto, `${monthText(m)} bruto`);
    assert.equal(Math.round(totals.liquido * 100), expected.net, `${monthText(m)} net`);
    assert.equal(Math.round(totals.ajustes * 100), expected.ajustes, `${monthText(m)} adjustments`);
    assert.equal(Math.round(totals.aRepassar * 100), expected.net + expected.ajustes, `${monthText(m)} to transfer`);
    assert.ok(totals.aRepassar >= 0, `${monthText(m)} is never negative`);
  }
  for (const [m, snapshot] of snapshots) {
    assert.deepEqual(
      await monthlyTransfer(t.db, OPERATOR, monthText(m), ie.ieId, at),
      snapshot,
      `${monthText(m)} closed`,
    );
  }
  const { rows: mismatches } = await sql<{ situacao: string }>`
    select coalesce(c.situacao, e.situacao) as situacao
    from (select situacao, motivo, total from contador_jornada where jornada_id = ${journey.jornadaId}) c
    full join (select situacao, coalesce(motivo, '') as motivo, count(*)::int4 as n from entrada_jornada
      where jornada_id = ${journey.jornadaId} group by 1, 2) e on e.situacao = c.situacao and e.motivo = c.motivo
    where coalesce(c.total, 0) <> coalesce(e.n, 0)
  `.execute(t.db);
  assert.deepEqual(mismatches, [], 'counters equal the entries counted');
}

describe(`random sequences of actions and payments (${testDatabaseKind}, ${RUNS} sequences, seed ${SEED})`, () => {
  test('counters, transfers, closed months, installments and balances hold', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), (actions) => sequence(actions)),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
