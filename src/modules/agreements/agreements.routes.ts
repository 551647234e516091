import { Type } from '@sinclair/typebox';
import { aliasOperationId, responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { NoQuery } from '../preferences/preferences.schemas.js';
import * as schemas from './agreements.schemas.js';
import * as service from './agreements.service.js';

const tags = ['Agreements (beta)'];
const List = Type.Array(Type.Ref(schemas.BetaAgreementSchema));
const Default = Type.Ref(schemas.DefaultAgreementSchema);
const SET_DEFAULT = '/s/v1/beta/convenios/cadastrar-preferencia/';

async function routes(app: App) {
  app.get(
    '/s/v1/beta/convenios',
    {
      schema: {
        operationId: 'listAgreements',
        summary: "Agreements (convênios) of the caller's IEs, by name",
        tags,
        querystring: schemas.AgreementsQuery,
        response: responses({ 200: List }),
      },
    },
    async (request) => service.list(app.db, request.caller, request.query.ativo),
  );

  app.get(
    '/s/v1/beta/convenios/:grbId',
    {
      schema: {
        operationId: 'listAgreementsByGroup',
        summary: "Agreements of an IE group the caller may see (only the caller's IEs in it)",
        description: 'A group the token does not allow answers 404, like an unknown one.',
        tags,
        params: schemas.GroupParams,
        querystring: schemas.AgreementsQuery,
        response: responses({ 200: List }, [404]),
      },
    },
    async (request) => service.listByGroup(app.db, request.caller, request.params.grbId, request.query.ativo),
  );

  // One handler, two doors: with the id it sets the default agreement, without it clears it.
  for (const [index, url] of [`${SET_DEFAULT}:id`, SET_DEFAULT].entries()) {
    app.post(
      url,
      {
        schema: {
          operationId: aliasOperationId('setDefaultAgreement', index),
          summary:
            index === 0
              ? "Set the caller's default agreement (beta)"
              : "Clear the caller's default agreement (beta; the form without an id)",
          description:
            "Only an agreement of the caller's IEs (another IE's answers 404) and an active one (an inactive " +
            'one answers 422). Kept per user (token sub). No body.',
          tags,
          querystring: NoQuery,
          ...(index === 0 ? { params: schemas.AgreementParams } : {}),
          response: responses({ 200: Default }, [404, 422]),
        },
      },
      async (request) => service.setDefault(app.db, request.caller, (request.params as { id?: number }).id),
    );
  }

  app.get(
    '/s/v1/beta/convenios/obter-preferencia-grupoie',
    {
      schema: {
        operationId: 'getDefaultAgreement',
        summary: "The caller's default agreement (beta), or null",
        tags,
        querystring: NoQuery,
        response: responses({ 200: Default }),
      },
    },
    async (request) => service.getDefault(app.db, request.caller),
  );
}

export const agreementsModule: Module = { name: 'agreements', schemas: schemas.agreementSchemas, routes };
