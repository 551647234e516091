import { AppError } from './errors.js';

/** Maps a PostgreSQL error to an AppError by SQLSTATE (never by message text); null when it is not one we expect. */
export function fromDatabaseError(error: unknown): AppError | null {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  switch (code) {
    case '23505':
    case '23P01':
      return new AppError(409, 'conflict', 'The request conflicts with a record that already exists.');
    case '23503':
      return new AppError(422, 'rule-violated', 'The request refers to a record that does not exist.');
    case '23514':
    case '23502':
      return new AppError(
        422,
        'rule-violated',
        'The request breaks a rule of the data (a value is missing or out of range).',
      );
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return new AppError(400, 'bad-request', 'A value in the request is not valid for its type or range.');
    case '40001':
    case '40P01':
      return new AppError(
        409,
        'concurrent-change',
        'Another change to the same record happened at the same time; try again.',
      );
    case '55P03':
      return new AppError(409, 'concurrent-change', 'The record is being changed by another request; try again.');
    case '57014':
      return new AppError(
        503,
        'timeout',
        'The query took too long and was cancelled; narrow the request and try again.',
      );
    default:
      return null;
  }
}
