import { Type } from '@sinclair/typebox';
import { readDb } from '../../http/read-db.js';
import { responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import * as schemas from './counters.schemas.js';
import * as service from './counters.service.js';
import { ScopeQuery } from './dashboard.schemas.js';

const tags = ['Renewal dashboard'];

/** Counter-backed operations: they read contador_jornada and never count entries. */
export async function registerCounterRoutes(app: App) {
  app.get(
    '/s/v2/renovacao/dashboard/contadores',
    {
      schema: {
        operationId: 'getTabCounters',
        summary: 'Entry counters per tab (and per situação) of the current journeys',
        tags,
        querystring: ScopeQuery,
        response: responses({ 200: Type.Ref(schemas.CountersSchema) }, [404]),
      },
    },
    async (request) => service.counters(readDb(request), request.caller, request.query),
  );

  app.get(
    '/s/v3/renovacao/carousel',
    {
      schema: {
        operationId: 'getRenewalCarousel',
        summary: 'Renewal carousel: a card per tab with its count, and highlights such as days left in the window',
        tags,
        querystring: ScopeQuery,
        response: responses({ 200: Type.Ref(schemas.CarouselSchema) }, [404]),
      },
    },
    async (request) => service.carousel(readDb(request), request.caller, request.query),
  );

  app.post(
    '/s/dashboard',
    {
      schema: {
        operationId: 'getDashboardCells',
        summary: 'Data for the dashboard cells: counts per tab and per situação/motivo, optionally per IE',
        tags,
        body: schemas.DashboardBody,
        response: responses({ 200: Type.Ref(schemas.DashboardCellsSchema) }, [404, 415]),
      },
    },
    async (request) => service.dashboardCells(readDb(request), request.caller, request.body ?? {}),
  );

  app.post(
    '/s/dashboard/detalhes',
    {
      schema: {
        operationId: 'getDashboardDetails',
        summary: 'Detailed dashboard data: the cells per IE and journey, with totals',
        tags,
        body: schemas.DashboardBody,
        response: responses({ 200: Type.Ref(schemas.DashboardDetailsSchema) }, [404, 415]),
      },
    },
    async (request) => service.dashboardDetails(readDb(request), request.caller, request.body ?? {}),
  );
}
