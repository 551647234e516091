import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { callerHasIe } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { now as clockNow } from '../../lib/business-date.js';
import { Money, moneyJson } from '../../lib/money.js';
import type { Column } from '../exports/export.format.js';
import { businessToday, monthOf, monthState, nextMonth } from './months.js';
import * as repo from './transfers.repository.js';

/**
 * What one IE was owed month by month: gross paid by the students, fee retained, net, adjustments
 * and the transfer (net + adjustments), for the `meses` months ending at `ate` (default: the
 * current month, São Paulo), oldest first, months without movement included (zeros).
 */
export async function transferHistory(
  db: Db,
  caller: Caller,
  q: { ieId: number; meses?: number; ate?: string },
  now = clockNow(),
) {
  if (!callerHasIe(caller, q.ieId)) throw notFound(t(`IE ${q.ieId} não encontrada.`, `IE ${q.ieId} not found.`));
  const [ie] = await repo.iesOf(db, caller, [q.ieId]);
  if (!ie) throw notFound(t(`IE ${q.ieId} não encontrada.`, `IE ${q.ieId} not found.`));
  const today = businessToday(now);
  const last = q.ate ? `${q.ate}-01` : monthOf(today);
  if (last > monthOf(today))
    throw badRequest(
      t(`O mês final (${q.ate}) não pode ser futuro.`, `The last month (${q.ate}) cannot be in the future.`),
      [{ pointer: '/querystring/ate', message: t('não pode ser futuro', 'cannot be in the future') }],
    );
  const months: string[] = [last];
  for (let i = 1; i < (q.meses ?? 12); i++) months.unshift(previousMonth(months[0]!));
  const [payments, adjustments, states] = await Promise.all([
    db
      .selectFrom('pagamento_restituicao')
      .select([
        sql<string>`competencia::text`.as('competencia'),
        (eb) => eb.fn.countAll<number>().as('quantidade'),
        sql<string>`sum(valor_pago)`.as('bruto'),
        sql<string>`sum(taxa_retida)`.as('taxa'),
        sql<string>`sum(valor_liquido)`.as('liquido'),
      ])
      .where('ie_id', '=', q.ieId)
      .where('competencia', '>=', months[0]!)
      .where('competencia', '<', nextMonth(last))
      .groupBy('competencia')
      .execute(),
    db
      .selectFrom('ajuste_repasse')
      .select([sql<string>`competencia::text`.as('competencia'), sql<string>`sum(valor)`.as('ajustes')])
      .where('ie_id', '=', q.ieId)
      .where('competencia', '>=', months[0]!)
      .where('competencia', '<', nextMonth(last))
      .groupBy('competencia')
      .execute(),
    Promise.all(months.map((m) => monthState(db, m, today))),
  ]);
  const byMonth = new Map(payments.map((p) => [p.competencia.slice(0, 10), p]));
  const adjBy = new Map(adjustments.map((a) => [a.competencia.slice(0, 10), a.ajustes]));
  return {
    ieId: ie.id,
    nome: ie.nome,
    meses: months.map((m, i) => {
      const p = byMonth.get(m);
      const liquido = new Money(p?.liquido ?? 0);
      const ajustes = new Money(adjBy.get(m) ?? 0);
      return {
        competencia: m.slice(0, 7),
        fechado: states[i]!.fechado,
        quantidade: Number(p?.quantidade ?? 0),
        bruto: moneyJson(p?.bruto ?? 0),
        taxa: moneyJson(p?.taxa ?? 0),
        liquido: moneyJson(liquido),
        ajustes: moneyJson(ajustes),
        aRepassar: moneyJson(liquido.plus(ajustes)),
      };
    }),
  };
}

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

export type HistoryRow = Awaited<ReturnType<typeof transferHistory>>['meses'][number] & { ie: string };

export const HISTORY_COLUMNS: Column<HistoryRow>[] = [
  { header: t('IE', 'IE'), type: 'text', value: (r) => r.ie, width: 36 },
  { header: t('Competência', 'Month'), type: 'text', value: (r) => r.competencia, width: 12 },
  {
    header: t('Situação', 'State'),
    type: 'text',
    value: (r, lang) => (r.fechado ? (lang === 'en' ? 'Closed' : 'Fechado') : lang === 'en' ? 'Open' : 'Aberto'),
    width: 10,
  },
  { header: t('Pagamentos', 'Payments'), type: 'int', value: (r) => r.quantidade, width: 10 },
  { header: t('Pago pelos estudantes', 'Gross'), type: 'money', value: (r) => r.bruto.toFixed(2), width: 16 },
  { header: t('Taxa retida', 'Fee'), type: 'money', value: (r) => r.taxa.toFixed(2), width: 14 },
  { header: t('Líquido', 'Net'), type: 'money', value: (r) => r.liquido.toFixed(2), width: 14 },
  { header: t('Ajustes', 'Adjustments'), type: 'money', value: (r) => r.ajustes.toFixed(2), width: 14 },
  { header: t('A repassar', 'Transfer'), type: 'money', value: (r) => r.aRepassar.toFixed(2), width: 16 },
];
