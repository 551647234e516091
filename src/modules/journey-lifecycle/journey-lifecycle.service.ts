import type { Db } from '../../db/database.js';
import { callerHasIe } from '../../db/tenancy.js';
import type { Caller } from '../../http/auth.js';
import { conflict, invalidField, notFound, unprocessable } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { isCalendarDate, today } from '../../lib/business-date.js';
import { cpfField } from '../../lib/cpf-field.js';
import type { TimelineAction } from '../lifecycle/timeline-actions.js';
import { LISTS, referenceCodes } from '../reference/reference.repository.js';
import { insertEligibleEntries, NOT_RENEWABLE } from './eligible-entries.js';
import { withNamesWrittenBeside } from './entry-names.js';
import * as repo from './journey-lifecycle.repository.js';
import type { InsertBeneficiaryBody, OpenJourneyBody, RefreshJourneyBody } from './journey-lifecycle.schemas.js';
import { checkOpeningWindow, checkPeriod, lockIe, renewalWindow } from './journey-periods.js';

const BY_HAND_NOT_RENEWABLE: readonly string[] = NOT_RENEWABLE.filter((s) => s !== 'F');

export const TIMELINE_ACTIONS = {
  abertura: 'ABERTURA_JORNADA',
  atualizacao: 'ATUALIZACAO_JORNADA',
  insercao: 'INSERCAO_MANUAL',
} as const satisfies Record<string, TimelineAction>;

/** The journey type, checked against reference list 'tipo-jornada' (400 naming the allowed codes). */
async function journeyType(db: Db, fromPath: string | undefined, fromBody: string | undefined): Promise<string> {
  const allowed = await referenceCodes(db, LISTS.tiposJornada);
  const check = (value: string, pointer: string) => {
    const tipo = value.toUpperCase();
    if (!allowed.includes(tipo))
      throw invalidField(
        pointer,
        t(`deve ser um destes: ${allowed.join(', ')}`, `must be one of: ${allowed.join(', ')}`),
      );
    return tipo;
  };
  const path = fromPath === undefined ? undefined : check(fromPath, '/params/tipo');
  const body = fromBody === undefined ? undefined : check(fromBody, '/body/tipo');
  if (path && body && path !== body) {
    throw invalidField(
      '/body/tipo',
      t(`deve ser ${path} (o tipo no caminho) ou ser omitido`, `must be ${path} (the type in the path) or be omitted`),
    );
  }
  return path ?? body ?? 'RENOVACAO';
}

/** The IEs an operation applies to: the one named (404 when not the caller's), or all of the caller's. */
async function targetIes(db: Db, caller: Caller, ieId: number | undefined, alternative = t('', '')): Promise<number[]> {
  if (ieId !== undefined) {
    if (!callerHasIe(caller, ieId) || (await repo.existingIes(db, [ieId])).length === 0)
      throw notFound(t(`IE ${ieId} não encontrada.`, `IE ${ieId} not found.`));
    return [ieId];
  }
  if (caller.all)
    throw invalidField(
      '/body/ieId',
      t(`é obrigatório para um operador${alternative.pt}`, `is required for an operator${alternative.en}`),
    );
  return caller.ies;
}

function checkDate(value: string | undefined, pointer: string) {
  if (value !== undefined && !isCalendarDate(value))
    throw invalidField(pointer, t('deve ser uma data real (aaaa-mm-dd)', 'must be a real date (yyyy-mm-dd)'));
}

function toOpenedJourney(j: repo.JourneyRow, contadores: repo.SituationTotal[]) {
  return {
    id: j.id,
    ieId: j.ie_id,
    tipo: j.tipo,
    ano: j.ano,
    semestre: j.semestre,
    status: j.status,
    janelaInicio: j.janela_inicio,
    janelaFim: j.janela_fim,
    abertaPor: j.aberta_por,
    abertaEm: j.aberta_em.toISOString(),
    totalEntradas: contadores.reduce((n, c) => n + c.total, 0),
    contadores,
  };
}

/** Opens a journey of the type for the period at each target IE; all or nothing. */
export async function openJourneys(db: Db, caller: Caller, tipoPath: string | undefined, body: OpenJourneyBody) {
  const tipo = await journeyType(db, tipoPath, body.tipo);
  checkDate(body.janelaInicio, '/body/janelaInicio');
  checkDate(body.janelaFim, '/body/janelaFim');
  const now = today();
  if (body.janelaFim !== undefined && body.janelaFim < now) {
    throw invalidField(
      '/body/janelaFim',
      t(
        `não pode ser anterior a hoje (${now}): a janela fecharia imediatamente`,
        `must not be before today (${now}): the window would close at once`,
      ),
    );
  }
  if (body.janelaInicio !== undefined && body.janelaFim !== undefined && body.janelaFim < body.janelaInicio) {
    throw invalidField('/body/janelaFim', t('não pode ser anterior a janelaInicio', 'must not be before janelaInicio'));
  }
  const ieIds = await targetIes(db, caller, body.ieId);
  const existing = await repo.existingIes(db, ieIds);
  const missing = ieIds.filter((id) => !existing.some((e) => e.id === id));
  if (missing.length > 0)
    throw notFound(t(`IE ${missing.join(', ')} não encontrada.`, `IE ${missing.join(', ')} not found.`));

  return withNamesWrittenBeside(db, (names) =>
    db.transaction().execute(async (trx) => {
      const jornadas = [];
      for (const ieId of ieIds) {
        // DOMAIN.md, "Journey periods": one open journey of a type per IE, only the period right
        // after the latest, inside the convênio calendar's window (the foundation may open outside);
        // the renewal window is the convênio's unless the foundation sets it.
        await lockIe(trx, ieId);
        await checkPeriod(trx, ieId, tipo, body.ano, body.semestre);
        await checkOpeningWindow(trx, caller, ieId, body.ano, body.semestre);
        const { inicio, fim } = await renewalWindow(trx, caller, ieId, body);
        const journey = await repo.insertJourney(trx, {
          ieId,
          tipo,
          ano: body.ano,
          semestre: body.semestre,
          inicio,
          fim,
          por: caller.sub,
        });
        await insertEligibleEntries(
          trx,
          { journey, rule: repo.ruleOfType(tipo), acao: TIMELINE_ACTIONS.abertura, caller },
          names,
        );
        jornadas.push(toOpenedJourney(journey, await repo.journeyCounters(trx, journey.id)));
      }
      return { jornadas };
    }),
  );
}

/** Adds entries for contracts that became eligible since the journey opened. */
export async function refreshJourneys(db: Db, caller: Caller, body: RefreshJourneyBody) {
  const ieIds =
    body.jornadaId === undefined
      ? await targetIes(db, caller, body.ieId, t(' (ou informe jornadaId)', ' (or give jornadaId)'))
      : [];
  return withNamesWrittenBeside(db, (names) =>
    db.transaction().execute(async (trx) => {
      let journeys: repo.JourneyRow[];
      if (body.jornadaId !== undefined) {
        const journey = await repo.lockJourney(trx, caller, body.jornadaId);
        if (!journey || (body.ieId !== undefined && journey.ie_id !== body.ieId)) {
          throw notFound(t(`Jornada ${body.jornadaId} não encontrada.`, `Journey ${body.jornadaId} not found.`));
        }
        if (journey.status !== 'ABERTA') {
          throw conflict(
            t(
              `A jornada ${journey.id} está ${journey.status}: sua janela terminou em ${journey.janela_fim}.`,
              `Journey ${journey.id} is ${journey.status}: its window ended on ${journey.janela_fim}.`,
            ),
          );
        }
        journeys = [journey];
      } else {
        journeys = await repo.lockOpenJourneys(trx, ieIds);
        if (journeys.length === 0) {
          throw notFound(
            t(
              `Nenhuma jornada aberta da IE ${ieIds.join(', ')} (abra uma com POST /s/v2/renovacao/jornadas/abrir).`,
              `An open journey of IE ${ieIds.join(', ')} not found (open one with POST /s/v2/renovacao/jornadas/abrir).`,
            ),
          );
        }
      }
      const jornadas = [];
      for (const journey of journeys) {
        const added = await insertEligibleEntries(
          trx,
          { journey, rule: repo.ruleOfType(journey.tipo), acao: TIMELINE_ACTIONS.atualizacao, caller },
          names,
        );
        jornadas.push({
          jornadaId: journey.id,
          ieId: journey.ie_id,
          tipo: journey.tipo,
          ano: journey.ano,
          semestre: journey.semestre,
          adicionados: added.reduce((n, c) => n + c.total, 0),
        });
      }
      return { adicionados: jornadas.reduce((n, j) => n + j.adicionados, 0), jornadas };
    }),
  );
}

/** Inserts one beneficiary by hand, after checking it may join the journey. */
export async function insertBeneficiary(db: Db, caller: Caller, body: InsertBeneficiaryBody) {
  if (body.contratoId === undefined && body.bolsaId === undefined && body.cpf === undefined) {
    throw invalidField('/body/contratoId', t('informe contratoId, bolsaId ou cpf', 'give contratoId, bolsaId or cpf'));
  }
  const cpf = body.cpf === undefined ? undefined : cpfField(body.cpf, '/body/cpf');

  return db.transaction().execute(async (trx) => {
    const journey = await repo.lockJourney(trx, caller, body.journeyId);
    if (!journey)
      throw notFound(t(`Jornada ${body.journeyId} não encontrada.`, `Journey ${body.journeyId} not found.`));
    if (journey.status !== 'ABERTA') {
      throw conflict(
        t(
          `A jornada ${journey.id} está ${journey.status}; beneficiários só podem ser incluídos em uma jornada aberta.`,
          `Journey ${journey.id} is ${journey.status}; beneficiaries can only be inserted into an open journey.`,
        ),
      );
    }
    const found = await repo.findContracts(trx, caller, { contratoId: body.contratoId, bolsaId: body.bolsaId, cpf });
    if (found.length === 0) throw notFound(t('Contrato não encontrado.', 'Contract not found.'));
    // A student may have several contracts: prefer the journey IE's, then the active ones.
    const sameIe = found.filter((c) => c.ie_id === journey.ie_id);
    const pool = sameIe.length > 0 ? sameIe : found;
    const active = pool.filter((c) => c.status === 'ATIVO' && c.bolsa_status === 'ATIVA');
    if (active.length > 1) {
      throw unprocessable(
        t(
          `Os identificadores informados correspondem a ${active.length} contratos ativos (${active.map((c) => c.id).join(', ')}); informe contratoId.`,
          `The identifiers given match ${active.length} active contracts (${active.map((c) => c.id).join(', ')}); give contratoId.`,
        ),
      );
    }
    const contract = active[0] ?? pool[0]!;
    if (contract.ie_id !== journey.ie_id) {
      throw unprocessable(
        t(
          `O contrato ${contract.id} pertence à IE ${contract.ie_id}, mas a jornada ${journey.id} é da IE ${journey.ie_id}.`,
          `Contract ${contract.id} belongs to IE ${contract.ie_id}, but journey ${journey.id} is of IE ${journey.ie_id}.`,
        ),
      );
    }
    if (contract.status !== 'ATIVO') {
      throw unprocessable(
        t(
          `O contrato ${contract.id} está ${contract.status}; só um contrato ativo (ATIVO) pode entrar em uma jornada.`,
          `Contract ${contract.id} is ${contract.status}; only an active (ATIVO) contract can join a journey.`,
        ),
      );
    }
    if (contract.bolsa_status !== 'ATIVA') {
      throw unprocessable(
        t(
          `A bolsa ${contract.bolsa_id} do contrato ${contract.id} está ${contract.bolsa_status}; só uma bolsa ativa pode entrar em uma jornada.`,
          `The scholarship (bolsa ${contract.bolsa_id}) of contract ${contract.id} is ${contract.bolsa_status}; only an active one can join a journey.`,
        ),
      );
    }
    // By hand, a withdrawn student (F) may come back: the insert records the return.
    if (BY_HAND_NOT_RENEWABLE.includes(contract.situacao_matricula)) {
      throw unprocessable(
        t(
          `O contrato ${contract.id} não pode mais ser renovado: a situação de matrícula é ${contract.situacao_matricula} (E evadido, C concluído, I inativo).`,
          `Contract ${contract.id} can no longer be renewed: its enrolment situation is ${contract.situacao_matricula} (E dropped out, C concluded, I inactive).`,
        ),
        { situacaoMatricula: contract.situacao_matricula },
      );
    }
    const already = await repo.entryOfContract(trx, journey.id, contract.id);
    if (already) {
      throw conflict(
        t(
          `O contrato ${contract.id} já está na jornada ${journey.id} (brbId ${already.id}).`,
          `Contract ${contract.id} is already in journey ${journey.id} (brbId ${already.id}).`,
        ),
        {
          brbId: already.id,
        },
      );
    }
    await insertEligibleEntries(trx, {
      journey,
      rule: 'TODOS_ATIVOS',
      acao: TIMELINE_ACTIONS.insercao,
      caller,
      contratoIds: [contract.id],
      excluirMatricula: BY_HAND_NOT_RENEWABLE,
    });
    const entry = (await repo.entryOfContract(trx, journey.id, contract.id))!;
    return {
      brbId: entry.id,
      processoId: entry.processo_id,
      jornadaId: journey.id,
      ieId: entry.ie_id,
      contratoId: entry.contrato_id,
      bolsaId: entry.bolsa_id,
      situacao: entry.situacao,
      motivo: entry.motivo,
    };
  });
}
