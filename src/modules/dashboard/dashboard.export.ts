import type { FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../../http/i18n.js';
import type { App } from '../../http/types.js';
import { streamQuery } from '../exports/export.cursor.js';
import type { Column, ExportFormat } from '../exports/export.format.js';
import { sendExport } from '../exports/export.http.js';
import { type ListRequest, resolveList } from './dashboard.service.js';
import { type EntryRow, pageQuery } from './list-query.js';
import { checkFilterIds, resolveScope } from './scope.js';

/** The dashboard lists' columns in a file (one row per journey entry, in the list's order). */
export const ENTRY_COLUMNS: Column<EntryRow>[] = [
  { header: 'brbId', type: 'int', value: (r) => r.id },
  { header: t('Estudante', 'Student'), type: 'text', value: (r) => r.estudante_nome, width: 36 },
  { header: 'CPF', type: 'cpf', value: (r) => r.cpf, width: 16 },
  { header: t('Matrícula', 'Enrolment'), type: 'text', value: (r) => r.matricula },
  { header: t('Curso', 'Course'), type: 'text', value: (r) => r.curso_nome, width: 30 },
  { header: 'Campus', type: 'text', value: (r) => r.campus_nome },
  { header: t('Turno', 'Shift'), type: 'text', value: (r) => r.turno_nome, width: 12 },
  { header: t('Situação', 'Situation'), type: 'text', value: (r) => r.situacao },
  { header: t('Motivo', 'Reason'), type: 'text', value: (r) => r.motivo },
  { header: t('Aba', 'Tab'), type: 'text', value: (r) => r.aba, width: 18 },
  { header: 'Tags', type: 'text', value: (r) => r.tags.join(', ') },
  { header: t('Ano', 'Year'), type: 'int', value: (r) => r.ano, width: 8 },
  { header: t('Semestre', 'Semester'), type: 'int', value: (r) => r.semestre, width: 8 },
  { header: 'IE', type: 'int', value: (r) => r.ie_id, width: 8 },
  { header: t('Contrato', 'Contract'), type: 'int', value: (r) => r.contrato_id },
  { header: t('Processo', 'Process'), type: 'int', value: (r) => r.processo_id },
  { header: t('Atualizado em', 'Updated at'), type: 'datetime', value: (r) => r.updated_at, width: 20 },
];

/** No row limit: an export is every row the filters select. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/**
 * Every entry a dashboard list selects, in its sort, as a file. The same resolution as the JSON
 * page (scope, journeys, filter ids), so another IE's journey or course is a 404 before any byte.
 */
export async function exportEntries(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  format: ExportFormat,
  filename: string,
  q: ListRequest,
) {
  const caller = request.caller;
  const f = await resolveList(app.db, caller, q);
  if (!Array.isArray(f.journeys)) await resolveScope(app.db, caller, q);
  await checkFilterIds(app.db, caller, q);
  const sort = { by: q.ordenarPor ?? 'nome', dir: q.ordem ?? 'asc' } as const;
  const empty = Array.isArray(f.journeys) && f.journeys.length === 0;
  return sendExport(request, reply, {
    format,
    filename,
    columns: ENTRY_COLUMNS,
    pump: async (sink) => {
      if (!empty)
        await streamQuery(app.db, app.config.database.kind, pageQuery(app.db, caller, f, sort, ALL_ROWS, 0), sink);
    },
  });
}
