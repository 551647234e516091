import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import * as schemas from './transfers.schemas.js';
import * as service from './transfers.service.js';

async function routes(app: App) {
  app.get(
    '/s/v2/repasse/:competencia',
    {
      schema: {
        operationId: 'getMonthlyTransfer',
        summary: 'Consolidated monthly transfer values for a competence period (yyyy-mm)',
        description:
          'Per IE of the caller: each restitution payment received in the month (contract, installment k/N, paid, fee ' +
          'retained, net to the IE), adjustments and totals. A malformed competencia is 400.',
        tags: ['Transfers'],
        params: schemas.CompetenciaParams,
        querystring: schemas.TransferQuery,
        response: responses({ 200: Type.Ref(schemas.TransferOutSchema) }, [404]),
      },
    },
    async (request) => service.monthlyTransfer(app.db, request.caller, request.params.competencia, request.query.ieId),
  );

  app.post(
    '/s/operador/repasse/ajustes',
    {
      config: { roles: ['OPERADOR'] },
      schema: {
        operationId: 'recordTransferAdjustment',
        summary: "Foundation: record an adjustment to an IE's monthly transfer",
        tags: ['Operator'],
        body: schemas.AdjustmentBody,
        response: responses({ 201: Type.Ref(schemas.AdjustmentOutSchema) }, [404]),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.recordAdjustment(app.db, request.caller, request.body)),
  );
}

export const transfersModule: Module = { name: 'transfers', schemas: schemas.transfersSchemas, routes };
