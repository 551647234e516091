import type { Db } from '../../db/database.js';
import { callerHasIe } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import * as repo from './reference.repository.js';

/** A named IE must be one of the caller's: another IE's id answers 404, like an unknown one. */
function checkIe(caller: Caller, ieId: number | undefined) {
  if (ieId !== undefined && !callerHasIe(caller, ieId))
    throw notFound(t(`IE ${ieId} não encontrada.`, `IE ${ieId} not found.`));
}

export async function campuses(db: Db, caller: Caller, ieId?: number) {
  checkIe(caller, ieId);
  const rows = await repo.listCampuses(db, caller, ieId);
  return rows.map((r) => ({ id: r.id, ieId: r.ie_id, nome: r.nome, cidade: r.cidade, uf: r.uf }));
}

export async function courses(db: Db, caller: Caller, ieId?: number) {
  checkIe(caller, ieId);
  const rows = await repo.listCourses(db, caller, ieId);
  return rows.map((r) => ({
    id: r.id,
    ieId: r.ie_id,
    campusId: r.campus_id,
    turnoId: r.turno_id,
    nome: r.nome,
    grau: r.grau,
    duracaoSemestres: r.duracao_semestres,
  }));
}

export async function shifts(db: Db, caller: Caller, ieId?: number) {
  checkIe(caller, ieId);
  return repo.listShifts(db, caller, ieId);
}

export async function codeList(db: Db, lista: repo.ListName) {
  const rows = await repo.listReference(db, lista);
  return rows.map(({ codigo, descricao }) => ({ codigo, descricao }));
}

export async function reasons(db: Db, tipo?: string) {
  const rows = await repo.listReference(db, repo.LISTS.motivosSituacaoMatricula);
  return rows
    .map((r) => ({ codigo: r.codigo, descricao: r.descricao, tipo: String(r.dados.tipo ?? '') }))
    .filter((r) => tipo === undefined || r.tipo === tipo);
}

export async function allowedSituations(db: Db, exclusaoCancelamento?: boolean) {
  const rows = await repo.listReference(db, repo.LISTS.situacoesAcao);
  return rows
    .filter((r) => exclusaoCancelamento === undefined || Boolean(r.dados.exclusaoCancelamento) === exclusaoCancelamento)
    .map((r) => ({ statusTypeIds: (r.dados.statusTypeIds as string[]) ?? [], description: r.descricao, id: r.codigo }));
}
