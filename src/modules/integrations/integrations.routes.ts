import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import * as emailPreference from './email-preference.service.js';
import * as schemas from './integrations.schemas.js';
import * as webhooks from './webhooks.service.js';

const EMAIL = '/s/v2/preferencias/email';
const ENDPOINTS = '/s/v2/webhooks/endpoints';
const hooks = { tags: ['Webhooks'] };
/** Webhooks belong to an IE: its staff (IE) and its systems (API) manage them. */
const IE_ROLES = { roles: ['IE', 'API'] as const };
const Endpoint = Type.Ref(schemas.WebhookEndpointSchema);
const NoContent = Type.Null({ description: 'Done; no body' });

async function routes(app: App) {
  const production = app.config.env === 'production';
  // Whether e-mail can leave at all: the portal says so beside the preference (issue 21, item 8).
  const withSending = <T extends object>(preference: T) => ({
    ...preference,
    envioConfigurado: app.config.integrations.smtpUrl !== null,
  });

  app.get(
    EMAIL,
    {
      schema: {
        operationId: 'getEmailPreference',
        summary: "The caller's e-mail preference for notifications",
        tags: ['Preferences'],
        querystring: schemas.NoQuery,
        response: responses({ 200: Type.Ref(schemas.EmailPreferenceSchema) }),
      },
    },
    async (request) => withSending(await emailPreference.get(app.db, request.caller)),
  );
  app.put(
    EMAIL,
    {
      schema: {
        operationId: 'setEmailPreference',
        summary: 'Receive notifications by e-mail (all kinds, or the kinds listed)',
        description:
          "Notifications addressed to the caller, and those addressed to every user of the token's IEs, are " +
          'e-mailed (pt-BR, HTML and text) once each, after the change that created them commits. Saving again ' +
          'replaces the preference and refreshes the IEs from the token. E-mail is off while the service has no SMTP_URL.',
        tags: ['Preferences'],
        querystring: schemas.NoQuery,
        body: schemas.EmailPreferenceBody,
        response: responses({ 200: Type.Ref(schemas.EmailPreferenceSchema) }),
      },
    },
    async (request) => withSending(await emailPreference.save(app.db, request.caller, request.body)),
  );
  app.delete(
    EMAIL,
    {
      schema: {
        operationId: 'deleteEmailPreference',
        summary: 'Stop receiving notifications by e-mail',
        tags: ['Preferences'],
        querystring: schemas.NoQuery,
        response: responses({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      await emailPreference.remove(app.db, request.caller);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/s/v2/webhooks/eventos',
    {
      config: IE_ROLES,
      schema: {
        operationId: 'listWebhookEventTypes',
        summary: 'The event types an endpoint may subscribe to',
        ...hooks,
        querystring: schemas.NoQuery,
        response: responses({ 200: Type.Ref(schemas.WebhookEventTypesSchema) }),
      },
    },
    async () => schemas.WEBHOOK_EVENTS.map((tipo) => ({ tipo, descricao: schemas.WEBHOOK_EVENT_DESCRIPTIONS[tipo] })),
  );

  app.post(
    ENDPOINTS,
    {
      config: IE_ROLES,
      schema: {
        operationId: 'createWebhookEndpoint',
        summary: 'Register a webhook endpoint; answers its signing secret, shown only this once',
        description:
          'Events of the IE are POSTed to the URL as JSON `{type, timestamp, data}`, signed as the Standard Webhooks ' +
          'specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<HMAC-SHA256>`), at least ' +
          'once: a non-2xx answer, a refused connection or 10 s without an answer is retried with exponential ' +
          'backoff for 24 hours, then the endpoint is disabled and the IE notified. Redirects are not followed and ' +
          'response bodies are ignored. In production the URL must be https and resolve only to public addresses.',
        ...hooks,
        querystring: schemas.NoQuery,
        body: schemas.CreateEndpointBody,
        response: responses({ 201: Type.Ref(schemas.WebhookEndpointCreatedSchema) }, [404, 422]),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.create(app.db, request.caller, request.body, production)),
  );

  app.get(
    ENDPOINTS,
    {
      config: IE_ROLES,
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: "The IE's webhook endpoints (secrets never shown)",
        ...hooks,
        querystring: schemas.ListQuery,
        response: responses({ 200: Type.Ref(schemas.WebhookEndpointPageSchema) }),
      },
    },
    async (request) => webhooks.list(app.db, request.caller, request.query),
  );

  app.get(
    `${ENDPOINTS}/:id`,
    {
      config: IE_ROLES,
      schema: {
        operationId: 'getWebhookEndpoint',
        summary: 'One webhook endpoint',
        ...hooks,
        params: schemas.EndpointParams,
        querystring: schemas.NoQuery,
        response: responses({ 200: Endpoint }, [404]),
      },
    },
    async (request) => webhooks.get(app.db, request.caller, request.params.id),
  );

  app.patch(
    `${ENDPOINTS}/:id`,
    {
      config: IE_ROLES,
      schema: {
        operationId: 'updateWebhookEndpoint',
        summary: 'Change the URL, events or description of an endpoint, or disable / re-enable it',
        description: 'Re-enabling resumes its pending deliveries with a fresh 24-hour retry window.',
        ...hooks,
        params: schemas.EndpointParams,
        querystring: schemas.NoQuery,
        body: schemas.UpdateEndpointBody,
        response: responses({ 200: Endpoint }, [404, 422]),
      },
    },
    async (request) => webhooks.update(app.db, request.caller, request.params.id, request.body, production),
  );

  app.delete(
    `${ENDPOINTS}/:id`,
    {
      config: IE_ROLES,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        summary: 'Remove an endpoint with its delivery log',
        ...hooks,
        params: schemas.EndpointParams,
        querystring: schemas.NoQuery,
        response: responses({ 204: NoContent }, [404]),
      },
    },
    async (request, reply) => {
      await webhooks.remove(app.db, request.caller, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${ENDPOINTS}/:id/entregas`,
    {
      config: IE_ROLES,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'Delivery log of an endpoint, newest first: status, attempts with HTTP status and latency',
        ...hooks,
        params: schemas.EndpointParams,
        querystring: schemas.DeliveryQuery,
        response: responses({ 200: Type.Ref(schemas.WebhookDeliveryPageSchema) }, [404]),
      },
    },
    async (request) => webhooks.deliveries(app.db, request.caller, request.params.id, request.query),
  );

  app.post(
    `${ENDPOINTS}/:id/entregas/:entregaId/reenviar`,
    {
      config: IE_ROLES,
      schema: {
        operationId: 'redeliverWebhook',
        summary: 'Send a delivery again now (same webhook-id), whatever its status',
        ...hooks,
        params: schemas.DeliveryParams,
        querystring: schemas.NoQuery,
        response: responses({ 202: Type.Ref(schemas.WebhookDeliverySchema) }, [404, 409]),
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await webhooks.redeliver(app.db, request.caller, request.params.id, request.params.entregaId)),
  );
}

export const integrationsModule: Module = {
  name: 'integrations',
  schemas: schemas.integrationSchemas,
  routes,
};
