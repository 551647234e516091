import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import * as repo from './preferences.repository.js';

/** Sets (or, without a group, clears) the caller's default IE group; a group the token does not allow is 404. */
export async function setGroup(db: Db, caller: Caller, grupoIeId: number | undefined) {
  return db.transaction().execute(async (trx) => {
    const group = grupoIeId === undefined ? null : await repo.findAllowedGroup(trx, caller, grupoIeId);
    if (group === undefined)
      throw notFound(t(`Grupo de IE ${grupoIeId} não encontrado.`, `IE group ${grupoIeId} not found.`));
    await repo.saveGroup(trx, caller.sub, group?.id ?? null);
    return { grupoIe: group };
  });
}

/** The stored group, only while the token still allows it: a user moved to another group sees none. */
export async function getGroup(db: Db, caller: Caller) {
  const preference = await repo.getPreference(db, caller.sub);
  if (!preference?.grupo_ie_id) return { grupoIe: null };
  return { grupoIe: (await repo.findAllowedGroup(db, caller, preference.grupo_ie_id)) ?? null };
}
