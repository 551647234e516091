import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import * as schemas from './journey-lifecycle.schemas.js';
import * as service from './journey-lifecycle.service.js';

const tags = ['Journeys'];

async function routes(app: App) {
  const openResponse = responses({ 200: Type.Ref(schemas.OpenJourneyResponseSchema) }, [404, 409, 422]);

  app.post(
    '/s/v2/renovacao/jornadas/:tipo/abrir',
    {
      schema: {
        operationId: 'openJourneysOfType',
        summary: 'Open new journeys of a type (RENOVACAO or REGULARIZACAO) for a period',
        tags,
        params: schemas.TipoParams,
        body: Type.Ref(schemas.OpenJourneyBodySchema),
        response: openResponse,
      },
    },
    async (request) => service.openJourneys(app.db, request.caller, request.params.tipo, request.body),
  );

  app.post(
    '/s/v2/renovacao/jornadas/abrir',
    {
      schema: {
        operationId: 'openJourneys',
        summary: 'Open new journeys for a period (type RENOVACAO unless the body names another)',
        tags,
        body: Type.Ref(schemas.OpenJourneyBodySchema),
        response: openResponse,
      },
    },
    async (request) => service.openJourneys(app.db, request.caller, undefined, request.body),
  );

  app.post(
    '/s/v2/renovacao/jornadas/atualizar',
    {
      schema: {
        operationId: 'refreshJourneys',
        summary: 'Refresh the students of the current journey: add newly eligible contracts',
        tags,
        body: Type.Ref(schemas.RefreshJourneyBodySchema),
        response: responses({ 200: Type.Ref(schemas.RefreshJourneyResponseSchema) }, [404, 409]),
      },
      // Every field is optional: a request without a body means {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => service.refreshJourneys(app.db, request.caller, request.body),
  );

  app.post(
    '/s/v1/insere-jornada',
    {
      schema: {
        operationId: 'insertBeneficiaryIntoJourney',
        summary: 'Insert one beneficiary into an open journey by hand',
        tags,
        body: Type.Ref(schemas.InsertBeneficiaryBodySchema),
        response: responses({ 200: Type.Ref(schemas.InsertedBeneficiarySchema) }, [404, 409, 422]),
      },
    },
    async (request) => service.insertBeneficiary(app.db, request.caller, request.body),
  );
}

export const journeyLifecycleModule: Module = {
  name: 'journey-lifecycle',
  schemas: schemas.journeyLifecycleSchemas,
  routes,
};
