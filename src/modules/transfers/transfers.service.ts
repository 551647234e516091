import type { Db } from '../../db/database.js';
import { callerHasIe } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { type Decimal, Money, moneyJson, parseDecimal, sum } from '../../lib/money.js';
import * as repo from './transfers.repository.js';

function totals(pagos: Decimal[], taxas: Decimal[], liquidos: Decimal[], ajustes: Decimal[]) {
  const liquido = sum(liquidos);
  const ajuste = sum(ajustes);
  return {
    quantidade: pagos.length,
    bruto: moneyJson(sum(pagos)),
    taxa: moneyJson(sum(taxas)),
    liquido: moneyJson(liquido),
    ajustes: moneyJson(ajuste),
    aRepassar: moneyJson(liquido.plus(ajuste)),
  };
}

/**
 * The monthly transfer: per IE, each restitution payment received in the month (contract,
 * installment k/N, paid, fee retained, net), the adjustments, and totals. An IE user sees each of
 * its IEs (empty ones too); an operator sees the IEs with movement, or the one asked for.
 */
export async function monthlyTransfer(db: Db, caller: Caller, competencia: string, ieId?: number) {
  if (ieId !== undefined && !callerHasIe(caller, ieId)) throw notFound(`IE ${ieId}`);
  const month = `${competencia}-01`;
  const [payments, adjustments] = await Promise.all([
    repo.paymentsOf(db, caller, month, ieId),
    repo.adjustmentsOf(db, caller, month, ieId),
  ]);
  const wanted = new Set<number>([
    ...(ieId !== undefined ? [ieId] : caller.all ? [] : caller.ies),
    ...payments.map((p) => p.ie_id),
    ...adjustments.map((a) => a.ie_id),
  ]);
  const ies = await repo.iesOf(db, caller, [...wanted]);
  if (ieId !== undefined && ies.length === 0) throw notFound(`IE ${ieId}`);
  const all = { pagos: [] as Decimal[], taxas: [] as Decimal[], liquidos: [] as Decimal[], ajustes: [] as Decimal[] };
  const out = ies.map((ie) => {
    const mine = payments.filter((p) => p.ie_id === ie.id);
    const adj = adjustments.filter((a) => a.ie_id === ie.id);
    const pagos = mine.map((p) => new Money(p.valor_pago));
    const taxas = mine.map((p) => new Money(p.taxa_retida));
    const liquidos = mine.map((p) => new Money(p.valor_liquido));
    const ajustes = adj.map((a) => new Money(a.valor));
    all.pagos.push(...pagos);
    all.taxas.push(...taxas);
    all.liquidos.push(...liquidos);
    all.ajustes.push(...ajustes);
    return {
      ieId: ie.id,
      nome: ie.nome,
      pagamentos: mine.map((p) => ({
        id: p.id,
        contratoId: p.contrato_id,
        contrato: p.numero,
        estudante: p.nome,
        parcela: `${p.parcela}/${p.total_parcelas}`,
        numeroParcela: p.parcela,
        totalParcelas: p.total_parcelas,
        dataPagamento: p.data_pagamento,
        valorPago: moneyJson(p.valor_pago),
        taxaRetida: moneyJson(p.taxa_retida),
        valorLiquido: moneyJson(p.valor_liquido),
      })),
      ajustes: adj.map((a) => ({
        id: a.id,
        descricao: a.descricao,
        valor: moneyJson(a.valor),
        pagamentoId: a.pagamento_id,
        registradoEm: a.created_at.toISOString(),
      })),
      totais: totals(pagos, taxas, liquidos, ajustes),
    };
  });
  return { competencia, ies: out, totais: totals(all.pagos, all.taxas, all.liquidos, all.ajustes) };
}

export async function recordAdjustment(
  db: Db,
  caller: Caller,
  body: { ieId: number; competencia: string; valor: number; descricao: string; pagamentoId?: number },
) {
  const valor = parseDecimal(body.valor);
  if (!valor || valor.isZero() || valor.decimalPlaces() > 2) {
    throw badRequest('valor must be a non-zero amount with at most 2 decimals (negative to deduct).', [
      { pointer: '/body/valor', message: 'must be non-zero with at most 2 decimals' },
    ]);
  }
  const [ie] = await repo.iesOf(db, caller, [body.ieId]);
  if (!ie) throw notFound(`IE ${body.ieId}`);
  if (body.pagamentoId !== undefined) {
    const payment = await db
      .selectFrom('pagamento_restituicao')
      .select('id')
      .where('id', '=', body.pagamentoId)
      .where('ie_id', '=', body.ieId)
      .executeTakeFirst();
    if (!payment) throw notFound(`Payment ${body.pagamentoId} of IE ${body.ieId}`);
  }
  const row = await repo.insertAdjustment(db, {
    ie_id: body.ieId,
    competencia: `${body.competencia}-01`,
    valor: valor.toFixed(2),
    descricao: body.descricao,
    pagamento_id: body.pagamentoId ?? null,
    registrado_por: caller.sub,
  });
  return {
    id: row.id,
    ieId: row.ie_id,
    competencia: row.competencia.slice(0, 7),
    valor: moneyJson(row.valor),
    descricao: row.descricao,
    pagamentoId: row.pagamento_id,
    registradoEm: row.created_at.toISOString(),
  };
}
