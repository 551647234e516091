import { Type } from '@sinclair/typebox';
import { aliasOperationId, responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import * as schemas from './preferences.schemas.js';
import * as service from './preferences.service.js';

const tags = ['Preferences'];
const Preference = Type.Ref(schemas.IeGroupPreferenceSchema);
const SET_GROUP = '/s/v1/contrato/mais-acoes/cadastrar-preferencia-grupoie/';

async function routes(app: App) {
  // One handler, two doors: with the group it sets the preference, without it clears it.
  for (const [index, url] of [`${SET_GROUP}:grupie`, SET_GROUP].entries()) {
    app.post(
      url,
      {
        schema: {
          operationId: aliasOperationId('setIeGroupPreference', index),
          summary:
            index === 0
              ? "Set the caller's default IE group"
              : "Clear the caller's default IE group (the form without a group)",
          description:
            'The default group scopes the dashboard and list operations when a request names no group. Only a ' +
            'group the token allows: its grupoIe claim or the group of one of its IEs (operators: any existing group); ' +
            'any other answers 404. Kept per user (token sub). No body. Answers the preference as stored.',
          tags,
          querystring: schemas.NoQuery,
          ...(index === 0 ? { params: schemas.GroupParams } : {}),
          response: responses({ 200: Preference }, [404]),
        },
      },
      async (request) => service.setGroup(app.db, request.caller, (request.params as { grupie?: number }).grupie),
    );
  }

  app.get(
    '/s/v1/contrato/mais-acoes/obter-preferencia-grupoie',
    {
      schema: {
        operationId: 'getIeGroupPreference',
        summary: "The caller's default IE group, or null",
        tags,
        querystring: schemas.NoQuery,
        response: responses({ 200: Preference }),
      },
    },
    async (request) => service.getGroup(app.db, request.caller),
  );
}

export const preferencesModule: Module = { name: 'preferences', schemas: schemas.preferenceSchemas, routes };
