import type { Caller } from '../http/auth.js';
import type { Db } from './database.js';
import { inCallerIes } from './tenancy.js';

/**
 * One journey entry the caller may see, joined to its journey (j), contract (c), bolsa (b) and
 * student (s): the base of every read about a single entry. Callers add their joins and columns.
 */
export function callerEntry(db: Db, caller: Caller, brbId: number) {
  return db
    .selectFrom('entrada_jornada as e')
    .innerJoin('jornada as j', 'j.id', 'e.jornada_id')
    .innerJoin('contrato as c', 'c.id', 'e.contrato_id')
    .innerJoin('bolsa as b', 'b.id', 'e.bolsa_id')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .where('e.id', '=', brbId)
    .where((eb) => inCallerIes(eb, 'e.ie_id', caller));
}
