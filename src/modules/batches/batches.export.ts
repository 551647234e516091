import type { Row } from '../../db/schema.js';
import { type Lang, t } from '../../http/i18n.js';
import type { Column } from '../exports/export.format.js';
import { rowErrorsLine } from '../values/row-errors.js';
import { VALUE_LABELS } from '../values/sheet-columns.js';
import { VALUE_FIELDS, type ValueField } from '../values/values.rows.js';

/** The batch list as a file. */
export const BATCH_COLUMNS: Column<Row<'lote'>>[] = [
  { header: t('Lote', 'Batch'), type: 'int', value: (r) => r.id },
  { header: 'Status', type: 'text', value: (r) => r.status, width: 18 },
  { header: t('Fonte', 'Source'), type: 'text', value: (r) => r.fonte, width: 14 },
  { header: t('Origem', 'Origin'), type: 'text', value: (r) => r.origem, width: 20 },
  { header: t('Reenvio', 'Resend'), type: 'text', value: (r) => r.reenvio, width: 8 },
  { header: t('Enviado por', 'Sent by'), type: 'text', value: (r) => r.criado_por },
  { header: t('Nome de quem enviou', "Sender's name"), type: 'text', value: (r) => r.criado_por_nome, width: 30 },
  { header: t('Enviado em', 'Sent at'), type: 'datetime', value: (r) => r.created_at, width: 20 },
  { header: t('Processado em', 'Processed at'), type: 'datetime', value: (r) => r.processado_em, width: 20 },
  { header: t('Arquivo', 'File'), type: 'text', value: (r) => r.arquivo_nome, width: 30 },
  { header: 'Total', type: 'int', value: (r) => r.total },
  { header: t('Sucesso', 'Success'), type: 'int', value: (r) => r.sucesso },
  { header: t('Erro', 'Error'), type: 'int', value: (r) => r.erro },
  { header: t('Pendente', 'Pending'), type: 'int', value: (r) => r.pendente },
  { header: t('Aceitas', 'Accepted'), type: 'int', value: (r) => r.aceitas },
  { header: t('Recusadas', 'Rejected'), type: 'int', value: (r) => r.recusadas },
];

/** Built from the stored rule codes, in the language the file was asked in. */
const errorsText = (r: Row<'lote_linha'>, lang: Lang) => rowErrorsLine(r.erros, lang);

/** A batch's rows and their outcome as a file. */
export const BATCH_ROW_COLUMNS: Column<Row<'lote_linha'>>[] = [
  { header: t('Linha', 'Row'), type: 'int', value: (r) => r.linha, width: 8 },
  { header: 'brbId', type: 'int', value: (r) => r.brb_id },
  { header: t('Estudante', 'Student'), type: 'text', value: (r) => r.nome_estudante, width: 36 },
  { header: t('Resultado', 'Outcome'), type: 'text', value: (r) => r.resultado, width: 12 },
  { header: t('Processamento', 'Processing'), type: 'text', value: (r) => r.processamento, width: 14 },
  { header: t('Erros', 'Errors'), type: 'text', value: errorsText, width: 60 },
  { header: t('Motivo da recusa', 'Rejection reason'), type: 'text', value: (r) => r.motivo_recusa, width: 40 },
  { header: t('Valor do contrato', 'Contract value'), type: 'money', value: (r) => r.valor_contrato },
  { header: t('Processado em', 'Processed at'), type: 'datetime', value: (r) => r.processado_em, width: 20 },
];

/**
 * The rows with errors as the values sheet: exactly the import template's columns and Portuguese
 * headers (VALUE_LABELS, which the importer reads back), the values as the IE sent them, so the IE
 * fixes the cells and uploads the file again. Money and percentages in comma decimals, which the
 * importer reads; contratoAnual as S/N.
 */
const SHEET_VALUES: Record<ValueField, Column<Row<'lote_linha'>>> = {
  brbId: { header: VALUE_LABELS.brbId, type: 'int', value: (r) => r.brb_id },
  nomeEstudante: { header: VALUE_LABELS.nomeEstudante, type: 'text', value: (r) => r.nome_estudante, width: 36 },
  qtdParcelasCobertura: {
    header: VALUE_LABELS.qtdParcelasCobertura,
    type: 'int',
    value: (r) => r.qtd_parcelas_cobertura,
  },
  qtdCreditos: { header: VALUE_LABELS.qtdCreditos, type: 'int', value: (r) => r.qtd_creditos },
  valorContrato: { header: VALUE_LABELS.valorContrato, type: 'money', value: (r) => r.valor_contrato },
  valorCtrPrestServico: {
    header: VALUE_LABELS.valorCtrPrestServico,
    type: 'money',
    value: (r) => r.valor_ctr_prest_servico,
  },
  percentualConcedido: {
    header: VALUE_LABELS.percentualConcedido,
    type: 'number',
    value: (r) => r.percentual_concedido,
  },
  parcMeses: { header: VALUE_LABELS.parcMeses, type: 'text', value: (r) => r.parc_meses },
  idCurso: { header: VALUE_LABELS.idCurso, type: 'int', value: (r) => r.id_curso },
  regimeContrato: { header: VALUE_LABELS.regimeContrato, type: 'text', value: (r) => r.regime_contrato },
  contratoAnual: { header: VALUE_LABELS.contratoAnual, type: 'text', value: (r) => r.contrato_anual },
  motivoReenvio: { header: VALUE_LABELS.motivoReenvio, type: 'text', value: (r) => r.motivo_reenvio },
  motivo: { header: VALUE_LABELS.motivo, type: 'text', value: (r) => r.motivo },
  serieSemestre: { header: VALUE_LABELS.serieSemestre, type: 'text', value: (r) => r.serie_semestre },
};
export const ERROR_SHEET_COLUMNS = VALUE_FIELDS.map((f) => SHEET_VALUES[f]);
