import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { streamQuery } from '../exports/export.cursor.js';
import { exportFormat, listOrFile, sendExport } from '../exports/export.http.js';
import { CodeItemSchema } from '../reference/reference.schemas.js';
import { JOURNEY_COLUMNS } from './journeys.export.js';
import * as schemas from './journeys.schemas.js';
import * as service from './journeys.service.js';

const tags = ['Journeys'];

/**
 * The read side of journeys. The static paths (groups, tipos, and the dashboard's listar) live
 * beside /{journeyId}; journeyId is an integer, so any other word there is a 400.
 */
async function routes(app: App) {
  app.get(
    '/s/v2/renovacao/jornadas',
    {
      schema: {
        operationId: 'listJourneys',
        summary: "Journeys of the caller's IEs, newest period first, with entries per tab; CSV/xlsx export",
        tags,
        querystring: schemas.JourneyListQuery,
        response: responses({ 200: listOrFile(Type.Ref(schemas.JourneyPageSchema)) }, [404]),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (!format) return service.listJourneys(app.db, request.caller, request.query);
      const query = await service.journeysExport(app.db, request.caller, request.query);
      return sendExport(request, reply, {
        format,
        filename: 'jornadas',
        columns: JOURNEY_COLUMNS,
        pump: (sink) => streamQuery(app.db, app.config.database.kind, query, sink),
      });
    },
  );

  app.get(
    '/s/v2/renovacao/jornadas/groups',
    {
      schema: {
        operationId: 'listJourneyGroups',
        summary: "IE groups (grupo IE) the caller's journeys belong to, with their IEs",
        tags,
        response: responses({ 200: Type.Array(Type.Ref(schemas.JourneyGroupSchema)) }),
      },
    },
    async (request) => service.journeyGroups(app.db, request.caller),
  );

  app.get(
    '/s/v2/renovacao/jornadas/tipos',
    {
      schema: {
        operationId: 'listJourneyTypes',
        summary: "Journey types (reference list 'tipo-jornada')",
        tags,
        response: responses({ 200: Type.Array(Type.Ref(CodeItemSchema)) }),
      },
    },
    async () => service.journeyTypes(app.db),
  );

  app.get(
    '/s/v2/renovacao/jornadas/:journeyId',
    {
      schema: {
        operationId: 'getJourney',
        summary: 'A journey with its window, who opened it, and entries per tab and per situation/motivo',
        tags,
        params: schemas.JourneyIdParams,
        response: responses({ 200: Type.Ref(schemas.JourneyDetailSchema) }, [404]),
      },
    },
    async (request) => service.journeyDetail(app.db, request.caller, request.params.journeyId),
  );
}

export const journeysModule: Module = { name: 'journeys', schemas: schemas.journeySchemas, routes };
