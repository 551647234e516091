import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { conflict, invalidField, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { addDays, today } from '../../lib/business-date.js';
import { windowDays } from './journey-lifecycle.repository.js';

type Trx = Transaction<Database>;

/**
 * DOMAIN.md, "Journey periods": which period an IE may open. Checked inside the opening
 * transaction, after the IE row is locked, so two openings for one IE never both pass.
 */

export const nextPeriod = (ano: number, semestre: number) =>
  semestre === 1 ? { ano, semestre: 2 } : { ano: ano + 1, semestre: 1 };

const period = (p: { ano: number; semestre: number }) => `${p.ano}/${p.semestre}`;
/** The journey type as a person reads it (the code stays in the problem's fields). */
const TIPO_PT: Record<string, string> = { RENOVACAO: 'de renovação', REGULARIZACAO: 'de regularização' };
const tipoPt = (tipo: string) => TIPO_PT[tipo] ?? `do tipo ${tipo.toLowerCase()}`;
const semestrePt = (p: { ano: number; semestre: number }) => `${p.semestre}º semestre de ${p.ano}`;

const br = (day: string) => day.split('-').reverse().join('/');

/** Serializes the openings of one IE (the check below reads, then the insert writes). */
export async function lockIe(trx: Trx, ieId: number): Promise<void> {
  await trx.selectFrom('ie').select('id').where('id', '=', ieId).forUpdate().execute();
}

type Period = { ano: number; semestre: number };
const samePeriod = (a: Period, b: Period) => a.ano === b.ano && a.semestre === b.semestre;

/** Window length when the IE has no active convênio (the convênio column's default). */
const DEFAULT_WINDOW_DAYS = 45;

/**
 * 409 while a journey of the type is ABERTA (naming it); 422 when the period is not the one right
 * after the IE's latest journey of the type (naming the one that may be opened). An IE's first
 * journey of a type may be of the period of its latest journey of any type or the one right after
 * (docs/decisions.md); an IE without any journey, of any period.
 */
export async function checkPeriod(trx: Trx, ieId: number, tipo: string, ano: number, semestre: number) {
  const journeys = trx
    .selectFrom('jornada')
    .select(['id', 'ano', 'semestre', 'status', 'tipo'])
    .where('ie_id', '=', ieId)
    .orderBy('ano', 'desc')
    .orderBy('semestre', 'desc');
  const ofType = journeys.where('tipo', '=', tipo);
  const open = await ofType.where('status', '=', 'ABERTA').orderBy('id', 'desc').executeTakeFirst();
  if (open) {
    throw conflict(
      t(
        `A IE ${ieId} já tem uma jornada ${tipoPt(tipo)} aberta: a do ${semestrePt(open)} (jornada ${open.id}). Atualize os estudantes dela ou espere o fim da janela antes de abrir outra.`,
        `IE ${ieId} already has an open ${tipo} journey: journey ${open.id} of ${period(open)}. Refresh it (POST /s/v2/renovacao/jornadas/atualizar) or wait for its window to end before opening another.`,
      ),
      { journeyId: open.id, jornadaAberta: { id: open.id, ano: open.ano, semestre: open.semestre } },
    );
  }
  const wanted = { ano, semestre };
  const latest = await ofType.executeTakeFirst();
  if (latest) {
    const allowed = nextPeriod(latest.ano, latest.semestre);
    if (samePeriod(allowed, wanted)) return;
    throw unprocessable(
      t(
        `A última jornada ${tipoPt(tipo)} da IE ${ieId} é a do ${semestrePt(latest)} (jornada ${latest.id}); só pode ser aberta a do ${semestrePt(allowed)}, não a do ${semestrePt(wanted)}.`,
        `The latest ${tipo} journey of IE ${ieId} is of ${period(latest)} (journey ${latest.id}); only ${period(allowed)} may be opened, not ${ano}/${semestre}.`,
      ),
      { periodoPermitido: allowed },
    );
  }
  // The first journey of a type sits beside the IE's other journeys, never in a far period.
  const latestAny = await journeys.executeTakeFirst();
  if (!latestAny) return;
  const allowed = [{ ano: latestAny.ano, semestre: latestAny.semestre }, nextPeriod(latestAny.ano, latestAny.semestre)];
  if (allowed.some((p) => samePeriod(p, wanted))) return;
  const names = `${period(allowed[0]!)} ou ${period(allowed[1]!)}`;
  throw unprocessable(
    t(
      `A IE ${ieId} ainda não tem jornada ${tipoPt(tipo)}; a primeira só pode ser de ${names} (o período da sua última jornada, ${tipoPt(latestAny.tipo)} ${period(latestAny)}, ou o seguinte), não de ${ano}/${semestre}.`,
      `IE ${ieId} has no ${tipo} journey yet; its first may only be of ${period(allowed[0]!)} or ${period(allowed[1]!)} (the period of its latest journey, ${latestAny.tipo} ${period(latestAny)}, or the next one), not ${ano}/${semestre}.`,
    ),
    { periodoPermitido: allowed[1], periodosPermitidos: allowed },
  );
}

/**
 * The convênio calendar (DOMAIN.md): an IE user opens only a period it lists (422 naming the ones
 * still to close) and only inside its opening window (422 with the window's dates); the foundation
 * (OPERADOR) may open any period at any time. While no calendar is loaded for the IE's active
 * convênios, the calendar restricts nothing (docs/decisions.md).
 */
export async function checkOpeningWindow(trx: Trx, caller: Caller, ieId: number, ano: number, semestre: number) {
  if (caller.role === 'OPERADOR') return;
  const windows = await trx
    .selectFrom('calendario_convenio as k')
    .innerJoin('convenio as c', 'c.id', 'k.convenio_id')
    .select((eb) => [
      'k.ano',
      'k.semestre',
      eb.fn.min('k.abertura_inicio').as('inicio'),
      eb.fn.max('k.abertura_fim').as('fim'),
    ])
    .where('c.ie_id', '=', ieId)
    .where('c.ativo', '=', true)
    .groupBy(['k.ano', 'k.semestre'])
    .orderBy('k.ano')
    .orderBy('k.semestre')
    .execute();
  if (windows.length === 0) return;
  const day = today();
  const window = windows.find((w) => w.ano === ano && w.semestre === semestre);
  if (!window) {
    const listed = windows.filter((w) => w.fim >= day).map(period);
    const pt =
      listed.length > 0 ? `Períodos que ele lista: ${listed.join(', ')}.` : 'Ele não lista nenhum período a abrir.';
    const en = listed.length > 0 ? `Periods it lists: ${listed.join(', ')}.` : 'It lists no period still to open.';
    throw unprocessable(
      t(
        `O calendário do convênio da IE ${ieId} não lista ${ano}/${semestre}: só a fundação pode abrir esse período. ${pt}`,
        `The convênio calendar of IE ${ieId} does not list ${ano}/${semestre}: only the foundation may open that period. ${en}`,
      ),
      { periodosCalendario: listed },
    );
  }
  if (day < window.inicio || day > window.fim) {
    throw unprocessable(
      t(
        `A jornada de ${ano}/${semestre} só pode ser aberta de ${br(window.inicio)} a ${br(window.fim)}, conforme o calendário do convênio (hoje é ${br(day)}).`,
        `The ${ano}/${semestre} journey may be opened only from ${window.inicio} to ${window.fim}, as the convênio calendar sets (today is ${day}).`,
      ),
      { janelaAbertura: { inicio: window.inicio, fim: window.fim } },
    );
  }
}

/**
 * The journey's renewal window: from today for the active convênio's janela_dias. Only the
 * foundation (OPERADOR) sets another; an IE user's janelaInicio/janelaFim that differ are 422.
 */
export async function renewalWindow(
  trx: Trx,
  caller: Caller,
  ieId: number,
  sent: { janelaInicio?: string; janelaFim?: string },
) {
  const now = today();
  const days = (await windowDays(trx, ieId)) ?? DEFAULT_WINDOW_DAYS;
  const own = { inicio: now, fim: addDays(now, days - 1) };
  if (caller.role !== 'OPERADOR') {
    if ((sent.janelaInicio ?? own.inicio) !== own.inicio || (sent.janelaFim ?? own.fim) !== own.fim) {
      throw unprocessable(
        t(
          `Só a fundação define a janela de renovação. A da IE ${ieId} é a do convênio: de ${br(own.inicio)} a ${br(own.fim)} (${days} dias); omita janelaInicio e janelaFim.`,
          `Only the foundation sets the renewal window. IE ${ieId}'s is the convênio's: from ${own.inicio} to ${own.fim} (${days} days); omit janelaInicio and janelaFim.`,
        ),
        { janela: own },
      );
    }
    return own;
  }
  const inicio = sent.janelaInicio ?? now;
  const fim = sent.janelaFim ?? addDays(inicio, days - 1);
  if (fim < inicio)
    throw invalidField('/body/janelaFim', t('não pode ser anterior a janelaInicio', 'must not be before janelaInicio'));
  return { inicio, fim };
}
