import { answered, t } from '../../http/i18n.js';
import { moneyJsonOrNull } from '../../lib/money.js';
import type { BatchResult } from './batch-result.js';
import { rowErrorsOut } from './row-errors.js';
import type { ValuesSentRow } from './values.repository.js';
import type { RowError } from './values.tables.js';

/** Batch result → interface shapes. The interface's spellings live here and in the schemas only. */
function batchFields(result: BatchResult) {
  return {
    registrosComSucesso: result.sucesso,
    registrosComErro: result.erro,
    registrosPendentes: result.pendente,
    erro:
      result.erro === 0
        ? ''
        : t(
            `${result.erro} de ${result.total} linhas não foram aceitas; veja linhasComErro, corrija-as e envie essas linhas de novo.`,
            `${result.erro} of ${result.total} rows were not accepted; see linhasComErro, correct them and send those rows again.`,
          ),
    linhasComErro: result.linhasComErro,
    linhasPendenteFundacred: result.linhasPendentes,
    lote: result.lote,
  };
}

/** FillValuesOutDto: the batch counts plus every row's outcome. */
export function toFillValuesOut(result: BatchResult) {
  return answered({ ...batchFields(result), resultados: result.resultados ?? [] });
}

/** Interface 2.6 response. */
export function toSendValuesV3Out(result: BatchResult) {
  return answered({
    ...batchFields(result),
    trancamento: result.trancamento ?? { resultado: 'NAO_INFORMADO' as const, erro: '' },
  });
}

export function toImportOut(
  result: BatchResult,
  arquivo: { nome: string; formato: 'csv' | 'xlsx'; linhas: number; codificacao?: 'utf-8' | 'windows-1252' },
) {
  return answered({ ...batchFields(result), arquivo });
}

export function toValuesSent(row: ValuesSentRow) {
  return answered({
    lote: row.lote_id,
    linha: row.linha,
    origem: row.origem,
    reenvio: row.reenvio,
    enviadoEm: row.enviado_em.toISOString(),
    enviadoPor: row.enviado_por,
    resultado: row.resultado!,
    erros: rowErrorsOut(row.erros as RowError[]),
    processamento: row.processamento,
    motivoRecusa: row.motivo_recusa,
    processadoEm: row.processado_em?.toISOString() ?? null,
    aditivo:
      row.aditivo_id === null
        ? null
        : {
            id: row.aditivo_id,
            status: row.aditivo_status!,
            valor: moneyJsonOrNull(row.aditivo_valor)!,
            geradoEm: row.aditivo_gerado_em!.toISOString(),
            assinadoEm: row.aditivo_assinado_em?.toISOString() ?? null,
          },
    valores: {
      nomeEstudante: row.nome_estudante,
      qtdParcelasCobertura: row.qtd_parcelas_cobertura,
      qtdCreditos: row.qtd_creditos,
      valorContrato: moneyJsonOrNull(row.valor_contrato),
      valorCtrPrestServico: moneyJsonOrNull(row.valor_ctr_prest_servico),
      percentualConcedido: row.percentual_concedido === null ? null : Number(row.percentual_concedido),
      parcMeses: row.parc_meses,
      idCurso: row.id_curso,
      regimeContrato: row.regime_contrato,
      contratoAnual: row.contrato_anual,
      motivoReenvio: row.motivo_reenvio,
      motivo: row.motivo,
      serieSemestre: row.serie_semestre,
    },
  });
}
