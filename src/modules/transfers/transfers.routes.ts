import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { streamQuery } from '../exports/export.cursor.js';
import { exportFormat, listOrFile, sendExport } from '../exports/export.http.js';
import { TRANSFER_COLUMNS } from './transfers.export.js';
import { HISTORY_COLUMNS, transferHistory } from './transfers.history.js';
import * as schemas from './transfers.schemas.js';
import * as service from './transfers.service.js';

async function routes(app: App) {
  app.get(
    '/s/v2/repasse-historico',
    {
      schema: {
        operationId: 'getTransferHistory',
        summary: "An IE's monthly transfers over time (gross, fee, net, adjustments); CSV/xlsx export",
        description:
          'One row per month, oldest first, months without movement as zeros. Another IE is 404; a future last month 400.',
        tags: ['Transfers'],
        querystring: schemas.HistoryQuery,
        response: responses(
          { 200: listOrFile(Type.Ref(schemas.HistoryOutSchema), 'The months, or the same rows as CSV/xlsx') },
          [404],
        ),
      },
    },
    async (request, reply) => {
      const history = await transferHistory(app.db, request.caller, request.query);
      const format = exportFormat(request);
      if (!format) return history;
      const rows = history.meses.map((m) => ({ ...m, ie: history.nome }));
      return sendExport(request, reply, {
        format,
        filename: `repasse-historico-ie-${history.ieId}`,
        columns: HISTORY_COLUMNS,
        pump: (sink) => sink(rows),
      });
    },
  );

  app.get(
    '/s/v2/repasse/:competencia',
    {
      schema: {
        operationId: 'getMonthlyTransfer',
        summary: 'Consolidated monthly transfer values for a competence period (yyyy-mm); CSV/xlsx export',
        description:
          'Per IE of the caller: each restitution payment received in the month (contract, installment k/N, paid, fee ' +
          'retained, net to the IE), adjustments and totals. A malformed competencia is 400. As CSV/xlsx: one row per ' +
          "payment then per adjustment, per IE (the month's restitution payments list); the Net column sums to aRepassar.",
        tags: ['Transfers'],
        params: schemas.CompetenciaParams,
        querystring: schemas.TransferQuery,
        response: responses(
          { 200: listOrFile(Type.Ref(schemas.TransferOutSchema), 'The transfer, or its rows as CSV/xlsx') },
          [404],
        ),
      },
    },
    async (request, reply) => {
      const { competencia } = request.params;
      const format = exportFormat(request);
      if (!format) return service.monthlyTransfer(app.db, request.caller, competencia, request.query.ieId);
      const query = await service.transferExport(app.db, request.caller, competencia, request.query.ieId);
      return sendExport(request, reply, {
        format,
        filename: `repasse-${competencia}`,
        columns: TRANSFER_COLUMNS,
        pump: (sink) => streamQuery(app.db, app.config.database.kind, query, sink),
      });
    },
  );

  app.post(
    '/s/operador/repasse/ajustes',
    {
      config: { roles: ['OPERADOR'] },
      schema: {
        operationId: 'recordTransferAdjustment',
        summary: "Foundation: record an adjustment to an IE's monthly transfer",
        description:
          'Needs a reason. Goes into the month asked for while it is open, else into the current month (a closed month ' +
          "never changes). An adjustment that would make the IE's net for the month negative is 422.",
        tags: ['Operator'],
        body: schemas.AdjustmentBody,
        response: responses({ 201: Type.Ref(schemas.AdjustmentOutSchema) }, [404, 422]),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.recordAdjustment(app.db, request.caller, request.body)),
  );

  app.post(
    '/s/operador/repasses/:competencia/fechar',
    {
      config: { roles: ['OPERADOR'] },
      schema: {
        operationId: 'closeTransferMonth',
        summary: "Foundation: close a month's transfer (it never changes afterwards)",
        description:
          'Closes a month that has ended, for every IE. A month also closes by itself on the 5th day of the next month ' +
          '(America/Sao_Paulo). Payments and adjustments recorded later go into the open month in which they are ' +
          'recorded. The current month is 422; a month already closed 409.',
        tags: ['Operator'],
        params: schemas.CompetenciaParams,
        response: responses({ 200: Type.Ref(schemas.CloseOutSchema) }, [409, 422]),
      },
    },
    async (request) => service.closeMonth(app.db, request.caller, request.params.competencia),
  );
}

export const transfersModule: Module = { name: 'transfers', schemas: schemas.transfersSchemas, routes };
