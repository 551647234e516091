import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { answered, t } from '../../http/i18n.js';
import { moneyJson, moneyJsonOrNull } from '../../lib/money.js';
import { toPage } from '../dashboard/mappers.js';
import { rowErrorsOut, type StoredRowError } from '../values/row-errors.js';
import * as list from './batch-list.repository.js';
import * as repo from './operator.repository.js';
import type { CHECKS } from './operator.schemas.js';

/** The foundation's batch screens: every IE's batches, and one batch's rows with what to decide on. */

export async function listBatches(db: Db, q: list.OperatorBatchFilter & { pagina?: number; tamanho?: number }) {
  const pagina = q.pagina ?? 1;
  const tamanho = q.tamanho ?? 20;
  const [rows, total] = await Promise.all([
    list.listBatches(db, q, tamanho, (pagina - 1) * tamanho),
    list.countBatches(db, q),
  ]);
  const itens = rows.map((r) => ({
    loteId: r.id,
    status: r.status,
    fonte: r.fonte,
    reenvio: r.reenvio,
    enviadoPor: { sub: r.criado_por, nome: r.criado_por_nome },
    enviadoEm: r.created_at.toISOString(),
    ies: r.ies_nomes.map((i) => ({ id: Number(i.id), nome: i.nome, sigla: i.sigla })),
    total: r.total,
    erro: r.erro,
    aguardando: r.aguardando,
    aceitas: r.aceitas,
    recusadas: r.recusadas,
  }));
  return toPage(itens, pagina, tamanho, total);
}

/**
 * The checks decideChunk ran and a row that waits for the foundation passed (values format, CPF
 * and months were checked before it): named so the operator sees what was already verified.
 */
function checksOf(r: list.DecisionRow): (typeof CHECKS)[number][] {
  if (r.resultado === 'ERRO') return [];
  const out: (typeof CHECKS)[number][] = ['ESTUDANTE_DA_IE', 'JORNADA_ABERTA', 'SEM_DUPLICIDADE'];
  out.push(r.resultado === 'PENDENTE' ? 'JA_AGUARDAVA_FUNDACAO' : 'SITUACAO_PERMITIDA');
  if (r.id_curso !== null) out.push('CURSO_CONFERE');
  if (r.parc_meses) out.push('MESES_DO_SEMESTRE');
  if (r.motivo_reenvio) out.push('REENVIO');
  return out;
}

export async function batchDetail(
  db: Db,
  loteId: number,
  filter: { processamento?: string; pagina: number; tamanho: number },
) {
  const batch = await repo.findBatch(db, loteId);
  if (!batch) throw notFound(t(`Lote ${loteId} não encontrado.`, `Batch (lote) ${loteId} not found.`));
  const [linhas, aguardando, linhasFiltradas] = await Promise.all([
    list.decisionRows(db, loteId, filter.processamento, filter.tamanho, (filter.pagina - 1) * filter.tamanho),
    list.waitingOf(db, loteId),
    list.countRows(db, loteId, filter.processamento),
  ]);
  return {
    id: batch.id,
    origem: batch.origem,
    reenvio: batch.reenvio,
    criadoPor: batch.criado_por,
    criadoEm: batch.created_at.toISOString(),
    arquivo: batch.arquivo_nome,
    status: batch.status,
    total: batch.total,
    sucesso: batch.sucesso,
    erro: batch.erro,
    pendente: batch.pendente,
    aguardando,
    aceitas: batch.aceitas,
    recusadas: batch.recusadas,
    linhasFiltradas,
    linhas: linhas.map((l) => ({
      linha: l.linha,
      brbId: l.brb_id,
      ieId: l.ie_id,
      ieSigla: l.ie_sigla,
      resultado: l.resultado ?? 'ERRO',
      // Built from the stored rule codes in both languages; the response hook picks one.
      erros: answered(rowErrorsOut(l.erros as StoredRowError[])),
      processamento: l.processamento,
      motivoRecusa: l.motivo_recusa,
      valorContrato: l.valor_contrato === null ? null : moneyJson(l.valor_contrato),
      aditivoId: l.aditivo_id,
      nomeEstudante: l.estudante_nome ?? l.nome_estudante,
      cpf: l.cpf,
      curso: l.curso_nome,
      ano: l.ano,
      semestre: l.semestre,
      numeroContrato: l.contrato_numero,
      percentualConcedido: l.percentual_concedido === null ? null : Number(l.percentual_concedido),
      valorCtrPrestServico: moneyJsonOrNull(l.valor_ctr_prest_servico),
      qtdParcelasCobertura: l.qtd_parcelas_cobertura,
      parcMeses: l.parc_meses,
      situacaoAnterior: l.situacao_anterior
        ? `${l.situacao_anterior}${l.motivo_anterior ? `/${l.motivo_anterior}` : ''}`
        : null,
      motivoReenvio: l.motivo_reenvio,
      verificacoes: checksOf(l),
    })),
  };
}
