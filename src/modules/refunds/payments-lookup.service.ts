import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { now as clockNow } from '../../lib/business-date.js';
import { normalizeCpf } from '../../lib/cpf.js';
import { Money, moneyJson, sum } from '../../lib/money.js';
import { businessToday } from '../transfers/months.js';
import { contractNumber, searchContracts } from './payment-contracts.repository.js';
import { openBalance, type PaymentIn, planPayments } from './payments.service.js';
import { contractSchedules } from './refunds.service.js';

/** The foundation finds a contract to pay and sees what a payment would do before recording it. */

export async function findContracts(db: Db, caller: Caller, busca: string) {
  const text = busca.trim();
  const digits = text.replace(/\D/g, '');
  const cpf = /^[\d.\-\s]+$/.test(text) && digits.length === 11 ? normalizeCpf(text) : null;
  const numero = /^[\d.\s]+$/.test(text) && digits.length === 13 ? contractNumber(text) : undefined;
  if (!numero && !cpf && text.replace(/[^\p{L}\d]/gu, '').length < 3) {
    throw badRequest(
      t(
        'Informe o número do contrato (2025.000001445), o CPF do estudante ou ao menos 3 letras do nome.',
        "Give the contract number (2025.000001445), the student's CPF or at least 3 letters of the name.",
      ),
      [
        {
          pointer: '/querystring/busca',
          message: t('número do contrato, CPF ou nome', 'contract number, CPF or name'),
        },
      ],
    );
  }
  const rows = await searchContracts(db, numero ? { numero } : cpf ? { cpf } : { texto: text }, 20);
  const schedules = await contractSchedules(
    db,
    caller,
    rows.map((r) => r.id),
  );
  return {
    itens: rows.map((r) => {
      const s = schedules.get(r.id);
      const next = s ? s.pagos.findIndex((p) => p.saldo.gt(0)) : -1;
      return {
        contratoId: r.id,
        numeroContrato: r.numero,
        nomeEstudante: r.nome,
        cpf: r.cpf,
        ie: { id: r.ie_id, sigla: r.ie_sigla },
        inicioRestituicao: r.inicio_restituicao,
        totalParcelas: s?.schedule.parcelas.length ?? 0,
        proximaParcela:
          s && next >= 0
            ? {
                numero: next + 1,
                valor: moneyJson(s.schedule.parcelas[next]!.valor),
                saldo: moneyJson(s.pagos[next]!.saldo),
              }
            : null,
        saldoAberto: moneyJson(s ? openBalance(s) : 0),
      };
    }),
  };
}

/**
 * What the payment would do, under the same rules as recording it (planPayments), with nothing
 * written: the installments it goes to and the balances after it. A refusal is the same 404/409/422.
 */
export async function previewPayment(db: Db, caller: Caller, item: PaymentIn, now: Date = clockNow()) {
  const today = businessToday(now);
  return db.transaction().execute(async (trx) => {
    const before = (await contractSchedules(trx, caller, [item.contratoId])).get(item.contratoId);
    const [plan] = await planPayments(trx, caller, [item], () => '/body', today);
    const { s, parts } = plan!;
    return {
      contratoId: item.contratoId,
      numeroContrato: s.terms.numero,
      dataPagamento: item.dataPagamento,
      valorPago: moneyJson(sum(parts.map((p) => p.pago))),
      saldoAntes: moneyJson(before ? openBalance(before) : new Money(0)),
      saldoDepois: moneyJson(openBalance(s)),
      alocacoes: parts.map((p) => ({
        parcela: p.parcela,
        valorParcela: moneyJson(p.valorParcela),
        valorPago: moneyJson(p.pago),
        saldoParcela: moneyJson(p.saldo),
        status: p.status,
      })),
    };
  });
}
