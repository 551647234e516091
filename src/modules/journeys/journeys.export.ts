import { t } from '../../http/i18n.js';
import type { Column } from '../exports/export.format.js';
import type { journeysExportQuery } from './journeys.repository.js';

type Row = Awaited<ReturnType<ReturnType<typeof journeysExportQuery>['execute']>>[number];

/** The journey list as a file: one row per journey, in the list's order (newest period first). */
export const JOURNEY_COLUMNS: Column<Row>[] = [
  { header: t('Jornada', 'Journey'), type: 'int', value: (r) => r.id, width: 10 },
  { header: 'IE', type: 'int', value: (r) => r.ie_id, width: 8 },
  { header: t('Nome da IE', 'IE name'), type: 'text', value: (r) => r.ie_nome, width: 36 },
  { header: t('Sigla', 'Acronym'), type: 'text', value: (r) => r.ie_sigla, width: 10 },
  { header: t('Tipo', 'Type'), type: 'text', value: (r) => r.tipo },
  { header: t('Descrição do tipo', 'Type description'), type: 'text', value: (r) => r.tipo_descricao, width: 30 },
  { header: t('Ano', 'Year'), type: 'int', value: (r) => r.ano, width: 8 },
  { header: t('Semestre', 'Semester'), type: 'int', value: (r) => r.semestre, width: 8 },
  { header: 'Status', type: 'text', value: (r) => r.status, width: 12 },
  { header: t('Início da janela', 'Window start'), type: 'date', value: (r) => r.janela_inicio },
  { header: t('Fim da janela', 'Window end'), type: 'date', value: (r) => r.janela_fim },
  { header: t('Aberta por', 'Opened by'), type: 'text', value: (r) => r.aberta_por },
  { header: t('Aberta em', 'Opened at'), type: 'datetime', value: (r) => r.aberta_em, width: 20 },
  { header: t('Encerrada em', 'Closed at'), type: 'datetime', value: (r) => r.encerrada_em, width: 20 },
  { header: t('Entradas', 'Entries'), type: 'int', value: (r) => r.entradas, width: 10 },
];
