import type { Db } from '../../db/database.js';
import type { TipoSolicitacao } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import * as repo from './contracts.repository.js';
import type { ContractStatus, InProgress } from './contracts.schemas.js';

export const entryNotFound = (brbId: number) =>
  notFound(t(`Contrato com brbId ${brbId} não encontrado.`, `Contract with brbId ${brbId} not found.`));
export const processNotFound = (processId: number) =>
  notFound(t(`Processo de renovação ${processId} não encontrado.`, `Renewal process ${processId} not found.`));

export async function contractStatus(db: Db, caller: Caller, brbId: number): Promise<ContractStatus> {
  const row = await repo.findEntryStatus(db, caller, brbId);
  if (!row) throw entryNotFound(brbId);
  const aditivo = await repo.latestAddendum(db, caller, brbId);
  return {
    brbId: row.id,
    situacao: row.situacao,
    motivo: row.motivo,
    aba: row.aba,
    processoId: row.processo_id,
    tags: row.tags,
    atualizadoEm: row.updated_at.toISOString(),
    jornada: {
      id: row.jornada_id,
      tipo: row.jornada_tipo,
      ano: row.ano,
      semestre: row.semestre,
      status: row.jornada_status,
      janelaInicio: row.janela_inicio,
      janelaFim: row.janela_fim,
    },
    contrato: {
      id: row.contrato_id,
      numero: row.numero,
      status: row.contrato_status,
      previsaoFormatura: row.previsao_formatura,
      inicioRestituicao: row.inicio_restituicao,
      semestresTrancados: row.semestres_trancados,
      trancamentosConsecutivos: row.trancamentos_consecutivos,
    },
    bolsa: {
      id: row.bolsa_id,
      codBolsa: row.cod_bolsa,
      matricula: row.matricula,
      situacaoMatricula: row.situacao_matricula,
    },
    aditivo: aditivo
      ? {
          id: aditivo.id,
          ano: aditivo.ano,
          semestre: aditivo.semestre,
          status: aditivo.status,
          // numeric(14,2) as text: a JSON number with the same two decimals, never computed on.
          valor: Number(aditivo.valor),
          geradoEm: aditivo.gerado_em.toISOString(),
          assinadoEm: aditivo.assinado_em?.toISOString() ?? null,
        }
      : null,
    estudante: { nome: row.estudante_nome, cpf: row.cpf },
    ie: { id: row.ie_id, nome: row.ie_nome, sigla: row.ie_sigla },
    curso: { id: row.curso_id, nome: row.curso_nome },
    campus: { id: row.campus_id, nome: row.campus_nome },
    turno: { id: row.turno_id, codigo: row.turno_codigo, nome: row.turno_nome },
  };
}

/** Interface 2.4: REVISAO_ANALISE requests are not among its six kinds and are not reported. */
const IN_PROGRESS_FIELD: Partial<Record<TipoSolicitacao, keyof InProgress>> = {
  ENVIO_VALORES: 'envioValores',
  TRANCAMENTO: 'trancamento',
  AFASTAMENTO_EVASAO: 'afastamentoEvasao',
  PREVISAO_FORMATURA: 'previsaoFormatura',
  MANUTENCAO_VINCULO: 'manutencaoVinculo',
  ASSINATURA_CONTRATO_ANTERIOR: 'assinaturaContratoAnterior',
};

export async function entryInProgress(db: Db, caller: Caller, brbId: number): Promise<InProgress> {
  if (!(await repo.entryVisible(db, caller, brbId))) throw entryNotFound(brbId);
  const answer: InProgress = {
    envioValores: false,
    trancamento: false,
    afastamentoEvasao: false,
    previsaoFormatura: false,
    manutencaoVinculo: false,
    assinaturaContratoAnterior: false,
  };
  for (const tipo of await repo.inProgressKinds(db, caller, brbId)) {
    const field = IN_PROGRESS_FIELD[tipo];
    if (field) answer[field] = true;
  }
  return answer;
}

export async function processInProgress(db: Db, caller: Caller, processId: number) {
  if (!(await repo.findProcess(db, caller, processId))) throw processNotFound(processId);
  const rows = await repo.processRequestsInProgress(db, caller, processId);
  return {
    existeAndamento: rows.length > 0,
    solicitacoes: rows.map((r) => ({ id: r.id, tipo: r.tipo, criadaEm: r.created_at.toISOString() })),
  };
}

export async function processTimeline(db: Db, caller: Caller, processId: number) {
  const process = await repo.findProcess(db, caller, processId);
  if (!process) throw processNotFound(processId);
  const events = await repo.timeline(db, caller, processId);
  return {
    processoId: process.id,
    brbId: process.entrada_id,
    eventos: events.map((e) => ({
      id: e.id,
      acao: e.acao,
      situacaoAnterior: e.situacao_anterior,
      motivoAnterior: e.motivo_anterior,
      situacaoNova: e.situacao_nova,
      motivoNovo: e.motivo_novo,
      usuario: e.usuario,
      usuarioNome: e.usuario_nome,
      detalhes: (e.detalhes ?? {}) as Record<string, unknown>,
      dataHora: e.created_at.toISOString(),
    })),
  };
}
