import type { Db } from '../../src/db/database.js';
import { createAditivo } from './story-factories.js';
import { ieWithEntries, type ValuesSetup } from './values-factories.js';

/**
 * A contract in restitution for the payment rules: six months of 1,000.00 credited (one signed
 * 2026/1 addendum of 6,000.00), restitution started on the 1st of the month three months before
 * today's (São Paulo), and the first credited month 48 months before that, so m = 48 whatever the
 * day the test runs. DOMAIN.md's formula v × (1 + 0.0035 × (m + k − 1)), worked by hand:
 *   k=1: 1000 × 1.1680 = 1168.00   k=2: 1000 × 1.1715 = 1171.50   k=3: 1000 × 1.1750 = 1175.00
 *   k=4: 1000 × 1.1785 = 1178.50   k=5: 1000 × 1.1820 = 1182.00   k=6: 1000 × 1.1855 = 1185.50
 *   total 7060.50 (credited 6000.00, fee 1060.50).
 */
export const INSTALLMENTS = [1168, 1171.5, 1175, 1178.5, 1182, 1185.5];
export const TOTAL = 7060.5;

/** Today in São Paulo, and the months around it ('yyyy-mm'). */
export function calendar(now = new Date()) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const month = (back: number) => {
    const [y, m] = today.split('-').map(Number) as [number, number];
    const index = y * 12 + (m - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    today,
    tomorrow,
    /** The restitution start's month: closed (three months ago). */
    start: month(3),
    /** Two months ago: closed. */
    closed: month(2),
    current: month(0),
    /** 48 months before the start. */
    firstCredit: month(51),
  };
}

export interface Restitution extends ValuesSetup {
  contratoId: number;
  brbId: number;
}

export async function contractInRestitution(db: Db, setup?: ValuesSetup): Promise<Restitution> {
  const c = calendar();
  const s = setup ?? (await ieWithEntries(db, ['FINALIZADO']));
  const entry = s.entries[0]!;
  await db
    .updateTable('contrato')
    .set({ primeiro_mes_credito: `${c.firstCredit}-01`, inicio_restituicao: `${c.start}-01` })
    .where('id', '=', entry.contratoId)
    .execute();
  await createAditivo(db, s.ie, entry, entry.contratoId, {
    ano: 2026,
    semestre: 1,
    status: 'ASSINADO',
    valor: '6000.00',
  });
  return { ...s, contratoId: entry.contratoId, brbId: entry.brbId };
}

/** Everything a refused payment or adjustment must leave as it was. */
export async function moneySnapshot(db: Db) {
  const [payments, adjustments, closes] = await Promise.all([
    db.selectFrom('pagamento_restituicao').selectAll().orderBy('id').execute(),
    db.selectFrom('ajuste_repasse').selectAll().orderBy('id').execute(),
    db.selectFrom('repasse_fechamento').selectAll().orderBy('competencia').execute(),
  ]);
  return { payments, adjustments, closes };
}
