import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { t } from '../../http/i18n.js';
import { readDb } from '../../http/read-db.js';
import { responses, StrictObject } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { toPage } from '../dashboard/mappers.js';
import { streamQuery } from '../exports/export.cursor.js';
import type { Column } from '../exports/export.format.js';
import { exportFormat, listOrFile, sendExport } from '../exports/export.http.js';
import { type AuditFilter, auditFilterValues, auditQuery, countAudit } from './audit.repository.js';
import { AuditFilterValuesSchema, type AuditItem, AuditPageSchema, AuditQuery, auditSchemas } from './audit.schemas.js';

/**
 * The audit trail (an addition to the interface, docs/decisions.md): who changed what, when,
 * through which operation, with what outcome. Rows are written by audit.context.ts.
 */
const toItem = (r: Row<'auditoria'>): AuditItem => ({
  id: r.id,
  em: r.em.toISOString(),
  usuario: { sub: r.usuario, nome: r.usuario_nome, papel: r.papel },
  operacao: r.operacao,
  metodo: r.metodo,
  rota: r.rota,
  brbId: r.brb_id,
  loteId: r.lote_id,
  ies: r.ie_ids.map(Number),
  efetivado: r.efetivado,
  status: r.status,
  requestId: r.request_id,
});

const COLUMNS: Column<Row<'auditoria'>>[] = [
  { header: t('Quando', 'When'), type: 'datetime', value: (r) => r.em, width: 20 },
  { header: t('Usuário', 'User'), type: 'text', value: (r) => r.usuario },
  { header: t('Nome', 'Name'), type: 'text', value: (r) => r.usuario_nome, width: 30 },
  { header: t('Papel', 'Role'), type: 'text', value: (r) => r.papel, width: 10 },
  { header: t('Operação', 'Operation'), type: 'text', value: (r) => r.operacao, width: 30 },
  { header: t('Método', 'Method'), type: 'text', value: (r) => r.metodo, width: 8 },
  { header: t('Rota', 'Route'), type: 'text', value: (r) => r.rota, width: 40 },
  { header: 'brbId', type: 'int', value: (r) => r.brb_id },
  { header: t('Lote', 'Batch'), type: 'int', value: (r) => r.lote_id },
  { header: 'IEs', type: 'text', value: (r) => r.ie_ids.join(', ') },
  { header: t('Efetivado', 'Committed'), type: 'text', value: (r) => r.efetivado, width: 10 },
  { header: 'Status', type: 'int', value: (r) => r.status, width: 8 },
  { header: 'Request id', type: 'text', value: (r) => r.request_id, width: 38 },
];

async function list(db: Db, caller: Caller, q: AuditFilter & { pagina?: number; tamanho?: number }) {
  const pagina = q.pagina ?? 1;
  const tamanho = q.tamanho ?? 20;
  const [rows, total] = await Promise.all([
    auditQuery(db, caller, q, tamanho, (pagina - 1) * tamanho).execute(),
    countAudit(db, caller, q),
  ]);
  return toPage(rows.map(toItem), pagina, tamanho, total);
}

async function routes(app: App) {
  app.get(
    '/s/auditoria',
    {
      config: { roles: ['IE', 'OPERADOR'] },
      schema: {
        operationId: 'listAuditTrail',
        summary: "The audit trail of the caller's IEs (every IE for the foundation), newest first; CSV/xlsx export",
        description:
          'One row per changing request (POST, PUT, PATCH, DELETE): written in the transaction of the change, or, when ' +
          'the request committed nothing (refused, failed), after its answer with efetivado false.',
        tags: ['Audit'],
        querystring: AuditQuery,
        response: responses({ 200: listOrFile(Type.Ref(AuditPageSchema)) }),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (!format) return list(readDb(request), request.caller, request.query);
      const query = auditQuery(readDb(request), request.caller, request.query, null);
      return sendExport(request, reply, {
        format,
        filename: 'auditoria',
        columns: COLUMNS,
        pump: (sink) => streamQuery(readDb(request), app.config.database.kind, query, sink),
      });
    },
  );

  app.get(
    '/s/auditoria/filtros',
    {
      config: { roles: ['IE', 'OPERADOR'] },
      schema: {
        operationId: 'listAuditFilterValues',
        summary: 'The people and operations found in the audit trail the caller sees, to filter it by',
        tags: ['Audit'],
        querystring: StrictObject({}),
        response: responses({ 200: Type.Ref(AuditFilterValuesSchema) }),
      },
    },
    async (request) => auditFilterValues(readDb(request), request.caller),
  );
}

export const auditModule: Module = { name: 'audit', schemas: auditSchemas, routes };
