import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
// `t` names a contract's terms below; messages use `tr`.
import { t as tr } from '../../http/i18n.js';
import { type Decimal, Money, moneyJson, parseDecimal, roundCents, sum } from '../../lib/money.js';
import { parseMonths } from '../values/values.rows.js';
import { type Installment, monthsBetween, type Regime, refundSchedule, type Schedule } from './installments.js';
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

/** What an installment has received: the sums paid and retained, and what is left. */
export interface InstallmentPaid {
  pago: Decimal;
  taxa: Decimal;
  saldo: Decimal;
  status: 'ABERTA' | 'PARCIAL' | 'PAGA';
}

export interface ContractSchedule {
  terms: repo.ContractTerms;
  meses: CreditedMonth[];
  schedule: Schedule;
  /** Per installment (index k − 1): what was paid on it. */
  pagos: InstallmentPaid[];
}

/** Schedules of several contracts from four queries (payments in bulk use it). */
export async function contractSchedules(
  db: Kysely<Database>,
  caller: Pick<Caller, 'all' | 'ies'>,
  contratoIds: number[],
): Promise<Map<number, ContractSchedule>> {
  const terms = await repo.contractTerms(db, caller, { contratoIds });
  return schedulesFor(db, terms);
}

function groupBy<T extends { contrato_id: number }>(rows: T[]): Map<number, T[]> {
  // Grouped once: a bulk call (the seed, bulk payments) asks for thousands of contracts at a time.
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.contrato_id);
    if (list) list.push(r);
    else out.set(r.contrato_id, [r]);
  }
  return out;
}

/**
 * The schedule with what was paid. DOMAIN.md: "a forecast change recomputes only open
 * installments; paid ones keep their values": an installment with any payment keeps the value
 * recorded with its payments (a partial one too, or its balance would shift under the student);
 * the others take the value the current restitution start gives.
 */
function withPayments(
  schedule: Schedule,
  paid: repo.PaidInstallment[],
): { schedule: Schedule; pagos: InstallmentPaid[] } {
  const byNumber = new Map(paid.map((p) => [p.parcela, p]));
  const parcelas = schedule.parcelas.map((p) => {
    const recorded = byNumber.get(p.numero);
    if (!recorded) return p;
    const valor = new Money(recorded.valor_parcela);
    return { ...p, valor, taxa: valor.minus(p.valorCreditado) };
  });
  const pagos = parcelas.map((p): InstallmentPaid => {
    const recorded = byNumber.get(p.numero);
    const pago = new Money(recorded?.pago ?? 0);
    const saldo = p.valor.minus(pago);
    return {
      pago,
      taxa: new Money(recorded?.taxa ?? 0),
      saldo,
      status: saldo.lte(0) ? 'PAGA' : pago.gt(0) ? 'PARCIAL' : 'ABERTA',
    };
  });
  const total = (pick: (p: Installment) => Decimal) => sum(parcelas.map(pick));
  return {
    schedule: {
      parcelas,
      totais: {
        quantidade: parcelas.length,
        valorCreditado: total((p) => p.valorCreditado),
        taxa: total((p) => p.taxa),
        valor: total((p) => p.valor),
      },
    },
    pagos,
  };
}

async function schedulesFor(db: Kysely<Database>, terms: repo.ContractTerms[]): Promise<Map<number, ContractSchedule>> {
  const ids = terms.map((t) => t.id);
  const [addenda, paid] = await Promise.all([repo.signedAddenda(db, ids), repo.paidInstallments(db, ids)]);
  const byContract = groupBy(addenda);
  const paidBy = groupBy(paid);
  const out = new Map<number, ContractSchedule>();
  for (const t of terms) {
    const meses = (byContract.get(t.id) ?? [])
      .flatMap(creditedMonths)
      .sort((a, b) => (a.mes < b.mes ? -1 : a.mes > b.mes ? 1 : 0));
    const computed = refundSchedule({
      creditados: meses.map((m) => m.valor),
      taxaMensal: new Money(t.taxa_mensal),
      regime: t.regime_acumulo,
      mesesAteRestituicao: monthsBetween(t.primeiro_mes_credito, t.inicio_restituicao),
      inicioRestituicao: t.inicio_restituicao,
    });
    const { schedule, pagos } = withPayments(computed, paidBy.get(t.id) ?? []);
    out.set(t.id, { terms: t, meses, schedule, pagos });
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
  pagos: InstallmentPaid[] | null = null,
) {
  const paidOut = (i: number) => {
    const p = pagos?.[i];
    return p ? { valorPago: moneyJson(p.pago), saldo: moneyJson(p.saldo), status: p.status } : {};
  };
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
      ...paidOut(i),
    })),
    totais: {
      quantidade: schedule.totais.quantidade,
      valorCreditado: moneyJson(schedule.totais.valorCreditado),
      taxa: moneyJson(schedule.totais.taxa),
      valor: moneyJson(schedule.totais.valor),
      ...(pagos
        ? { pago: moneyJson(sum(pagos.map((p) => p.pago))), saldo: moneyJson(sum(pagos.map((p) => p.saldo))) }
        : {}),
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
    if (q.brbId !== undefined && q.contratoId !== undefined)
      throw badRequest(tr('Informe brbId ou contratoId, não os dois.', 'Give brbId or contratoId, not both.'));
    if (given.length > 0 || q.taxa !== undefined || q.regime !== undefined) {
      throw badRequest(
        tr(
          `As condições de um contrato vêm do contrato; retire ${[...given, 'taxa', 'regime'].join(', ')}.`,
          `A contract's terms come from the contract; drop ${[...given, 'taxa', 'regime'].join(', ')}.`,
        ),
      );
    }
    const terms = await repo.contractTerms(
      db,
      caller,
      q.brbId !== undefined ? { brbId: q.brbId } : { contratoIds: [q.contratoId!] },
    );
    if (terms.length === 0) {
      throw notFound(
        q.brbId !== undefined
          ? tr(`Entrada de jornada (brbId) ${q.brbId} não encontrada.`, `Journey entry (brbId) ${q.brbId} not found.`)
          : tr(`Contrato ${q.contratoId} não encontrado.`, `Contract ${q.contratoId} not found.`),
      );
    }
    const { terms: t, meses, schedule, pagos } = (await schedulesFor(db, terms)).get(terms[0]!.id)!;
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
      pagos,
    );
  }
  const missing = EXPLICIT.filter((k) => q[k] === undefined);
  if (missing.length > 0) {
    throw badRequest(
      tr(
        `Informe brbId ou contratoId, ou as condições explícitas valor, meses, mesesAteRestituicao e inicio; faltam ${missing.join(', ')}.`,
        `Give brbId or contratoId, or the explicit terms valor, meses, mesesAteRestituicao and inicio; missing ${missing.join(', ')}.`,
      ),
      missing.map((k) => ({
        pointer: `/querystring/${k}`,
        message: tr('é obrigatório sem brbId ou contratoId', 'is required without brbId or contratoId'),
      })),
    );
  }
  const valor = parseDecimal(q.valor);
  if (!valor || valor.lte(0) || valor.decimalPlaces() > 2) {
    throw badRequest(
      tr(
        'valor deve ser um valor maior que 0, com até 2 casas decimais.',
        'valor must be an amount greater than 0 with at most 2 decimals.',
      ),
      [
        {
          pointer: '/querystring/valor',
          message: tr('deve ser maior que 0, com até 2 casas decimais', 'must be > 0 with at most 2 decimals'),
        },
      ],
    );
  }
  const taxa = q.taxa === undefined ? new Money('0.0035') : parseDecimal(q.taxa);
  if (!taxa || taxa.lt(0) || taxa.gt(1)) {
    throw badRequest(
      tr(
        'taxa deve ser uma taxa mensal entre 0 e 1, por exemplo 0.0035.',
        'taxa must be a monthly rate between 0 and 1, e.g. 0.0035.',
      ),
      [{ pointer: '/querystring/taxa', message: tr('deve estar entre 0 e 1', 'must be between 0 and 1') }],
    );
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
