import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { AppError, badRequest, conflict, type FieldError, notFound } from '../../http/errors.js';
import { type Decimal, Money, moneyJson, parseDecimal, roundCents } from '../../lib/money.js';
import { parseMonths } from '../values/values.rows.js';
import { monthsBetween, type Regime, refundSchedule, type Schedule } from './installments.js';
import * as repo from './refunds.repository.js';

/** A credited month of a contract: when, and how much. */
export interface CreditedMonth {
  mes: string;
  valor: Decimal;
}

/**
 * The credited months of a signed addendum: its value split over the months it covers (parcMeses
 * when sent, else the first qtdParcelasCobertura months of the semester, 6 by default); cents
 * left over by the split go to the last month, so the months add up to the addendum exactly.
 */
export function creditedMonths(addendum: repo.SignedAddendum): CreditedMonth[] {
  const count = addendum.qtd_parcelas_cobertura ?? 6;
  const firstMonth = addendum.semestre === 1 ? 1 : 7;
  const listed = addendum.parc_meses ? parseMonths(addendum.parc_meses) : null;
  const months = (listed ?? Array.from({ length: count }, (_, i) => ({ mes: firstMonth + i, ano: null }))).map(
    (m) => `${m.ano ?? addendum.ano}-${String(m.mes).padStart(2, '0')}`,
  );
  const total = new Money(addendum.valor);
  const each = total.div(months.length).toDecimalPlaces(2, Money.ROUND_DOWN);
  return months.map((mes, i) => ({
    mes,
    valor: i === months.length - 1 ? total.minus(each.times(months.length - 1)) : each,
  }));
}

export interface ContractSchedule {
  terms: repo.ContractTerms;
  meses: CreditedMonth[];
  schedule: Schedule;
}

/** Schedules of several contracts from three queries (payments in bulk use it). */
export async function contractSchedules(
  db: Kysely<Database>,
  caller: Pick<Caller, 'all' | 'ies'>,
  contratoIds: number[],
): Promise<Map<number, ContractSchedule>> {
  const terms = await repo.contractTerms(db, caller, { contratoIds });
  return schedulesFor(db, terms);
}

async function schedulesFor(db: Kysely<Database>, terms: repo.ContractTerms[]): Promise<Map<number, ContractSchedule>> {
  const addenda = await repo.signedAddenda(
    db,
    terms.map((t) => t.id),
  );
  // Grouped once: a bulk call (the seed, bulk payments) asks for thousands of contracts at a time.
  const byContract = new Map<number, typeof addenda>();
  for (const a of addenda) {
    const list = byContract.get(a.contrato_id);
    if (list) list.push(a);
    else byContract.set(a.contrato_id, [a]);
  }
  const out = new Map<number, ContractSchedule>();
  for (const t of terms) {
    const meses = (byContract.get(t.id) ?? [])
      .flatMap(creditedMonths)
      .sort((a, b) => (a.mes < b.mes ? -1 : a.mes > b.mes ? 1 : 0));
    const schedule = refundSchedule({
      creditados: meses.map((m) => m.valor),
      taxaMensal: new Money(t.taxa_mensal),
      regime: t.regime_acumulo,
      mesesAteRestituicao: monthsBetween(t.primeiro_mes_credito, t.inicio_restituicao),
      inicioRestituicao: t.inicio_restituicao,
    });
    out.set(t.id, { terms: t, meses, schedule });
  }
  return out;
}

export interface InstallmentsQuery {
  brbId?: number;
  contratoId?: number;
  valor?: string | number;
  meses?: number;
  mesesAteRestituicao?: number;
  inicio?: string;
  taxa?: string | number;
  regime?: Regime;
}

function scheduleOut(
  schedule: Schedule,
  head: { contratoId: number | null; taxaMensal: Decimal; regime: Regime; m: number; inicio: string },
  meses: string[] | null,
) {
  return {
    contratoId: head.contratoId,
    taxaMensal: head.taxaMensal.toNumber(),
    regime: head.regime,
    mesesAteRestituicao: head.m,
    inicioRestituicao: head.inicio,
    parcelas: schedule.parcelas.map((p, i) => ({
      numero: p.numero,
      vencimento: p.vencimento,
      mesCredito: meses?.[i] ?? null,
      valorCreditado: moneyJson(p.valorCreditado),
      taxa: moneyJson(p.taxa),
      valor: moneyJson(p.valor),
    })),
    totais: {
      quantidade: schedule.totais.quantidade,
      valorCreditado: moneyJson(schedule.totais.valorCreditado),
      taxa: moneyJson(schedule.totais.taxa),
      valor: moneyJson(schedule.totais.valor),
    },
  };
}

const EXPLICIT = ['valor', 'meses', 'mesesAteRestituicao', 'inicio'] as const;

/**
 * Refund installments of a contract (by brbId or contratoId: its signed addenda, its convênio's
 * rate and accrual, its restitution start) or of explicit terms (valor credited in each of `meses`
 * months, m = mesesAteRestituicao, first due `inicio`, taxa default 0.0035, regime default SIMPLES).
 */
export async function installments(db: Db, caller: Caller, q: InstallmentsQuery) {
  const byContract = q.brbId !== undefined || q.contratoId !== undefined;
  const given = EXPLICIT.filter((k) => q[k] !== undefined);
  if (byContract) {
    if (q.brbId !== undefined && q.contratoId !== undefined) throw badRequest('Give brbId or contratoId, not both.');
    if (given.length > 0 || q.taxa !== undefined || q.regime !== undefined) {
      throw badRequest(`A contract's terms come from the contract; drop ${[...given, 'taxa', 'regime'].join(', ')}.`);
    }
    const terms = await repo.contractTerms(
      db,
      caller,
      q.brbId !== undefined ? { brbId: q.brbId } : { contratoIds: [q.contratoId!] },
    );
    if (terms.length === 0) {
      throw notFound(q.brbId !== undefined ? `Journey entry (brbId) ${q.brbId}` : `Contract ${q.contratoId}`);
    }
    const { terms: t, meses, schedule } = (await schedulesFor(db, terms)).get(terms[0]!.id)!;
    return scheduleOut(
      schedule,
      {
        contratoId: t.id,
        taxaMensal: new Money(t.taxa_mensal),
        regime: t.regime_acumulo,
        m: monthsBetween(t.primeiro_mes_credito, t.inicio_restituicao),
        inicio: t.inicio_restituicao,
      },
      meses.map((m) => m.mes),
    );
  }
  const missing = EXPLICIT.filter((k) => q[k] === undefined);
  if (missing.length > 0) {
    throw badRequest(
      `Give brbId or contratoId, or the explicit terms valor, meses, mesesAteRestituicao and inicio; missing ${missing.join(', ')}.`,
      missing.map((k) => ({ pointer: `/querystring/${k}`, message: 'is required without brbId or contratoId' })),
    );
  }
  const valor = parseDecimal(q.valor);
  if (!valor || valor.lte(0) || valor.decimalPlaces() > 2) {
    throw badRequest('valor must be an amount greater than 0 with at most 2 decimals.', [
      { pointer: '/querystring/valor', message: 'must be > 0 with at most 2 decimals' },
    ]);
  }
  const taxa = q.taxa === undefined ? new Money('0.0035') : parseDecimal(q.taxa);
  if (!taxa || taxa.lt(0) || taxa.gt(1)) {
    throw badRequest('taxa must be a monthly rate between 0 and 1, e.g. 0.0035.', [
      { pointer: '/querystring/taxa', message: 'must be between 0 and 1' },
    ]);
  }
  const inicio = q.inicio!.length === 7 ? `${q.inicio}-01` : q.inicio!;
  const regime = q.regime ?? 'SIMPLES';
  const schedule = refundSchedule({
    creditados: Array.from({ length: q.meses! }, () => roundCents(valor)),
    taxaMensal: taxa,
    regime,
    mesesAteRestituicao: q.mesesAteRestituicao!,
    inicioRestituicao: inicio,
  });
  return scheduleOut(schedule, { contratoId: null, taxaMensal: taxa, regime, m: q.mesesAteRestituicao!, inicio }, null);
}

export interface PaymentIn {
  contratoId: number;
  parcela: number;
  dataPagamento: string;
  valorPago?: number;
}

/**
 * Records restitution payments, all or none. The retained fee is the installment's fee part
 * (its value minus the credited amount); the IE's net is the amount paid minus that fee. The
 * amount paid defaults to the installment value; a different amount (late interest, a partial
 * payment) is accepted when it covers the fee.
 */
export async function recordPayments(db: Db, caller: Caller, items: PaymentIn[], pointer: (i: number) => string) {
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(items.map((p) => p.contratoId))];
    const schedules = await contractSchedules(trx, caller, ids);
    const paid = new Set((await repo.paidInstallments(trx, ids)).map((p) => `${p.contrato_id}/${p.parcela}`));
    const errors: (FieldError & { kind: 'not-found' | 'paid' | 'rule' })[] = [];
    const seen = new Set<string>();
    const rows: repo.NewPayment[] = [];
    for (const [i, item] of items.entries()) {
      const at = pointer(i);
      const s = schedules.get(item.contratoId);
      if (!s) {
        errors.push({
          kind: 'not-found',
          pointer: `${at}/contratoId`,
          message: `contract ${item.contratoId} not found`,
        });
        continue;
      }
      const key = `${item.contratoId}/${item.parcela}`;
      if (paid.has(key) || seen.has(key)) {
        errors.push({
          kind: 'paid',
          pointer: `${at}/parcela`,
          message: `installment ${item.parcela} of contract ${item.contratoId} is already paid`,
        });
        continue;
      }
      seen.add(key);
      const installment = s.schedule.parcelas[item.parcela - 1];
      if (!installment) {
        errors.push({
          kind: 'rule',
          pointer: `${at}/parcela`,
          message: `contract ${item.contratoId} has ${s.schedule.parcelas.length} installments (signed addenda)`,
        });
        continue;
      }
      const pago = item.valorPago === undefined ? installment.valor : parseDecimal(item.valorPago);
      if (!pago || pago.lte(0) || pago.decimalPlaces() > 2) {
        errors.push({
          kind: 'rule',
          pointer: `${at}/valorPago`,
          message: 'must be greater than 0 with at most 2 decimals',
        });
        continue;
      }
      if (pago.lt(installment.taxa)) {
        errors.push({
          kind: 'rule',
          pointer: `${at}/valorPago`,
          message: `must cover the installment's administrative fee of ${installment.taxa.toFixed(2)}`,
        });
        continue;
      }
      rows.push({
        contrato_id: item.contratoId,
        ie_id: s.terms.ie_id,
        parcela: item.parcela,
        total_parcelas: s.schedule.parcelas.length,
        valor_parcela: installment.valor.toFixed(2),
        valor_pago: pago.toFixed(2),
        taxa_retida: installment.taxa.toFixed(2),
        valor_liquido: pago.minus(installment.taxa).toFixed(2),
        data_pagamento: item.dataPagamento,
        competencia: `${item.dataPagamento.slice(0, 7)}-01`,
        registrado_por: caller.sub,
      });
    }
    if (errors.length > 0) {
      const only = items.length === 1 ? errors[0]! : null;
      if (only?.kind === 'not-found') throw notFound(`Contract ${items[0]!.contratoId}`);
      if (only?.kind === 'paid') throw conflict(`The ${only.message}.`);
      const list = errors.map(({ pointer, message }) => ({ pointer, message }));
      throw new AppError(
        422,
        'rule-violated',
        `No payment was recorded: ${list.map((e) => `${e.pointer} ${e.message}`).join('; ')}.`,
        { errors: list },
      );
    }
    return (await repo.insertPayments(trx, rows)).map(toPaymentOut);
  });
}

export function toPaymentOut(p: repo.PaymentRow) {
  return {
    id: p.id,
    contratoId: p.contrato_id,
    ieId: p.ie_id,
    parcela: p.parcela,
    totalParcelas: p.total_parcelas,
    valorParcela: moneyJson(p.valor_parcela),
    valorPago: moneyJson(p.valor_pago),
    taxaRetida: moneyJson(p.taxa_retida),
    valorLiquido: moneyJson(p.valor_liquido),
    dataPagamento: p.data_pagamento,
    competencia: p.competencia.slice(0, 7),
  };
}
