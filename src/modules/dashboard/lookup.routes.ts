import { Type } from '@sinclair/typebox';
import { readDb } from '../../http/read-db.js';
import { aliasOperationId, responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { autocomplete } from './autocomplete.js';
import * as schemas from './lookup.schemas.js';
import * as service from './lookup.service.js';

const tags = ['Renewal dashboard'];
const Suggestions = Type.Array(Type.Ref(schemas.SuggestionSchema), { maxItems: 10 });

/** Autocomplete, the filter values and the beneficiaries that may join a journey. */
export async function registerLookupRoutes(app: App) {
  app.get(
    '/s/v2/renovacao/autocomplete',
    {
      schema: {
        operationId: 'autocompleteRenewalEntries',
        summary: 'Suggestions over every tab: by name, CPF or enrolment number, most relevant first',
        tags,
        querystring: schemas.AutocompleteQuery,
        response: responses({ 200: Suggestions }, [404]),
      },
    },
    async (request) => autocomplete(readDb(request), request.caller, request.query),
  );
  const bondPaths = [
    '/s/v2/renovacao/manutencao-vinculo/estudantes/autocomplete',
    '/s/v2/manutencao-vinculo/estudantes/autocomplete',
  ];
  bondPaths.forEach((url, i) => {
    app.get(
      url,
      {
        schema: {
          operationId: aliasOperationId('autocompleteBondMaintenanceStudents', i),
          summary: 'Suggestions among the beneficiaries in bond maintenance',
          tags,
          querystring: schemas.BondAutocompleteQuery,
          response: responses({ 200: Suggestions }, [404]),
        },
      },
      async (request) => autocomplete(readDb(request), request.caller, { ...request.query, aba: 'manutencao-vinculo' }),
    );
  });

  app.get(
    '/s/v2/renovacao/filtros',
    {
      schema: {
        operationId: 'listRenewalFilters',
        summary: 'Filters used on the renewal screens: the values present in the caller’s data',
        tags,
        querystring: schemas.FiltersQuery,
        response: responses({ 200: Type.Ref(schemas.FilterValuesSchema) }, [404]),
      },
    },
    async (request) => service.filterValues(readDb(request), request.caller, request.query),
  );
  app.post(
    '/s/dashboard/filtros-bolsas',
    {
      schema: {
        operationId: 'listDashboardFilters',
        summary: 'Scholarship filters, the basis for the dashboard filters (same values as renovacao/filtros)',
        tags,
        body: schemas.FiltersBody,
        response: responses({ 200: Type.Ref(schemas.FilterValuesSchema) }, [404, 415]),
      },
    },
    async (request) => service.filterValues(readDb(request), request.caller, request.body ?? {}),
  );

  app.get(
    '/s/v1/insere-jornada',
    {
      schema: {
        operationId: 'listJourneyInsertCandidates',
        summary: 'Beneficiaries available to insert into a journey: active contracts with no entry in it',
        tags,
        querystring: schemas.InsertCandidatesQuery,
        response: responses({ 200: Type.Ref(schemas.InsertCandidatePageSchema) }, [404]),
      },
    },
    async (request) => service.insertCandidates(readDb(request), request.caller, request.query),
  );
}
