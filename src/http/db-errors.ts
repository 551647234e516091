import { isConnectionLoss } from '../db/connection-loss.js';
import { AppError } from './errors.js';
import { t } from './i18n.js';

/** Seconds a client is told to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;

/** The answer while the database is unreachable (lost connection, restart, failover): retry soon. */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'database-unavailable',
    t(
      `O banco de dados está indisponível no momento (reinício ou troca de servidor); nada foi alterado por esta requisição ou ela não foi confirmada. Repita em ${DATABASE_RETRY_AFTER_S} segundos, com a mesma Idempotency-Key.`,
      `The database is unavailable right now (restart or failover); this request changed nothing or was not confirmed. Retry in ${DATABASE_RETRY_AFTER_S} seconds, with the same Idempotency-Key.`,
    ),
    {},
    { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
  );

/**
 * Maps a database error to an AppError: a lost or unobtainable connection (connection-loss.ts) is
 * 503 with Retry-After; the rest by SQLSTATE (never by message text); null when it is not one we expect.
 */
export function fromDatabaseError(error: unknown): AppError | null {
  if (isConnectionLoss(error)) return databaseUnavailable();
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  switch (code) {
    case '23505':
    case '23P01':
      return new AppError(
        409,
        'conflict',
        t(
          'A requisição conflita com um registro que já existe.',
          'The request conflicts with a record that already exists.',
        ),
      );
    case '23503':
      return new AppError(
        422,
        'rule-violated',
        t(
          'A requisição se refere a um registro que não existe.',
          'The request refers to a record that does not exist.',
        ),
      );
    case '23514':
    case '23502':
      return new AppError(
        422,
        'rule-violated',
        t(
          'A requisição viola uma regra dos dados (falta um valor ou um valor está fora do intervalo).',
          'The request breaks a rule of the data (a value is missing or out of range).',
        ),
      );
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return new AppError(
        400,
        'bad-request',
        t(
          'Um valor da requisição não é válido para o seu tipo ou intervalo.',
          'A value in the request is not valid for its type or range.',
        ),
      );
    // PostgreSQL keeps no NUL (U+0000) in text (22021) or jsonb (22P05): a text carrying one is bad input.
    case '22021':
    case '22P05':
      return new AppError(
        400,
        'bad-request',
        t(
          'Um texto da requisição contém um caractere nulo (\\u0000), que não é aceito; remova-o e envie de novo.',
          'A text in the request contains a null character (\\u0000), which is not accepted; remove it and send again.',
        ),
      );
    case '40001':
    case '40P01':
      return new AppError(
        409,
        'concurrent-change',
        t(
          'Outra alteração no mesmo registro aconteceu ao mesmo tempo; tente novamente.',
          'Another change to the same record happened at the same time; try again.',
        ),
      );
    case '55P03':
      return new AppError(
        409,
        'concurrent-change',
        t(
          'O registro está sendo alterado por outra requisição; tente novamente.',
          'The record is being changed by another request; try again.',
        ),
      );
    case '57014':
      return new AppError(
        503,
        'timeout',
        t(
          'A consulta demorou demais e foi cancelada; restrinja a requisição e tente novamente.',
          'The query took too long and was cancelled; narrow the request and try again.',
        ),
        {},
        { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
      );
    default:
      return null;
  }
}
