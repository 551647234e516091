import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inCallerIes } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';

type Conn = Kysely<Database>;

function visible(db: Conn, caller: Caller) {
  return db
    .selectFrom('convenio as c')
    .innerJoin('ie', 'ie.id', 'c.ie_id')
    .select([
      'c.id',
      'c.nome',
      'c.ie_id',
      'ie.grupo_ie_id',
      'c.produto',
      'c.taxa_mensal',
      'c.regime_acumulo',
      'c.max_semestres_trancamento',
      'c.max_trancamentos_consecutivos',
      'c.janela_dias',
      'c.ativo',
    ])
    .where((eb) => inCallerIes(eb, 'c.ie_id', caller));
}

export type AgreementRow = NonNullable<Awaited<ReturnType<typeof findAgreement>>>;

/** Agreements of the caller's IEs, optionally of one IE group only. */
export function listAgreements(db: Conn, caller: Caller, filter: { grupoIeId?: number; ativo?: boolean }) {
  let query = visible(db, caller);
  if (filter.grupoIeId !== undefined) query = query.where('ie.grupo_ie_id', '=', filter.grupoIeId);
  if (filter.ativo !== undefined) query = query.where('c.ativo', '=', filter.ativo);
  return query.orderBy('c.nome').orderBy('c.id').execute();
}

export function findAgreement(db: Conn, caller: Caller, id: number) {
  return visible(db, caller).where('c.id', '=', id).executeTakeFirst();
}
