import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';

type Conn = Kysely<Database>;

export function getPreference(db: Conn, usuario: string) {
  return db
    .selectFrom('preferencia_usuario')
    .select(['grupo_ie_id', 'convenio_id'])
    .where('usuario', '=', usuario)
    .executeTakeFirst();
}

/**
 * The IE group if the token allows it: the token's grupoIe claim, or the group of one of the
 * token's IEs; an operator may name any existing group. Undefined otherwise (the caller answers 404).
 */
export function findAllowedGroup(db: Conn, caller: Caller, grupoIeId: number) {
  return db
    .selectFrom('grupo_ie as g')
    .select(['g.id', 'g.nome'])
    .where('g.id', '=', grupoIeId)
    .where((eb) =>
      caller.all
        ? sql<boolean>`true`
        : eb.or([
            eb('g.id', '=', caller.grupoIe ?? 0),
            eb.exists(
              eb
                .selectFrom('ie')
                .select('ie.id')
                .whereRef('ie.grupo_ie_id', '=', 'g.id')
                .where('ie.id', '=', eb.fn('any', [sql`${caller.ies}::int8[]`]) as never),
            ),
          ]),
    )
    .executeTakeFirst();
}

export async function saveGroup(db: Conn, usuario: string, grupoIeId: number | null) {
  await db
    .insertInto('preferencia_usuario')
    .values({ usuario, grupo_ie_id: grupoIeId })
    .onConflict((oc) => oc.column('usuario').doUpdateSet({ grupo_ie_id: grupoIeId, updated_at: sql<Date>`now()` }))
    .execute();
}

export async function saveAgreement(db: Conn, usuario: string, convenioId: number | null) {
  await db
    .insertInto('preferencia_usuario')
    .values({ usuario, convenio_id: convenioId })
    .onConflict((oc) => oc.column('usuario').doUpdateSet({ convenio_id: convenioId, updated_at: sql<Date>`now()` }))
    .execute();
}
