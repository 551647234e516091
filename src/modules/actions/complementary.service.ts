import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { allowedActions, type EntryState } from '../lifecycle/state-machine.js';
import { LISTS, listReference } from '../reference/reference.repository.js';
import { earliestOccurrence } from './actions.rules.js';
import { entryData, lockRequestOfEntry, requestsInProgress } from './complementary.repository.js';
import { today } from './dates.js';

const codes = async (db: Db, lista: string) =>
  (await listReference(db, lista)).map((r) => ({ codigo: r.codigo, descricao: r.descricao }));

/**
 * What a user needs to fill a lock, withdrawal/dropout or bond-maintenance form for one entry:
 * who and which contract, what the state machine allows from here (through the default door and
 * through alterar-status), the requests already in progress, the lock counters against the
 * convênio's limits, and the reference codes the form offers.
 */
export async function complementaryData(db: Db, caller: Caller, brbId: number) {
  const row = await entryData(db, caller, brbId);
  if (!row)
    throw notFound(
      t(`Entrada de jornada (brbId) ${brbId} não encontrada.`, `Journey entry (brbId) ${brbId} not found.`),
    );
  const state: EntryState = { situacao: row.situacao, motivo: row.motivo };
  // The lock of this semester already recorded (a request in progress or concluded): keeping the
  // carried lock would be refused (409), so it is not offered.
  const lockRecorded = Boolean(await lockRequestOfEntry(db, row.id));
  const [requests, tipos, situacoes, restituicao, motivos] = [
    await requestsInProgress(db, row.id),
    await codes(db, LISTS.tiposSituacaoMatricula),
    await codes(db, LISTS.situacoesMatricula),
    await codes(db, LISTS.situacoesRestituicao),
    await listReference(db, LISTS.motivosSituacaoMatricula),
  ];
  return {
    brbId: row.id,
    processoId: row.processo_id,
    jornada: { id: row.jornada_id, tipo: row.jornada_tipo, ano: row.ano, semestre: row.semestre },
    situacao: row.situacao,
    motivo: row.motivo,
    aba: row.aba,
    estudante: { id: row.estudante_id, nome: row.nome, cpf: row.cpf },
    bolsa: {
      id: row.bolsa_id,
      codBolsa: row.cod_bolsa,
      matricula: row.matricula,
      situacaoMatricula: row.situacao_matricula,
      status: row.bolsa_status,
    },
    contrato: {
      id: row.contrato_id,
      numero: row.numero,
      status: row.contrato_status,
      primeiroMesCredito: row.primeiro_mes_credito,
      previsaoFormatura: row.previsao_formatura,
      inicioRestituicao: row.inicio_restituicao,
    },
    datasOcorrido: { minima: earliestOccurrence({ ano: row.ano, semestre: row.semestre }), maxima: today() },
    acoesPermitidas: allowedActions(state, 'padrao').filter((a) => a !== 'MANTER_TRANCAMENTO' || !lockRecorded),
    acoesPermitidasAlterarStatus: allowedActions(state, 'alterar-status'),
    solicitacoesEmAndamento: requests.map((r) => ({ id: r.id, tipo: r.tipo })),
    trancamentos: {
      convenioId: row.convenio_id,
      convenio: row.convenio_nome,
      semestresTrancados: row.semestres_trancados,
      maxSemestresTrancamento: row.max_semestres_trancamento,
      semestresRestantes: Math.max(0, row.max_semestres_trancamento - row.semestres_trancados),
      trancamentosConsecutivos: row.trancamentos_consecutivos,
      maxTrancamentosConsecutivos: row.max_trancamentos_consecutivos,
      manutencoesRestantes: Math.max(0, row.max_trancamentos_consecutivos - row.trancamentos_consecutivos),
    },
    referencias: {
      tipos,
      situacoesMatricula: situacoes,
      situacoesRestituicao: restituicao,
      motivos: motivos.map((r) => ({ codigo: r.codigo, descricao: r.descricao, tipo: String(r.dados.tipo ?? '') })),
    },
  };
}
