import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { AppError, conflict, type FieldError, notFound } from '../../http/errors.js';
import { say, t } from '../../http/i18n.js';
import { now as clockNow } from '../../lib/business-date.js';
import { type Decimal, Money, moneyJson, parseDecimal, sum } from '../../lib/money.js';
import { businessToday, monthOf, recordingMonth } from '../transfers/months.js';
import * as repo from './refunds.repository.js';
import { type ContractSchedule, contractSchedules } from './refunds.service.js';

/**
 * Restitution payments (DOMAIN.md, "Restitution payments and monthly transfers"): dated on or
 * before today (São Paulo) and on or after the contract's restitution start; paid in order, each
 * payment going to the oldest open installment and, beyond its balance, to the next ones; a part
 * leaves the installment open (PARCIAL); more than the contract's open balance is 422. A payment
 * feeds the transfer of its own month while that month is open, else the open month in which it
 * is recorded (it keeps its own date).
 */

export interface PaymentIn {
  contratoId: number;
  /** When given, it must be the oldest open installment (payments go in order). */
  parcela?: number;
  dataPagamento: string;
  /** Default: the oldest open installment's balance. */
  valorPago?: number;
}

type Kind = 'not-found' | 'paid' | 'rule';
type PaymentError = FieldError & { kind: Kind };

export interface Part {
  parcela: number;
  valorParcela: Decimal;
  pago: Decimal;
  taxa: Decimal;
  /** The installment's balance after this part. */
  saldo: Decimal;
  status: 'PAGA' | 'PARCIAL';
}

/** The parts of a payment, one per installment: the fee is retained first, then the credited part. */
function allocate(s: ContractSchedule, amount: Decimal) {
  const parts: Part[] = [];
  let left = amount;
  for (const [i, p] of s.schedule.parcelas.entries()) {
    const paid = s.pagos[i]!;
    if (left.lte(0)) break;
    if (paid.saldo.lte(0)) continue;
    const pago = Money.min(left, paid.saldo);
    const taxaAberta = Money.max(p.taxa.minus(paid.taxa), 0);
    const taxa = Money.min(pago, taxaAberta);
    const saldo = paid.saldo.minus(pago);
    const status = saldo.lte(0) ? 'PAGA' : 'PARCIAL';
    parts.push({ parcela: p.numero, valorParcela: p.valor, pago, taxa, saldo, status });
    // What this payment leaves, so a later item of the same bulk continues from here.
    s.pagos[i] = { pago: paid.pago.plus(pago), taxa: paid.taxa.plus(taxa), saldo, status };
    left = left.minus(pago);
  }
  return parts;
}

/** The one check that fails first for an item, or its parts. */
function check(s: ContractSchedule, item: PaymentIn, at: string, today: string) {
  const fail = (kind: Kind, field: string, pt: string, en: string): PaymentError => ({
    kind,
    pointer: `${at}/${field}`,
    message: t(pt, en),
  });
  const start = s.terms.inicio_restituicao;
  if (item.dataPagamento > today) {
    return fail(
      'rule',
      'dataPagamento',
      `não pode ser futura (hoje é ${today})`,
      `cannot be in the future (today is ${today})`,
    );
  }
  if (item.dataPagamento < start) {
    return fail(
      'rule',
      'dataPagamento',
      `é anterior ao início da restituição do contrato (${start})`,
      `is before the contract's restitution start (${start})`,
    );
  }
  const next = s.pagos.findIndex((p) => p.saldo.gt(0));
  if (next < 0) {
    return fail(
      'paid',
      'contratoId',
      `todas as parcelas do contrato ${item.contratoId} já estão pagas`,
      `every installment of contract ${item.contratoId} is already paid`,
    );
  }
  const oldest = next + 1;
  if (item.parcela !== undefined && item.parcela !== oldest) {
    const already = item.parcela <= s.pagos.length && s.pagos[item.parcela - 1]!.saldo.lte(0);
    return already
      ? fail(
          'paid',
          'parcela',
          `a parcela ${item.parcela} do contrato ${item.contratoId} já está paga`,
          `installment ${item.parcela} of contract ${item.contratoId} is already paid`,
        )
      : fail(
          'rule',
          'parcela',
          `as parcelas são pagas em ordem: a próxima em aberto do contrato ${item.contratoId} é a ${oldest}`,
          `installments are paid in order: the oldest open one of contract ${item.contratoId} is ${oldest}`,
        );
  }
  const pago = item.valorPago === undefined ? s.pagos[next]!.saldo : parseDecimal(item.valorPago);
  if (!pago || pago.lte(0) || pago.decimalPlaces() > 2) {
    return fail(
      'rule',
      'valorPago',
      'deve ser maior que 0, com até 2 casas decimais',
      'must be greater than 0 with at most 2 decimals',
    );
  }
  const open = sum(s.pagos.map((p) => Money.max(p.saldo, 0)));
  if (pago.gt(open)) {
    return fail(
      'rule',
      'valorPago',
      `${pago.toFixed(2)} é maior que o saldo em aberto do contrato (${open.toFixed(2)})`,
      `${pago.toFixed(2)} is more than the contract's open balance (${open.toFixed(2)})`,
    );
  }
  return allocate(s, pago);
}

/** Records restitution payments, all or none (a bulk with one bad item records nothing). */
export async function recordPayments(
  db: Db,
  caller: Caller,
  items: PaymentIn[],
  pointer: (i: number) => string,
  now: Date = clockNow(),
) {
  return db.transaction().execute((trx) => recordPaymentsIn(trx, caller, items, pointer, businessToday(now)));
}

/**
 * Checks the items against the contracts as they are now (each item continuing from the ones
 * before it) and answers their parts; throws the refusal when any item fails. Writes nothing.
 */
export async function planPayments(
  trx: Db,
  caller: Caller,
  items: PaymentIn[],
  pointer: (i: number) => string,
  today: string,
) {
  const ids = [...new Set(items.map((p) => p.contratoId))];
  await repo.lockContracts(trx, ids);
  const schedules = await contractSchedules(trx, caller, ids);
  const errors: PaymentError[] = [];
  const planned: { item: PaymentIn; s: ContractSchedule; parts: Part[] }[] = [];
  for (const [i, item] of items.entries()) {
    const s = schedules.get(item.contratoId);
    if (!s) {
      errors.push({
        kind: 'not-found',
        pointer: `${pointer(i)}/contratoId`,
        message: t(`contrato ${item.contratoId} não encontrado`, `contract ${item.contratoId} not found`),
      });
      continue;
    }
    const outcome = check(s, item, pointer(i), today);
    if (Array.isArray(outcome)) planned.push({ item, s, parts: outcome });
    else errors.push(outcome);
  }
  if (errors.length > 0) throw refusal(items, errors);
  return planned;
}

/** The contract's open balance after the planned parts (allocate keeps the schedule current). */
export const openBalance = (s: ContractSchedule) => sum(s.pagos.map((p) => Money.max(p.saldo, 0)));

/** recordPayments inside the caller's transaction (the payments file records row by row). */
export async function recordPaymentsIn(
  trx: Db,
  caller: Caller,
  items: PaymentIn[],
  pointer: (i: number) => string,
  today: string,
) {
  const planned = await planPayments(trx, caller, items, pointer, today);
  const out = [];
  for (const { item, s, parts } of planned) {
    const competencia = await recordingMonth(trx, monthOf(item.dataPagamento), today);
    const rows = await repo.insertPayments(
      trx,
      parts.map((p) => ({
        contrato_id: item.contratoId,
        ie_id: s.terms.ie_id,
        parcela: p.parcela,
        total_parcelas: s.schedule.parcelas.length,
        valor_parcela: p.valorParcela.toFixed(2),
        valor_pago: p.pago.toFixed(2),
        taxa_retida: p.taxa.toFixed(2),
        valor_liquido: p.pago.minus(p.taxa).toFixed(2),
        data_pagamento: item.dataPagamento,
        competencia,
        registrado_por: caller.sub,
      })),
    );
    out.push({ ...toPaymentOut(rows, parts), saldoContrato: moneyJson(openBalance(s)) });
  }
  return out;
}

function refusal(items: PaymentIn[], errors: PaymentError[]): AppError {
  const only = items.length === 1 ? errors[0]! : null;
  const list = errors.map(({ pointer, message }) => ({ pointer, message }));
  const text = (lang: 'pt-BR' | 'en') => list.map((e) => `${e.pointer} ${say(e.message, lang)}`).join('; ');
  if (only?.kind === 'not-found') {
    return notFound(
      t(`Contrato ${items[0]!.contratoId} não encontrado.`, `Contract ${items[0]!.contratoId} not found.`),
    );
  }
  if (only?.kind === 'paid')
    return conflict(t(`Nada foi registrado: ${text('pt-BR')}.`, `Nothing was recorded: ${text('en')}.`), {
      errors: list,
    });
  return new AppError(
    422,
    'rule-violated',
    t(`Nenhum pagamento foi registrado: ${text('pt-BR')}.`, `No payment was recorded: ${text('en')}.`),
    { errors: list },
  );
}

/**
 * One payment as answered: the first installment it went to, the whole amount, and each part
 * (`alocacoes`) with the balance it left on its installment.
 */
export function toPaymentOut(rows: repo.PaymentRow[], parts: Part[]) {
  const first = rows[0]!;
  return {
    id: first.id,
    contratoId: first.contrato_id,
    ieId: first.ie_id,
    parcela: first.parcela,
    totalParcelas: first.total_parcelas,
    valorParcela: moneyJson(first.valor_parcela),
    valorPago: moneyJson(sum(rows.map((r) => r.valor_pago))),
    taxaRetida: moneyJson(sum(rows.map((r) => r.taxa_retida))),
    valorLiquido: moneyJson(sum(rows.map((r) => r.valor_liquido))),
    dataPagamento: first.data_pagamento,
    competencia: first.competencia.slice(0, 7),
    alocacoes: rows.map((r, i) => ({
      id: r.id,
      parcela: r.parcela,
      valorParcela: moneyJson(r.valor_parcela),
      valorPago: moneyJson(r.valor_pago),
      taxaRetida: moneyJson(r.taxa_retida),
      valorLiquido: moneyJson(r.valor_liquido),
      saldoParcela: moneyJson(parts[i]!.saldo),
      status: parts[i]!.status,
    })),
  };
}
