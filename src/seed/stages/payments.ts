import { contractSchedules } from '../../modules/refunds/refunds.service.js';
import { PipelinedWriter, TableBuffer } from '../bulk.js';
import { DAY, dateOf, secondsOf } from '../calendar.js';
import type { SeedContext } from '../context.js';
import { hash, Rng, tag } from '../random.js';

const PAYMENTS = tag('values-payments');
// Each query reads the addenda of this many contracts (during a bulk load, without their indexes).
const CONTRACTS_PER_QUERY = 5000;

/**
 * How a contract in restitution pays: most on time, some late, a few stop paying. A late payment
 * pays the installment's value (the service records no fine or interest; DOMAIN.md defines none).
 */
const PROFILES = [
  { name: 'EM_DIA', share: 70 },
  { name: 'ATRASA', share: 20 },
  { name: 'INADIMPLENTE', share: 10 },
] as const;
const PROFILE_WEIGHTS = PROFILES.map((p) => p.share);

/** When installment `k` (0-based) due at `due` was paid (seconds), or null if it is still open. */
function paidAt(rng: Rng, profile: (typeof PROFILES)[number]['name'], k: number, stopsAt: number, due: number) {
  if (profile === 'INADIMPLENTE' && k >= stopsAt) return null;
  if (profile === 'ATRASA') {
    if (rng.chance(0.06)) return null;
    return due + (rng.chance(0.55) ? rng.int(0, 4) : rng.int(8, 40)) * DAY;
  }
  return due + rng.int(0, 4) * DAY;
}

/**
 * Restitution payments of every contract whose restitution has started, from the schedule the
 * refunds service serves (contractSchedules): installments due before today are paid in order by
 * the contract's payer profile, up to the first one left open (not paid, or paid on or after
 * today); that one and every later one are still open.
 */
export async function seedPayments(ctx: SeedContext): Promise<void> {
  const { trx, calendar } = ctx;
  const started = await trx
    .selectFrom('contrato')
    .select('id')
    .where('inicio_restituicao', '<', calendar.today)
    .orderBy('id')
    .execute();
  if (started.length === 0) return;
  const today = secondsOf(calendar.today);
  const payments = new TableBuffer('pagamento_restituicao', [
    ['id', 'int8'],
    ['contrato_id', 'int8'],
    ['ie_id', 'int8'],
    ['parcela', 'int4'],
    ['total_parcelas', 'int4'],
    ['valor_parcela', 'numeric'],
    ['valor_pago', 'numeric'],
    ['taxa_retida', 'numeric'],
    ['valor_liquido', 'numeric'],
    ['data_pagamento', 'date'],
    ['competencia', 'date'],
    ['registrado_por', 'text', { repeated: true }],
    ['created_at', 'ts'],
  ]);
  const writer = new PipelinedWriter(trx, [payments]);
  const operator = { all: true, ies: [] };
  const chunk = (i: number) => started.slice(i, i + CONTRACTS_PER_QUERY).map((c) => c.id);
  const schedulesOf = (ids: number[]) => {
    const pending = contractSchedules(trx, operator, ids);
    // Awaited on the next round; this only keeps a failure meanwhile from being reported as unhandled.
    pending.catch(() => {});
    return pending;
  };
  let id = 0;
  let next = schedulesOf(chunk(0));
  for (let i = 0; i < started.length; i += CONTRACTS_PER_QUERY) {
    const ids = chunk(i);
    const schedules = await next;
    // The database reads the next contracts' terms while this chunk's payments are made.
    if (i + CONTRACTS_PER_QUERY < started.length) next = schedulesOf(chunk(i + CONTRACTS_PER_QUERY));
    // In id order, not the map's: payment ids must not depend on the order rows came back in.
    for (const contratoId of ids) {
      const found = schedules.get(contratoId);
      if (!found) continue;
      const { terms, schedule } = found;
      await writer.generating();
      const rng = new Rng(hash(ctx.seed, PAYMENTS, contratoId));
      const profile = PROFILES[rng.weighted(PROFILE_WEIGHTS)]!.name;
      const due = schedule.parcelas.filter((p) => p.vencimento < calendar.today);
      const stopsAt = rng.int(0, Math.max(0, due.length - 1));
      let previous = 0;
      for (const [k, p] of due.entries()) {
        const dueAt = secondsOf(p.vencimento);
        // Installments are paid in order (DOMAIN.md, "Restitution payments"): money goes to the
        // oldest open one, so an installment left open keeps every later one open too, and a
        // payment never comes before the one of the installment before it.
        const drawn = paidAt(rng, profile, k, stopsAt, dueAt);
        const at = drawn === null ? null : Math.max(drawn, previous);
        if (at === null || at >= today) break;
        previous = at;
        const dataPagamento = dateOf(at);
        payments.add(
          ++id,
          contratoId,
          terms.ie_id,
          p.numero,
          schedule.parcelas.length,
          p.valor.toFixed(2),
          p.valor.toFixed(2),
          p.taxa.toFixed(2),
          p.valorCreditado.toFixed(2),
          dataPagamento,
          `${dataPagamento.slice(0, 7)}-01`,
          'seed',
          at + rng.int(8 * 3600, 18 * 3600),
        );
      }
    }
    await writer.flush();
  }
  await writer.finish();
}
