import { t } from '../../http/i18n.js';
import type { Column } from '../exports/export.format.js';
import type { TransferRow } from './transfers.repository.js';

/**
 * The monthly transfer as a file, which is also the list of the month's restitution payments: per
 * IE, one row per payment (installment k/N, paid, fee, net) then one per adjustment. "Líquido" is
 * what each row adds to the IE's transfer, so its sum per IE is the JSON's aRepassar.
 */
export const TRANSFER_COLUMNS: Column<TransferRow>[] = [
  { header: 'IE', type: 'int', value: (r) => r.ie_id, width: 8 },
  { header: t('Nome da IE', 'IE name'), type: 'text', value: (r) => r.ie_nome, width: 36 },
  { header: t('Lançamento', 'Entry'), type: 'text', value: (r) => r.tipo, width: 12 },
  { header: 'Id', type: 'int', value: (r) => r.id, width: 10 },
  { header: t('Data', 'Date'), type: 'date', value: (r) => r.dia, width: 12 },
  { header: t('Contrato', 'Contract'), type: 'int', value: (r) => r.contrato_id, width: 10 },
  { header: t('Número do contrato', 'Contract number'), type: 'text', value: (r) => r.contrato, width: 20 },
  { header: t('Estudante', 'Student'), type: 'text', value: (r) => r.estudante, width: 36 },
  { header: t('Parcela', 'Installment'), type: 'int', value: (r) => r.parcela, width: 8 },
  { header: t('Total de parcelas', 'Installments'), type: 'int', value: (r) => r.total_parcelas, width: 8 },
  { header: t('Valor pago', 'Paid'), type: 'money', value: (r) => r.valor_pago, width: 14 },
  { header: t('Taxa retida', 'Fee retained'), type: 'money', value: (r) => r.taxa_retida, width: 14 },
  { header: t('Líquido', 'Net'), type: 'money', value: (r) => r.liquido, width: 14 },
  { header: t('Descrição', 'Description'), type: 'text', value: (r) => r.descricao, width: 40 },
  {
    header: t('Competência de referência', 'Reference month'),
    type: 'text',
    value: (r) => r.competencia_referencia,
    width: 12,
  },
];
