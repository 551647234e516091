import { Type } from '@sinclair/typebox';
import type { Aba } from '../../db/schema.js';
import { readDb } from '../../http/read-db.js';
import { aliasOperationId, responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { exportFormat, listOrFile } from '../exports/export.http.js';
import { registerCounterRoutes } from './counters.routes.js';
import { countersSchemas } from './counters.schemas.js';
import { exportEntries } from './dashboard.export.js';
import * as schemas from './dashboard.schemas.js';
import * as service from './dashboard.service.js';
import { registerLookupRoutes } from './lookup.routes.js';
import { lookupSchemas } from './lookup.schemas.js';
import { registerSignatureRoutes } from './signature.routes.js';

const tags = ['Renewal dashboard'];
const ListPage = Type.Ref(schemas.ListPageSchema);
/** The list page, or (formato / Accept) every row as CSV or xlsx. */
const ListOrFile = listOrFile(ListPage);
/**
 * The lists' bodies are read straight from rows (mappers.ts) and never hold a Text: no localize
 * walk. Each item is built field by field (toListItem, an object literal typed by the schema, so
 * TypeScript refuses a field the schema lacks; the tags' { brbId, tags }), so JSON.stringify writes
 * what the schema's serializer would (a test in test/dashboard/lists.test.ts checks every list's
 * fields). It writes it with far less garbage: fast-json-stringify builds a 50-row page from
 * thousands of concatenated strings, which the socket write then flattens again; measured on the
 * bench database, a fifth of the young-generation collections per request (#25).
 */
const listRoute = { config: { bodyTexts: false }, serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** The static tab paths of the interface, each answering exactly as /s/v2/renovacao/{renewalTabEnum}. */
const STATIC_TABS: [Aba, string, string][] = [
  ['aptos', 'listEligibleContracts', 'Contracts eligible for renewal (tab aptos)'],
  ['em-processamento', 'listProcessingRenewals', 'Renewals in processing (tab em-processamento)'],
  ['finalizados', 'listFinishedRenewals', 'Finished renewals (tab finalizados)'],
  ['sem-renovacao', 'listContractsWithoutRenewal', 'Contracts without renewal (tab sem-renovacao)'],
];

async function routes(app: App) {
  app.get(
    '/s/v2/renovacao/:renewalTabEnum',
    {
      ...listRoute,
      schema: {
        operationId: 'listContractsByTab',
        summary: 'Contracts of a dashboard tab, filtered, sorted and paged',
        description:
          "Entries of the current journeys of the caller's IEs (or of journeyId / ano+semestre) in the tab. Sorted by name unless ordenarPor says otherwise.",
        tags,
        params: schemas.TabParams,
        querystring: schemas.TabListQuery,
        response: responses({ 200: ListOrFile }, [404]),
      },
    },
    async (request, reply) => {
      const { renewalTabEnum: aba } = request.params;
      const format = exportFormat(request);
      if (format) return exportEntries(app, request, reply, format, aba, { ...request.query, aba });
      return service.listTab(readDb(request), request.caller, aba, request.query);
    },
  );
  for (const [aba, operationId, summary] of STATIC_TABS) {
    app.get(
      `/s/v2/renovacao/${aba}`,
      {
        ...listRoute,
        schema: {
          operationId,
          summary,
          tags,
          querystring: schemas.TabListQuery,
          response: responses({ 200: ListOrFile }, [404]),
        },
      },
      async (request, reply) => {
        const format = exportFormat(request);
        if (format) return exportEntries(app, request, reply, format, aba, { ...request.query, aba });
        return service.listTab(readDb(request), request.caller, aba, request.query);
      },
    );
  }

  const bondPaths = ['/s/v2/renovacao/manutencao-vinculo/estudantes', '/s/v2/manutencao-vinculo/estudantes'];
  bondPaths.forEach((url, i) => {
    app.get(
      url,
      {
        ...listRoute,
        schema: {
          operationId: aliasOperationId('listBondMaintenanceStudents', i),
          summary: 'Beneficiaries in bond maintenance (tab manutencao-vinculo)',
          tags,
          querystring: schemas.TabListQuery,
          response: responses({ 200: ListOrFile }, [404]),
        },
      },
      async (request, reply) => {
        const format = exportFormat(request);
        const q = { ...request.query, aba: 'manutencao-vinculo' as const };
        if (format) return exportEntries(app, request, reply, format, 'manutencao-vinculo', q);
        return service.listTab(readDb(request), request.caller, 'manutencao-vinculo', request.query);
      },
    );
  });

  const existsPaths = ['/s/v2/renovacao/manutencao-vinculo', '/s/v2/manutencao-vinculo'];
  existsPaths.forEach((url, i) => {
    app.get(
      url,
      {
        schema: {
          operationId: aliasOperationId('checkBondMaintenanceExists', i),
          summary: 'Whether beneficiaries in bond maintenance exist (and how many), from the counters',
          tags,
          querystring: schemas.ScopeQuery,
          response: responses({ 200: Type.Ref(schemas.ExistsSchema) }, [404]),
        },
      },
      async (request) => service.bondMaintenanceExists(readDb(request), request.caller, request.query),
    );
  });

  app.get(
    '/s/v3/renovacao/journey',
    {
      ...listRoute,
      schema: {
        operationId: 'listRenewalJourneyFiltered',
        summary: 'Entries of the current journey (every tab unless aba is given), filtered, sorted and paged',
        tags,
        querystring: schemas.JourneyListQuery,
        response: responses({ 200: ListOrFile }, [404]),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (format) return exportEntries(app, request, reply, format, 'jornada', request.query);
      return service.listEntries(readDb(request), request.caller, request.query);
    },
  );

  app.get(
    '/s/v2/renovacao/jornadas/listar',
    {
      ...listRoute,
      schema: {
        operationId: 'listJourneyContracts',
        summary: 'Contracts of a journey, filtered, sorted and paged',
        tags,
        querystring: schemas.JourneyContractsQuery,
        response: responses({ 200: ListOrFile }, [404]),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (format)
        return exportEntries(app, request, reply, format, `jornada-${request.query.journeyId}`, request.query);
      return service.listJourney(readDb(request), request.caller, request.query);
    },
  );

  app.get(
    '/s/v2/renovacao/tags',
    {
      ...listRoute,
      schema: {
        operationId: 'listEntryTags',
        summary: 'Tags of each brbId: of the given brbIds, or of the entries the list filters select',
        tags,
        querystring: schemas.TagsQuery,
        response: responses({ 200: Type.Ref(schemas.TagsPageSchema) }, [404]),
      },
    },
    async (request) => service.tags(readDb(request), request.caller, request.query),
  );

  await registerSignatureRoutes(app);
  await registerCounterRoutes(app);
  await registerLookupRoutes(app);
}

export const dashboardModule: Module = {
  name: 'dashboard',
  schemas: [...schemas.dashboardListSchemas, ...countersSchemas, ...lookupSchemas],
  routes,
};
