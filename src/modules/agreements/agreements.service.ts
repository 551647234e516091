import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import * as preferences from '../preferences/preferences.repository.js';
import * as repo from './agreements.repository.js';
import type { BetaAgreementSchema } from './agreements.schemas.js';

type Agreement = Static<typeof BetaAgreementSchema>;

function toAgreement(row: repo.AgreementRow, defaultId: number | null): Agreement {
  return {
    id: row.id,
    nome: row.nome,
    ieId: row.ie_id,
    grupoIeId: row.grupo_ie_id,
    produto: row.produto,
    taxaMensal: row.taxa_mensal,
    regimeAcumulo: row.regime_acumulo,
    limites: {
      maxSemestresTrancamento: row.max_semestres_trancamento,
      maxTrancamentosConsecutivos: row.max_trancamentos_consecutivos,
    },
    janelaDias: row.janela_dias,
    ativo: row.ativo,
    padrao: row.id === defaultId,
  };
}

async function defaultId(db: Db, caller: Caller) {
  return (await preferences.getPreference(db, caller.sub))?.convenio_id ?? null;
}

export async function list(db: Db, caller: Caller, ativo?: boolean) {
  const rows = await repo.listAgreements(db, caller, { ativo });
  const preferred = await defaultId(db, caller);
  return rows.map((r) => toAgreement(r, preferred));
}

/** Agreements of a group the token allows, limited to the caller's IEs in it; another group is 404. */
export async function listByGroup(db: Db, caller: Caller, grupoIeId: number, ativo?: boolean) {
  if (!(await preferences.findAllowedGroup(db, caller, grupoIeId)))
    throw notFound(t(`Grupo de IE ${grupoIeId} não encontrado.`, `IE group ${grupoIeId} not found.`));
  const rows = await repo.listAgreements(db, caller, { grupoIeId, ativo });
  const preferred = await defaultId(db, caller);
  return rows.map((r) => toAgreement(r, preferred));
}

/** Sets (without an id, clears) the caller's default agreement: an active one of the caller's IEs. */
export async function setDefault(db: Db, caller: Caller, convenioId: number | undefined) {
  return db.transaction().execute(async (trx) => {
    const row = convenioId === undefined ? null : await repo.findAgreement(trx, caller, convenioId);
    if (row === undefined)
      throw notFound(t(`Convênio ${convenioId} não encontrado.`, `Agreement ${convenioId} not found.`));
    if (row && !row.ativo) {
      throw unprocessable(
        t(
          `O convênio ${row.id} está inativo; escolha um convênio ativo como padrão.`,
          `Agreement ${row.id} is inactive; choose an active agreement as the default.`,
        ),
      );
    }
    await preferences.saveAgreement(trx, caller.sub, row?.id ?? null);
    return { convenio: row ? toAgreement(row, row.id) : null };
  });
}

export async function getDefault(db: Db, caller: Caller) {
  const preferred = await defaultId(db, caller);
  const row = preferred === null ? undefined : await repo.findAgreement(db, caller, preferred);
  return { convenio: row ? toAgreement(row, preferred) : null };
}
