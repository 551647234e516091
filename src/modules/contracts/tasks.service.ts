import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import { type Text, t } from '../../http/i18n.js';
import { findProcess } from './contracts.repository.js';
import { processNotFound } from './contracts.service.js';
import { brDate, readEnrolmentRequestData } from './request-data.js';
import * as repo from './tasks.repository.js';
import type { PreviousLock } from './tasks.schemas.js';

const WITHDRAWAL_REASONS = 'motivo-situacao-matricula';

const taskOut = (t: repo.TaskRow) => ({
  id: t.id,
  solicitacaoId: t.solicitacao_id,
  tipo: t.tipo,
  status: t.status,
  descricao: t.descricao,
  dados: (t.dados ?? {}) as Record<string, unknown>,
  criadaEm: t.created_at.toISOString(),
  concluidaEm: t.concluida_em?.toISOString() ?? null,
});

const requestOut = (r: repo.RequestRow) => ({
  id: r.id,
  tipo: r.tipo,
  status: r.status,
  processoId: r.processo_id,
  brbId: r.entrada_id,
  criadaPor: r.criada_por,
  criadaEm: r.created_at.toISOString(),
  concluidaEm: r.concluida_em?.toISOString() ?? null,
});

const waitingReasonOut = (r: repo.RequestRow) =>
  r.motivo_espera ? { codigo: r.motivo_espera, descricao: r.motivo_espera_descricao ?? r.motivo_espera } : null;

export async function openTasks(db: Db, caller: Caller, processId: number) {
  const process = await findProcess(db, caller, processId);
  if (!process) throw processNotFound(processId);
  const tasks = await repo.openTasksOfProcess(db, caller, processId);
  return {
    processoId: process.id,
    brbId: process.entrada_id,
    existeTarefaAberta: tasks.length > 0,
    tarefas: tasks.map(taskOut),
  };
}

/** A request of the wrong kind is not found *as such*: the message says which operation fits it. */
function wrongKind(solicitacaoId: number, expected: Text, hint: Text) {
  return new AppError(
    404,
    'not-found',
    t(
      `A solicitação ${solicitacaoId} não é de ${expected.pt}; ${hint.pt}`,
      `Request ${solicitacaoId} is not a ${expected.en} request; ${hint.en}`,
    ),
  );
}

export async function withdrawalDetails(db: Db, caller: Caller, solicitacaoId: number) {
  const request = await repo.findRequest(db, caller, solicitacaoId);
  if (!request)
    throw notFound(t(`Solicitação ${solicitacaoId} não encontrada.`, `Request ${solicitacaoId} not found.`));
  if (request.tipo !== 'AFASTAMENTO_EVASAO') {
    throw wrongKind(
      solicitacaoId,
      t('afastamento/evasão (AFASTAMENTO_EVASAO)', 'withdrawal/dropout (AFASTAMENTO_EVASAO)'),
      request.tipo === 'TRANCAMENTO'
        ? t(
            'para uma solicitação de trancamento use /s/v1/tarefas/detalhes-trancamento/{solicitationId}.',
            'for a lock request use /s/v1/tarefas/detalhes-trancamento/{solicitationId}.',
          )
        : t('confira o id.', 'check the id.'),
    );
  }
  const data = readEnrolmentRequestData(request.dados);
  const motivoDescricao =
    data.tipo === 'F' && data.motivo ? await repo.referenceDescription(db, WITHDRAWAL_REASONS, data.motivo) : null;
  const tasks = await repo.tasksOfRequest(db, caller, solicitacaoId);
  return {
    solicitacao: requestOut(request),
    dados: {
      tipo: data.tipo,
      motivo: data.motivo,
      motivoDescricao,
      situacaoMatricula: data.situacaoMatricula,
      situacaoRestituicao: data.situacaoRestituicao,
      dataOcorrido: brDate(data.dataOcorrido),
      caminhoArquivo: data.caminhoArquivo,
    },
    motivoEspera: waitingReasonOut(request),
    tarefas: tasks.map(taskOut),
  };
}

export async function lockDetails(db: Db, caller: Caller, solicitacaoId: number) {
  const request = await repo.findRequest(db, caller, solicitacaoId);
  if (!request)
    throw notFound(t(`Solicitação ${solicitacaoId} não encontrada.`, `Request ${solicitacaoId} not found.`));
  if (request.tipo !== 'TRANCAMENTO') {
    throw wrongKind(
      solicitacaoId,
      t('trancamento (TRANCAMENTO)', 'lock (TRANCAMENTO)'),
      request.tipo === 'AFASTAMENTO_EVASAO'
        ? t(
            'para uma solicitação de afastamento/evasão use /s/v1/tarefas/detalhes/{solicitationId}.',
            'for a withdrawal/dropout request use /s/v1/tarefas/detalhes/{solicitationId}.',
          )
        : t('confira o id.', 'check the id.'),
    );
  }
  const data = readEnrolmentRequestData(request.dados);
  const tasks = (await repo.tasksOfRequest(db, caller, solicitacaoId)).map(taskOut);
  return {
    solicitacao: requestOut(request),
    situacaoEntrada: request.entrada_situacao,
    motivoEntrada: request.entrada_motivo,
    concluida: request.status !== 'EM_ANDAMENTO',
    tarefasEmAberto: tasks.filter((t) => t.status === 'PENDENTE' || t.status === 'EM_ANALISE').length,
    dados: {
      situacaoMatricula: data.situacaoMatricula,
      dataOcorrido: brDate(data.dataOcorrido),
      caminhoArquivo: data.caminhoArquivo,
    },
    motivoEspera: waitingReasonOut(request),
    tarefas: tasks,
  };
}

/**
 * The bolsa's most recent lock before the process's period. "None" is an answer, not an error:
 * 200 with existe false. A process and bolsa that do not belong together (or to the caller) is 404.
 */
export async function previousLock(db: Db, caller: Caller, processId: number, bolsaId: number): Promise<PreviousLock> {
  const process = await repo.findProcessOfBolsa(db, caller, processId, bolsaId);
  if (!process)
    throw notFound(
      t(
        `Processo de renovação ${processId} com a bolsa ${bolsaId} não encontrado.`,
        `Renewal process ${processId} with bolsa ${bolsaId} not found.`,
      ),
    );
  const entry = await repo.previousLockedEntry(db, caller, bolsaId, process.ano, process.semestre);
  if (!entry) return { existe: false, trancamento: null };
  const eventAt = await repo.lockedAt(db, caller, entry.id);
  const request = await repo.lockRequestOfEntry(db, caller, entry.id);
  const data = request ? readEnrolmentRequestData(request.dados) : null;
  return {
    existe: true,
    trancamento: {
      brbId: entry.id,
      processoId: entry.processo_id,
      jornada: { id: entry.jornada_id, ano: entry.ano, semestre: entry.semestre },
      trancadoEm: (eventAt ?? request?.created_at)?.toISOString() ?? null,
      solicitacao:
        request && data
          ? {
              id: request.id,
              status: request.status,
              criadaEm: request.created_at.toISOString(),
              dataOcorrido: brDate(data.dataOcorrido),
              caminhoArquivo: data.caminhoArquivo,
            }
          : null,
    },
  };
}
