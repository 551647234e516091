import type { Db } from '../../db/database.js';
import { callerHasIe } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { now as clockNow } from '../../lib/business-date.js';
import { type Decimal, Money, moneyJson, parseDecimal, sum } from '../../lib/money.js';
import { autoCloseDay, businessToday, lockMonth, monthOf, monthState, recordingMonth } from './months.js';
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

/** The month's payments and adjustments as the query an export streams; another IE's id is 404 first. */
export async function transferExport(db: Db, caller: Caller, competencia: string, ieId?: number) {
  if (ieId !== undefined && (!callerHasIe(caller, ieId) || (await repo.iesOf(db, caller, [ieId])).length === 0))
    throw notFound(t(`IE ${ieId} não encontrada.`, `IE ${ieId} not found.`));
  return repo.transferRowsQuery(db, caller, `${competencia}-01`, ieId);
}

/**
 * The monthly transfer: per IE, each restitution payment received in the month (contract,
 * installment k/N, paid, fee retained, net), the adjustments, and totals. An IE user sees each of
 * its IEs (empty ones too); an operator sees the IEs with movement, or the one asked for.
 */
export async function monthlyTransfer(db: Db, caller: Caller, competencia: string, ieId?: number, now = clockNow()) {
  if (ieId !== undefined && !callerHasIe(caller, ieId))
    throw notFound(t(`IE ${ieId} não encontrada.`, `IE ${ieId} not found.`));
  const month = `${competencia}-01`;
  const [payments, adjustments, state] = await Promise.all([
    repo.paymentsOf(db, caller, month, ieId),
    repo.adjustmentsOf(db, caller, month, ieId),
    monthState(db, month, businessToday(now)),
  ]);
  const wanted = new Set<number>([
    ...(ieId !== undefined ? [ieId] : caller.all ? [] : caller.ies),
    ...payments.map((p) => p.ie_id),
    ...adjustments.map((a) => a.ie_id),
  ]);
  const ies = await repo.iesOf(db, caller, [...wanted]);
  if (ieId !== undefined && ies.length === 0) throw notFound(t(`IE ${ieId} não encontrada.`, `IE ${ieId} not found.`));
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
        competenciaReferencia: a.competencia_referencia?.slice(0, 7) ?? null,
      })),
      totais: totals(pagos, taxas, liquidos, ajustes),
    };
  });
  return {
    competencia,
    fechado: state.fechado,
    fechadoEm: state.fechadoEm?.toISOString() ?? null,
    ies: out,
    totais: totals(all.pagos, all.taxas, all.liquidos, all.ajustes),
  };
}

/**
 * The foundation closes a month that has ended (the current one cannot: payments still arrive).
 * A month already closed, by hand or by itself on the 5th, is 409 with when it closed.
 */
export async function closeMonth(db: Db, caller: Caller, competencia: string, now = clockNow()) {
  const day = businessToday(now);
  const month = `${competencia}-01`;
  if (month >= monthOf(day)) {
    throw unprocessable(
      t(
        `O mês ${competencia} ainda não terminou; só um mês encerrado pode ser fechado.`,
        `Month ${competencia} has not ended yet; only a past month can be closed.`,
      ),
    );
  }
  return db.transaction().execute(async (trx) => {
    await lockMonth(trx, month, 'exclusive');
    const state = await monthState(trx, month, day);
    if (state.fechado) {
      const when = state.fechadoEm!.toISOString();
      throw conflict(
        state.fechadoPor === 'automatico'
          ? t(
              `O repasse de ${competencia} já está fechado: fechou sozinho em ${autoCloseDay(month)}.`,
              `The transfer of ${competencia} is already closed: it closed by itself on ${autoCloseDay(month)}.`,
            )
          : t(
              `O repasse de ${competencia} já foi fechado em ${when}.`,
              `The transfer of ${competencia} was already closed at ${when}.`,
            ),
        { fechadoEm: when },
      );
    }
    const row = await trx
      .insertInto('repasse_fechamento')
      .values({ competencia: month, fechado_por: caller.sub })
      .returning(['fechado_em', 'fechado_por'])
      .executeTakeFirstOrThrow();
    return {
      competencia,
      fechado: true as const,
      fechadoEm: row.fechado_em.toISOString(),
      fechadoPor: row.fechado_por,
    };
  });
}

export async function recordAdjustment(
  db: Db,
  caller: Caller,
  body: { ieId: number; competencia: string; valor: number; descricao: string; pagamentoId?: number },
  now = clockNow(),
) {
  const valor = parseDecimal(body.valor);
  if (!valor || valor.isZero() || valor.decimalPlaces() > 2) {
    throw badRequest(
      t(
        'valor deve ser diferente de zero, com até 2 casas decimais (negativo para descontar).',
        'valor must be a non-zero amount with at most 2 decimals (negative to deduct).',
      ),
      [
        {
          pointer: '/body/valor',
          message: t(
            'deve ser diferente de zero, com até 2 casas decimais',
            'must be non-zero with at most 2 decimals',
          ),
        },
      ],
    );
  }
  const descricao = body.descricao.trim();
  if (descricao.length < 3) {
    throw badRequest(
      t('Todo ajuste precisa de um motivo (descricao).', 'Every adjustment needs a reason (descricao).'),
      [{ pointer: '/body/descricao', message: t('informe o motivo do ajuste', 'give the reason for the adjustment') }],
    );
  }
  const day = businessToday(now);
  const wanted = `${body.competencia}-01`;
  if (wanted > monthOf(day)) {
    throw unprocessable(
      t(
        `O mês ${body.competencia} ainda não começou; um ajuste vai para um mês em curso ou encerrado.`,
        `Month ${body.competencia} has not begun; an adjustment goes to the current month or an earlier one.`,
      ),
    );
  }
  const [ie] = await repo.iesOf(db, caller, [body.ieId]);
  if (!ie) throw notFound(t(`IE ${body.ieId} não encontrada.`, `IE ${body.ieId} not found.`));
  return db.transaction().execute(async (trx) => {
    if (body.pagamentoId !== undefined) {
      const payment = await trx
        .selectFrom('pagamento_restituicao')
        .select('id')
        .where('id', '=', body.pagamentoId)
        .where('ie_id', '=', body.ieId)
        .executeTakeFirst();
      if (!payment)
        throw notFound(
          t(
            `Pagamento ${body.pagamentoId} da IE ${body.ieId} não encontrado.`,
            `Payment ${body.pagamentoId} of IE ${body.ieId} not found.`,
          ),
        );
    }
    // A closed month never changes: the adjustment goes to the open month and names the one it refers to.
    const competencia = await recordingMonth(trx, wanted, day, 'exclusive');
    const net = await repo.monthNet(trx, body.ieId, competencia);
    const after = new Money(net).plus(valor);
    if (after.lt(0)) {
      throw unprocessable(
        t(
          `O repasse de ${competencia.slice(0, 7)} ficaria negativo (${after.toFixed(2)}); o líquido do mês é ${new Money(net).toFixed(2)}.`,
          `The transfer of ${competencia.slice(0, 7)} would be negative (${after.toFixed(2)}); the month's net is ${new Money(net).toFixed(2)}.`,
        ),
      );
    }
    const row = await repo.insertAdjustment(trx, {
      ie_id: body.ieId,
      competencia,
      competencia_referencia: competencia === wanted ? null : wanted,
      valor: valor.toFixed(2),
      descricao,
      pagamento_id: body.pagamentoId ?? null,
      registrado_por: caller.sub,
    });
    return {
      id: row.id,
      ieId: row.ie_id,
      competencia: row.competencia.slice(0, 7),
      competenciaReferencia: row.competencia_referencia?.slice(0, 7) ?? null,
      valor: moneyJson(row.valor),
      descricao: row.descricao,
      pagamentoId: row.pagamento_id,
      registradoEm: row.created_at.toISOString(),
    };
  });
}
