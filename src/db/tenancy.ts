import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Caller } from '../http/auth.js';

/**
 * The one place tenancy is enforced in queries: an IE or API caller sees rows of its own IEs only;
 * an operator sees all. Use it on every query that reads or changes IE data, e.g.
 * `.where((eb) => inCallerIes(eb, 'entrada_jornada.ie_id', caller))`.
 */
export function inCallerIes<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  caller: Pick<Caller, 'all' | 'ies'>,
): Expression<SqlBool> {
  if (caller.all) return sql<boolean>`true`;
  return eb(eb.ref(column as never), '=', eb.fn('any', [sql`${caller.ies}::int8[]`]) as never);
}

/** True when the caller may act on rows of the given IE. */
export function callerHasIe(caller: Pick<Caller, 'all' | 'ies'>, ieId: number): boolean {
  return caller.all || caller.ies.includes(ieId);
}
