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
  if (input.tipo === TIPO.dropout && !input.motivo?.trim()) {
    throw invalidField(
      pointerOf(at, 'motivo'),
      t(
        'é obrigatório para uma evasão (tipo E): descreva o motivo',
        'is required for a dropout (tipo E): describe the reason',
      ),
    );
  }
}

/** An occurrence date is a fact: it cannot be in the future. */
export function checkOccurrence(input: SituationInput, at: Pointers): void {
  if (input.dataOcorrido && input.dataOcorrido > today()) {
    throw unprocessable(
      t(
        `${pointerOf(at, 'dataOcorrido')}: a data de ocorrência ${brDate(input.dataOcorrido)} está no futuro; informe-a depois que tiver acontecido.`,
        `${pointerOf(at, 'dataOcorrido')}: the occurrence date ${brDate(input.dataOcorrido)} is in the future; inform it once it has happened.`,
      ),
      { errors: [{ pointer: pointerOf(at, 'dataOcorrido'), message: t('está no futuro', 'is in the future') }] },
    );
  }
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
