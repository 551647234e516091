import { Type } from '@sinclair/typebox';
import { readDb } from '../../http/read-db.js';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { streamQuery } from '../exports/export.cursor.js';
import { exportFormat, fileOnly, listOrFile, sendExport } from '../exports/export.http.js';
import { BATCH_COLUMNS, BATCH_ROW_COLUMNS, ERROR_SHEET_COLUMNS } from './batches.export.js';
import * as repo from './batches.repository.js';
import * as schemas from './batches.schemas.js';
import * as service from './batches.service.js';

/**
 * The IE's own values batches (an addition to the interface, docs/decisions.md): the list, one
 * batch with its rows, and its rows with errors as a values sheet to fix and upload again. IE
 * users and IE systems see their IEs' batches; the foundation sees all.
 */
const config = { roles: ['IE', 'API', 'OPERADOR'] as const };
const tags = ['Batches'];

async function routes(app: App) {
  const kind = app.config.database.kind;

  app.get(
    '/s/lotes',
    {
      config,
      schema: {
        operationId: 'listIeBatches',
        summary: "The caller's values batches (status, counts, sender, source), newest first; CSV/xlsx export",
        tags,
        querystring: schemas.BatchListQuery,
        response: responses({ 200: listOrFile(Type.Ref(schemas.BatchPageSchema)) }),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (!format) return service.listBatches(readDb(request), request.caller, request.query);
      const query = repo.batchesQuery(readDb(request), request.caller, request.query, null);
      return sendExport(request, reply, {
        format,
        filename: 'lotes',
        columns: BATCH_COLUMNS,
        pump: (sink) => streamQuery(readDb(request), kind, query, sink),
      });
    },
  );

  app.get(
    '/s/lotes/:loteId',
    {
      config,
      schema: {
        operationId: 'getIeBatch',
        summary: "One of the caller's batches with its rows and their outcome (paged); CSV/xlsx: every row",
        tags,
        params: schemas.BatchParams,
        querystring: schemas.BatchRowsQuery,
        response: responses({ 200: listOrFile(Type.Ref(schemas.BatchDetailSchema)) }, [404]),
      },
    },
    async (request, reply) => {
      const { loteId } = request.params;
      const format = exportFormat(request);
      if (!format) return service.batchDetail(readDb(request), request.caller, loteId, request.query);
      await service.batchOf(readDb(request), request.caller, loteId);
      const query = repo.rowsQuery(readDb(request), loteId, request.query, null);
      return sendExport(request, reply, {
        format,
        filename: `lote-${loteId}`,
        columns: BATCH_ROW_COLUMNS,
        pump: (sink) => streamQuery(readDb(request), kind, query, sink),
      });
    },
  );

  app.get(
    '/s/lotes/:loteId/erros',
    {
      config,
      schema: {
        operationId: 'getIeBatchErrorSheet',
        summary:
          "The batch's refused rows (with errors, or refused by the foundation) as a values sheet to fix and upload again",
        description:
          'Columns and order of the values import template; each row as it was sent (a value that could not be read is empty). ' +
          'The rows: those with errors (resultado ERRO) and those the foundation refused (processamento RECUSADO; the ' +
          'entry is back in APTO, so the corrected sheet is a plain send). The errors themselves: GET /s/lotes/{loteId}.',
        tags,
        params: schemas.BatchParams,
        querystring: schemas.ErrorSheetQuery,
        response: responses({ 200: fileOnly('The values sheet (CSV or xlsx)') }, [404]),
      },
    },
    async (request, reply) => {
      const { loteId } = request.params;
      await service.batchOf(readDb(request), request.caller, loteId);
      const query = repo.rowsQuery(readDb(request), loteId, { recusadas: true }, null);
      return sendExport(request, reply, {
        format: request.query.formato ?? exportFormat(request) ?? 'xlsx',
        filename: `lote-${loteId}-erros`,
        columns: ERROR_SHEET_COLUMNS,
        pump: (sink) => streamQuery(readDb(request), kind, query, sink),
      });
    },
  );
}

export const batchesModule: Module = { name: 'batches', schemas: schemas.batchesSchemas, routes };
