import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { invalidField, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { LISTS, listReference } from '../reference/reference.repository.js';
import { type Pointers, type SituationField, type SituationInput, TIPO } from './actions.types.js';
import { brDate, today } from './dates.js';

type Trx = Transaction<Database>;

/** The enrolment situation (situacao-matricula) each kind leads to. */
export const SITUACAO_MATRICULA_OF: Record<string, string> = {
  [TIPO.lock]: 'T',
  [TIPO.withdrawal]: 'F',
  [TIPO.dropout]: 'E',
  [TIPO.bond]: 'A',
};

const pointerOf = (at: Pointers, field: SituationField) => at[field] ?? `/body/${field}`;

async function codesOf(trx: Trx, lista: string, tipo?: string): Promise<string[]> {
  const rows = await listReference(trx, lista);
  return rows.filter((r) => tipo === undefined || r.dados.tipo === tipo).map((r) => r.codigo);
}

function oneOf(value: string, allowed: string[], pointer: string) {
  if (!allowed.includes(value))
    throw invalidField(
      pointer,
      t(
        `"${value}" não é um código conhecido; use um destes: ${allowed.join(', ')}`,
        `"${value}" is not a known code; use one of: ${allowed.join(', ')}`,
      ),
    );
}

/**
 * Checks the codes of an enrolment situation against the reference lists (data, not constants)
 * and against its kind: `tipo` must be one the operation takes; `situacao-matricula`, when sent,
 * must be the one the kind leads to; reasons of a withdrawal (F) or a bond maintenance (S) must
 * be codes of that kind. Each refusal is a 400 naming the field and the allowed values.
 */
export async function checkCodes(trx: Trx, input: SituationInput, at: Pointers, kinds: string[]): Promise<void> {
  oneOf(input.tipo, await codesOf(trx, LISTS.tiposSituacaoMatricula), pointerOf(at, 'tipo'));
  oneOf(input.tipo, kinds, pointerOf(at, 'tipo'));
  if (input.tipo !== TIPO.bond && !input.dataOcorrido) {
    throw invalidField(
      pointerOf(at, 'dataOcorrido'),
      t(`é obrigatório para o tipo ${input.tipo}`, `is required for tipo ${input.tipo}`),
    );
  }
  if (input.situacaoMatricula !== undefined) {
    const pointer = pointerOf(at, 'situacaoMatricula');
    oneOf(input.situacaoMatricula, await codesOf(trx, LISTS.situacoesMatricula), pointer);
    oneOf(input.situacaoMatricula, [SITUACAO_MATRICULA_OF[input.tipo]!], pointer);
  }
  if (input.situacaoRestituicao !== undefined) {
    oneOf(
      input.situacaoRestituicao,
      await codesOf(trx, LISTS.situacoesRestituicao),
      pointerOf(at, 'situacaoRestituicao'),
    );
  }
  if (input.tipo === TIPO.withdrawal || input.tipo === TIPO.bond) {
    const pointer = pointerOf(at, 'motivo');
    if (!input.motivo)
      throw invalidField(pointer, t(`é obrigatório para o tipo ${input.tipo}`, `is required for tipo ${input.tipo}`));
    oneOf(input.motivo, await codesOf(trx, LISTS.motivosSituacaoMatricula, input.tipo), pointer);
  }
  if (input.tipo === TIPO.dropout) checkReason(input.motivo, pointerOf(at, 'motivo'));
}

/** dd/mm/aaaa, as a person reads a day in a message. */
const slashDate = (day: string) => brDate(day).replaceAll('-', '/');

/** The first day of the semester before the journey's (a 2026/2 journey: 2026-01-01). */
export function earliestOccurrence(journey: { ano: number; semestre: number }): string {
  return journey.semestre === 2 ? `${journey.ano}-01-01` : `${journey.ano - 1}-07-01`;
}

/**
 * An occurrence date is a fact of this renewal (DOMAIN.md, "Actions"): not in the future (São
 * Paulo) and not before the first day of the semester before the journey's. 422 naming the range.
 */
export function checkOccurrence(input: SituationInput, at: Pointers, journey: { ano: number; semestre: number }): void {
  const day = input.dataOcorrido;
  if (!day) return;
  const from = earliestOccurrence(journey);
  const to = today();
  if (day >= from && day <= to) return;
  const pointer = pointerOf(at, 'dataOcorrido');
  const range = t(`de ${slashDate(from)} a ${slashDate(to)}`, `from ${slashDate(from)} to ${slashDate(to)}`);
  const why =
    day > to
      ? t(`${slashDate(day)} está no futuro`, `${slashDate(day)} is in the future`)
      : t(
          `${slashDate(day)} é anterior ao semestre antes da jornada ${journey.ano}/${journey.semestre}`,
          `${slashDate(day)} is before the semester before journey ${journey.ano}/${journey.semestre}`,
        );
  throw unprocessable(
    t(
      `A data do ocorrido ${why.pt}; informe uma data ${range.pt}.`,
      `The occurrence date ${why.en}; give a date ${range.en}.`,
    ),
    {
      dataMinima: from,
      dataMaxima: to,
      errors: [{ pointer, message: t(`informe uma data ${range.pt}`, `give a date ${range.en}`) }],
    },
  );
}

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/**
 * Inactivation, dropout, cancellation and deletion need a reason a person can read later
 * (DOMAIN.md, "Actions"): 3 to 500 characters after trimming, else 422 naming the field.
 */
export function checkReason(value: string | null | undefined, pointer: string): void {
  const length = (value ?? '').trim().length;
  if (length >= REASON_MIN && length <= REASON_MAX) return;
  const message = t(
    `informe o motivo com ${REASON_MIN} a ${REASON_MAX} caracteres (sem contar espaços nas pontas); recebido ${length}`,
    `give the reason in ${REASON_MIN} to ${REASON_MAX} characters (not counting leading or trailing spaces); got ${length}`,
  );
  throw unprocessable(t(`Motivo: ${message.pt}.`, `Reason: ${message.en}.`), { errors: [{ pointer, message }] });
}

/** A dropout brings restitution forward (A); any other restitution code contradicts it. */
export function checkDropoutRestitution(input: SituationInput, at: Pointers): void {
  if (input.tipo === TIPO.dropout && input.situacaoRestituicao !== undefined && input.situacaoRestituicao !== 'A') {
    throw unprocessable(
      t(
        `${pointerOf(at, 'situacaoRestituicao')}: uma evasão (tipo E) antecipa a restituição, então situacao-restituicao deve ser A (ou ser omitida).`,
        `${pointerOf(at, 'situacaoRestituicao')}: a dropout (tipo E) brings restitution forward, so situacao-restituicao must be A (or be left out).`,
      ),
    );
  }
}

export interface LockCounters {
  semestres_trancados: number;
  trancamentos_consecutivos: number;
  max_semestres_trancamento: number;
  max_trancamentos_consecutivos: number;
}

/**
 * The convênio's limits on locks (DOMAIN.md, "Locks"), checked before one more locked semester
 * however it is entered (lock, status change to lock, keep lock): the total over the contract and
 * the run of consecutive locked semesters. 422 naming the limit.
 */
export function checkLockLimits(contract: LockCounters): void {
  if (contract.semestres_trancados + 1 > contract.max_semestres_trancamento) {
    throw unprocessable(
      t(
        `Este contrato já tem ${contract.semestres_trancados} semestres trancados; o convênio permite no máximo ${contract.max_semestres_trancamento}.`,
        `This contract already has ${contract.semestres_trancados} locked semesters; the convênio allows at most ${contract.max_semestres_trancamento}.`,
      ),
      { limite: 'max_semestres_trancamento', maximo: contract.max_semestres_trancamento },
    );
  }
  if (contract.trancamentos_consecutivos + 1 > contract.max_trancamentos_consecutivos) {
    throw unprocessable(
      t(
        `Este contrato já tem ${contract.trancamentos_consecutivos} semestres trancados seguidos; o convênio permite no máximo ${contract.max_trancamentos_consecutivos} seguidos.`,
        `This contract already has ${contract.trancamentos_consecutivos} consecutive locked semesters; the convênio allows at most ${contract.max_trancamentos_consecutivos} in a row.`,
      ),
      { limite: 'max_trancamentos_consecutivos', maximo: contract.max_trancamentos_consecutivos },
    );
  }
}
