import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { today } from '../../lib/business-date.js';

type Trx = Transaction<Database>;

/**
 * DOMAIN.md, "Journey periods": which period an IE may open. Checked inside the opening
 * transaction, after the IE row is locked, so two openings for one IE never both pass.
 */

export const nextPeriod = (ano: number, semestre: number) =>
  semestre === 1 ? { ano, semestre: 2 } : { ano: ano + 1, semestre: 1 };

const period = (p: { ano: number; semestre: number }) => `${p.ano}/${p.semestre}`;
const br = (day: string) => day.split('-').reverse().join('/');

/** Serializes the openings of one IE (the check below reads, then the insert writes). */
export async function lockIe(trx: Trx, ieId: number): Promise<void> {
  await trx.selectFrom('ie').select('id').where('id', '=', ieId).forUpdate().execute();
}

/**
 * 409 while a journey of the type is ABERTA (naming it); 422 when the period is not the one right
 * after the IE's latest journey of the type (naming the one that may be opened). An IE's first
 * journey of a type may be of any period.
 */
export async function checkPeriod(trx: Trx, ieId: number, tipo: string, ano: number, semestre: number) {
  const journeys = trx
    .selectFrom('jornada')
    .select(['id', 'ano', 'semestre', 'status'])
    .where('ie_id', '=', ieId)
    .where('tipo', '=', tipo);
  const open = await journeys.where('status', '=', 'ABERTA').orderBy('id', 'desc').executeTakeFirst();
  if (open) {
    throw conflict(
      t(
        `A IE ${ieId} já tem uma jornada ${tipo} aberta: a jornada ${open.id} de ${period(open)}. Atualize-a (POST /s/v2/renovacao/jornadas/atualizar) ou espere o fim da janela antes de abrir outra.`,
        `IE ${ieId} already has an open ${tipo} journey: journey ${open.id} of ${period(open)}. Refresh it (POST /s/v2/renovacao/jornadas/atualizar) or wait for its window to end before opening another.`,
      ),
      { journeyId: open.id, jornadaAberta: { id: open.id, ano: open.ano, semestre: open.semestre } },
    );
  }
  const latest = await journeys.orderBy('ano', 'desc').orderBy('semestre', 'desc').executeTakeFirst();
  if (!latest) return;
  const allowed = nextPeriod(latest.ano, latest.semestre);
  if (allowed.ano !== ano || allowed.semestre !== semestre) {
    throw unprocessable(
      t(
        `A última jornada ${tipo} da IE ${ieId} é de ${period(latest)} (jornada ${latest.id}); só pode ser aberta a de ${period(allowed)}, não a de ${ano}/${semestre}.`,
        `The latest ${tipo} journey of IE ${ieId} is of ${period(latest)} (journey ${latest.id}); only ${period(allowed)} may be opened, not ${ano}/${semestre}.`,
      ),
      { periodoPermitido: allowed },
    );
  }
}

/**
 * The convênio calendar's opening window for the period (DOMAIN.md): an IE user opens only inside
 * it (422 with the window's dates); the foundation (OPERADOR) may open outside it. A period the
 * calendar does not list is not restricted (docs/decisions.md).
 */
export async function checkOpeningWindow(trx: Trx, caller: Caller, ieId: number, ano: number, semestre: number) {
  if (caller.role === 'OPERADOR') return;
  const window = await trx
    .selectFrom('calendario_convenio as k')
    .innerJoin('convenio as c', 'c.id', 'k.convenio_id')
    .select((eb) => [eb.fn.min('k.abertura_inicio').as('inicio'), eb.fn.max('k.abertura_fim').as('fim')])
    .where('c.ie_id', '=', ieId)
    .where('c.ativo', '=', true)
    .where('k.ano', '=', ano)
    .where('k.semestre', '=', semestre)
    .executeTakeFirst();
  if (!window?.inicio || !window.fim) return;
  const day = today();
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
