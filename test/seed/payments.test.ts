import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Row } from '../../src/db/schema.js';
import { Money, parseDecimal } from '../../src/lib/money.js';
import { seedIfEmpty } from '../../src/seed/index.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';

// The demo `npm start` seeds (src/cli.ts DEMO), built around today as it is by default, and around
// fixed days that reach the cases a given day may not: a day early in a month, when the open
// journey's window began last month and students cancelled then already owe restitution, and the
// first days of a semester.
const CLOCK_TODAY = new Date().toISOString().slice(0, 10);
const DAYS = [...new Set([CLOCK_TODAY, '2026-12-05', '2027-01-02'])];

/** Exact decimal of a JSON money number (read through its shortest decimal spelling). */
const money = (value: unknown) => parseDecimal(value)!;

interface Installment {
  numero: number;
  vencimento: string;
  valorCreditado: number;
  taxa: number;
  valor: number;
}

/** A payment as the query below reads it (money and date as text). */
type Payment = Pick<
  Row<'pagamento_restituicao'>,
  | 'id'
  | 'contrato_id'
  | 'parcela'
  | 'total_parcelas'
  | 'valor_parcela'
  | 'valor_pago'
  | 'taxa_retida'
  | 'valor_liquido'
  | 'data_pagamento'
>;

for (const TODAY of DAYS) {
  const [year, month] = TODAY.split('-').map(Number) as [number, number];
  const LAST_MONTH = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  describe(`demo restitution payments and monthly transfers, today ${TODAY} (${testDatabaseKind})`, () => {
    let t: TestContext;
    before(async () => {
      t = await createTestApp();
      assert.equal(await seedIfEmpty(t.db, { ies: 3, students: 3000, seed: 42, today: TODAY }), true);
    });
    after(() => t.close());
    paymentTests(() => t, TODAY, LAST_MONTH);
  });
}

function paymentTests(context: () => TestContext, TODAY: string, LAST_MONTH: string) {
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(context().db)).rows;

  test('IE 1 has payments, matching the refund schedule the service serves; some late, some open', async () => {
    const started = await rows(sql<{ id: number }>`
      select id from contrato where ie_id = 1 and inicio_restituicao < ${TODAY} order by id`);
    assert.ok(started.length >= 20, `${started.length} IE-1 contracts in restitution`);
    const payments = await rows(sql<Payment>`
      select id, contrato_id, parcela, total_parcelas, valor_parcela::text, valor_pago::text, taxa_retida::text,
        valor_liquido::text, data_pagamento::text
      from pagamento_restituicao where ie_id = 1 order by contrato_id, parcela`);
    assert.ok(payments.length >= 200, `${payments.length} payments`);
    const terms = new Map(
      (
        await rows(sql<{ id: number; primeiro: string; inicio: string; taxa: string; regime: string }>`
          select c.id, c.primeiro_mes_credito::text as primeiro, c.inicio_restituicao::text as inicio,
            v.taxa_mensal::text as taxa, v.regime_acumulo as regime
          from contrato c join bolsa b on b.id = c.bolsa_id join convenio v on v.id = b.convenio_id
          where c.ie_id = 1`)
      ).map((r) => [r.id, r]),
    );
    const signed = new Set(
      (
        await rows(sql<{ id: number }>`
          select distinct contrato_id as id from aditivo where ie_id = 1 and status = 'ASSINADO'`)
      ).map((r) => Number(r.id)),
    );
    assert.ok(
      started.filter(({ id }) => signed.has(Number(id))).length >= 20,
      'most started contracts have signed addenda',
    );
    let due = 0;
    let late = 0;
    for (const { id } of started) {
      const term = terms.get(id)!;
      assert.equal(Number(term.taxa), 0.0035, 'the demo convênios are CredIES (0.35% a month)');
      const m = monthsFrom(term.primeiro, term.inicio);
      const response = await context().call({
        method: 'GET',
        url: `/s/v2/contrato/valores/calcular-parcelas-reembolso?contratoId=${id}`,
        ies: [1],
      });
      assert.equal(response.statusCode, 200, response.body);
      const parcelas = (response.json() as { parcelas: Installment[] }).parcelas;
      // A contract whose credited semesters all predate the seeded journeys has no signed addendum
      // (one cancelled in the open journey, say): its schedule is empty and nothing is paid.
      if (!signed.has(Number(id))) {
        assert.equal(parcelas.length, 0, `contract ${id}: no signed addendum, no installment`);
        assert.ok(!payments.some((p) => p.contrato_id === id), `contract ${id}: nothing to pay`);
        continue;
      }
      assert.ok(parcelas.length >= 6, `contract ${id}: installments from its signed addenda`);
      due += parcelas.filter((p) => p.vencimento < TODAY).length;
      for (const p of payments.filter((x) => x.contrato_id === id)) {
        const installment = parcelas[p.parcela - 1];
        assert.ok(installment, `contract ${id}: installment ${p.parcela} exists`);
        assert.equal(p.total_parcelas, parcelas.length);
        assert.ok(installment.vencimento < TODAY && p.data_pagamento < TODAY, 'paid when due, before today');
        assert.ok(p.data_pagamento >= installment.vencimento);
        // The value worked out apart from the code: integer cents, the fee rate as 35/10,000.
        const expected = installmentCents(cents(installment.valorCreditado), m + p.parcela - 1, term.regime);
        assert.equal(cents(installment.valor), expected, `contract ${id}, installment ${p.parcela}`);
        assert.equal(cents(p.valor_parcela), expected, `contract ${id}, recorded installment ${p.parcela}`);
        assert.ok(money(installment.taxa).equals(p.taxa_retida));
        assert.ok(new Money(p.valor_pago).minus(p.taxa_retida).equals(p.valor_liquido));
        assert.ok(new Money(p.valor_pago).equals(p.valor_parcela), 'the installment is paid in full');
        if (dateDiffDays(p.data_pagamento, installment.vencimento) > 5) late++;
      }
    }
    assert.ok(payments.length > due * 0.7, `most due installments are paid: ${payments.length} of ${due}`);
    assert.ok(payments.length < due, `some are overdue: ${due - payments.length} of ${due}`);
    assert.ok(late > 0, 'some were paid more than 5 days late');
  });

  // DOMAIN.md, "Restitution payments": installments are paid in order, a payment dated between the
  // restitution start and today. The seed used to skip an installment and pay later ones.
  test('every contract pays its installments in order: 1..n without a gap, dated in that order', async () => {
    const [found] = await rows(sql<{ contracts: number; gaps: number; out_of_order: number; outside: number }>`
      with p as (
        select p.contrato_id, p.parcela, p.data_pagamento, c.inicio_restituicao,
          row_number() over (partition by p.contrato_id order by p.parcela) as rn,
          lag(p.data_pagamento) over (partition by p.contrato_id order by p.parcela) as previous
        from pagamento_restituicao p join contrato c on c.id = p.contrato_id)
      select count(distinct contrato_id)::int8 as contracts,
        count(*) filter (where parcela <> rn)::int8 as gaps,
        count(*) filter (where previous > data_pagamento)::int8 as out_of_order,
        count(*) filter (where data_pagamento < inicio_restituicao or data_pagamento > ${TODAY})::int8 as outside
      from p`);
    assert.ok(Number(found!.contracts) >= 50, `${found!.contracts} contracts with payments`);
    assert.deepEqual(
      { gaps: Number(found!.gaps), outOfOrder: Number(found!.out_of_order), outside: Number(found!.outside) },
      { gaps: 0, outOfOrder: 0, outside: 0 },
    );
  });

  test(`GET /s/v2/repasse/<last month> lists IE 1's payments with exact totals`, async () => {
    const response = await context().call({ method: 'GET', url: `/s/v2/repasse/${LAST_MONTH}`, ies: [1] });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as {
      competencia: string;
      ies: {
        ieId: number;
        pagamentos: { id: number; contratoId: number; numeroParcela: number; valorPago: number }[];
        totais: Record<string, number>;
      }[];
      totais: Record<string, number>;
    };
    assert.equal(body.competencia, LAST_MONTH);
    assert.deepEqual(
      body.ies.map((i) => i.ieId),
      [1],
    );
    const ie = body.ies[0]!;
    const [sums] = await rows(sql<{ n: number; bruto: string; taxa: string; liquido: string }>`
      select count(*)::int8 as n, sum(valor_pago)::text as bruto, sum(taxa_retida)::text as taxa,
        sum(valor_liquido)::text as liquido
      from pagamento_restituicao where ie_id = 1 and competencia = ${`${LAST_MONTH}-01`}`);
    assert.ok(sums!.n > 0, 'the demo has payments last month');
    assert.equal(ie.pagamentos.length, sums!.n);
    assert.equal(ie.totais.quantidade, sums!.n);
    for (const key of ['bruto', 'taxa', 'liquido'] as const) {
      assert.ok(money(ie.totais[key]).equals(sums![key]), `${key}: ${ie.totais[key]} = ${sums![key]}`);
    }
    assert.ok(money(ie.totais.aRepassar).equals(money(ie.totais.liquido).plus(money(ie.totais.ajustes))));
    const paid = ie.pagamentos.map((p) => money(p.valorPago)).reduce((a, b) => a.plus(b), new Money(0));
    assert.ok(paid.equals(sums!.bruto));
  });

  test('the operator sees the month of every IE; former students are out of the open journey', async () => {
    const response = await context().call({ method: 'GET', url: `/s/v2/repasse/${LAST_MONTH}`, role: 'OPERADOR' });
    assert.equal(response.statusCode, 200, response.body);
    const ies = (response.json() as { ies: { ieId: number; pagamentos: unknown[] }[] }).ies;
    assert.ok(ies.some((i) => i.ieId === 1) && ies.every((i) => i.pagamentos.length > 0));
    // Whoever pays restitution and is in the open journey left in it: cancelled or excluded there
    // (restitution starts the month after, so early in a month some already pay). A former student,
    // whose bolsa ended in an earlier semester, has no entry in it.
    const inOpenJourney = await rows(sql<{ situacao: string; n: number }>`
      select e.situacao, count(*)::int8 as n from entrada_jornada e join jornada j on j.id = e.jornada_id
      join bolsa b on b.id = e.bolsa_id
      where j.status = 'ABERTA' and b.status <> 'ATIVA'
        and exists (select 1 from pagamento_restituicao p where p.contrato_id = e.contrato_id)
      group by e.situacao`);
    assert.deepEqual(
      inOpenJourney.filter((r) => r.situacao !== 'CANCELADO' && r.situacao !== 'EXCLUIDO'),
      [],
    );
    // A graduate of last semester: finished then, listed in that journey only.
    const [graduate] = await rows(sql<{ cpf: string; jornada_id: number }>`
      select e.cpf, e.jornada_id from entrada_jornada e join bolsa b on b.id = e.bolsa_id
      where e.ie_id = 1 and e.jornada_id = 1 and b.status = 'ENCERRADA' and 'FORMANDO' = any(e.tags)
      order by e.id limit 1`);
    assert.ok(graduate, 'some IE-1 students graduated last semester');
    const list = async (query: string) => {
      const r = await context().call({
        method: 'GET',
        url: `/s/v2/renovacao/finalizados?busca=${graduate.cpf}${query}`,
        ies: [1],
      });
      assert.equal(r.statusCode, 200, r.body);
      return (r.json() as { total: number }).total;
    };
    assert.equal(await list(''), 0, 'not in the current journey');
    assert.equal(await list(`&journeyId=${graduate.jornada_id}`), 1, "in last semester's");
  });
}

function dateDiffDays(later: string, earlier: string): number {
  return (Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000;
}

/** Whole months from the first credited month to the restitution start (both first days of months). */
function monthsFrom(first: string, start: string): number {
  const [y1, m1] = first.split('-').map(Number) as [number, number];
  const [y2, m2] = start.split('-').map(Number) as [number, number];
  return (y2 - y1) * 12 + (m2 - m1);
}

/** A money value (JSON number or numeric text) in integer cents, read from its decimal spelling. */
function cents(value: unknown): bigint {
  const [whole = '0', fraction = ''] = String(value).split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)));
}

/**
 * DOMAIN.md: installment k of v is v × (1 + 0.0035 × n) with n = m + k − 1 (simple accrual), or
 * v × 1.0035^n (compound), half-up to the cent — here in exact integers.
 */
function installmentCents(v: bigint, n: number, regime: string): bigint {
  const [num, den] =
    regime === 'COMPOSTO' ? [10_035n ** BigInt(n), 10_000n ** BigInt(n)] : [10_000n + 35n * BigInt(n), 10_000n];
  return (2n * v * num + den) / (2n * den);
}
