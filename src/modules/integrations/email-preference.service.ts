import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import type * as schemas from './integrations.schemas.js';

type Preference = Static<typeof schemas.EmailPreferenceSchema>;

/** The preference as saved; the routes add envioConfigurado from the service's configuration. */
type Saved = Omit<Preference, 'envioConfigurado'>;

const OFF: Saved = { ativo: false, email: null, tipos: null, ies: [] };

export async function get(db: Db, caller: Caller): Promise<Saved> {
  const row = await db
    .selectFrom('preferencia_email')
    .select(['email', 'tipos', 'ies'])
    .where('usuario', '=', caller.sub)
    .executeTakeFirst();
  if (!row) return OFF;
  return { ativo: true, email: row.email, tipos: row.tipos as Preference['tipos'], ies: row.ies.map(Number) };
}

/**
 * Saves the caller's e-mail preference. Users exist only in tokens, so the IEs whose
 * notifications to "every user" reach this user are the token's IEs at the time of saving
 * (saving again refreshes them).
 */
export async function save(db: Db, caller: Caller, body: Static<typeof schemas.EmailPreferenceBody>) {
  const values = {
    email: body.email,
    nome: caller.name || null,
    ies: caller.ies,
    tipos: body.tipos ?? null,
  };
  await db
    .insertInto('preferencia_email')
    .values({ usuario: caller.sub, ...values })
    .onConflict((oc) => oc.column('usuario').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
  return get(db, caller);
}

export async function remove(db: Db, caller: Caller) {
  await db.deleteFrom('preferencia_email').where('usuario', '=', caller.sub).execute();
}
