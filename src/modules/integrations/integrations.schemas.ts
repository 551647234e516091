import { Type } from '@sinclair/typebox';
import { Id, Page, Paging, StrictObject } from '../../http/schemas.js';
import { NOTIFICATION_KINDS } from '../notifications/notify.js';

/** Webhook event types (Standard Webhooks `type`), declared once. */
export const WEBHOOK_EVENTS = [
  'entrada.situacao-alterada',
  'lote.processado',
  'notificacao.criada',
  'pagamento.registrado',
  'jornada.aberta',
  'jornada.encerrada',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'entrada.situacao-alterada': "A journey entry's situação (or motivo) changed: brbId, before and after",
  'lote.processado': 'A values batch finished processing: its rows of this IE counted by outcome',
  'notificacao.criada': 'A notification for the IE (or one of its users) was created',
  'pagamento.registrado': 'A restitution payment of one of the IE’s contracts was recorded',
  'jornada.aberta': 'A renewal journey of the IE was opened',
  'jornada.encerrada': 'A renewal journey of the IE was closed',
};

const EventSchema = Type.Union(
  WEBHOOK_EVENTS.map((e) => Type.Literal(e)),
  { $id: 'WebhookEventType', description: 'Webhook event type' },
);
const Event = Type.Ref(EventSchema);
const Kind = Type.Union(NOTIFICATION_KINDS.map((k) => Type.Literal(k)));

// --- e-mail preference ---

export const EmailPreferenceSchema = Type.Object(
  {
    ativo: Type.Boolean({ description: 'True when the caller asked for notifications by e-mail' }),
    envioConfigurado: Type.Boolean({
      description:
        'True when the service can send e-mail (SMTP_URL is set). False: no e-mail leaves, whatever the preference says; the portal tells the person so',
    }),
    email: Type.Union([Type.String(), Type.Null()]),
    tipos: Type.Union([Type.Array(Kind), Type.Null()], {
      description: 'Notification kinds e-mailed; null means every kind',
    }),
    ies: Type.Array(Type.Integer(), {
      description: "IEs whose notifications to every user are e-mailed (the token's IEs when last saved)",
    }),
  },
  { $id: 'EmailPreference' },
);

export const EmailPreferenceBody = StrictObject({
  email: Type.String({ format: 'email', maxLength: 254, description: 'Where notifications are e-mailed' }),
  tipos: Type.Optional(
    Type.Array(Kind, { uniqueItems: true, minItems: 1, description: 'Only these kinds; omitted, every kind' }),
  ),
});

// --- webhooks ---

export const WebhookEndpointSchema = Type.Object(
  {
    id: Type.Integer(),
    ieId: Type.Integer(),
    url: Type.String(),
    descricao: Type.Union([Type.String(), Type.Null()]),
    eventos: Type.Array(Event),
    ativo: Type.Boolean(),
    desativadoEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    desativadoMotivo: Type.Union([Type.String(), Type.Null()]),
    criadoPor: Type.String(),
    criadoEm: Type.String({ format: 'date-time' }),
  },
  { $id: 'WebhookEndpoint' },
);

export const WebhookEndpointCreatedSchema = Type.Intersect(
  [
    Type.Ref(WebhookEndpointSchema),
    Type.Object({
      segredo: Type.String({
        description:
          'Signing secret (`whsec_` + base64), shown only in this answer: keep it to verify the webhook-signature header',
      }),
    }),
  ],
  { $id: 'WebhookEndpointCreated' },
);

export const CreateEndpointBody = StrictObject({
  url: Type.String({ minLength: 8, maxLength: 2000, description: 'https URL that receives the POSTs' }),
  eventos: Type.Array(Event, { minItems: 1, uniqueItems: true }),
  descricao: Type.Optional(Type.String({ maxLength: 200 })),
  ieId: Type.Optional(Id('IE the endpoint belongs to; may be omitted when the token holds one IE')),
});

export const UpdateEndpointBody = StrictObject({
  url: Type.Optional(Type.String({ minLength: 8, maxLength: 2000 })),
  eventos: Type.Optional(Type.Array(Event, { minItems: 1, uniqueItems: true })),
  descricao: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  ativo: Type.Optional(
    Type.Boolean({ description: 'false disables; true re-enables and resumes the pending deliveries' }),
  ),
});

export const EndpointParams = Type.Object({ id: Id('Webhook endpoint id') });
export const DeliveryParams = Type.Object({ id: Id('Webhook endpoint id'), entregaId: Id('Delivery id') });
export const ListQuery = Type.Object({ ...Paging }, { additionalProperties: false });
export const DeliveryQuery = Type.Object(
  {
    ...Paging,
    status: Type.Optional(Type.Union([Type.Literal('PENDENTE'), Type.Literal('ENTREGUE'), Type.Literal('FALHOU')])),
  },
  { additionalProperties: false },
);
export const NoQuery = Type.Object({}, { additionalProperties: false });

export const WebhookAttemptSchema = Type.Object(
  {
    tentativa: Type.Integer(),
    statusHttp: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no answer (refused, timeout)' }),
    erro: Type.Union([Type.String(), Type.Null()]),
    latenciaMs: Type.Integer(),
    em: Type.String({ format: 'date-time' }),
  },
  { $id: 'WebhookAttempt' },
);

export const WebhookDeliverySchema = Type.Object(
  {
    id: Type.Integer(),
    mensagemId: Type.String({ description: 'The webhook-id header: the same on every retry of this event' }),
    tipo: Event,
    status: Type.Union([Type.Literal('PENDENTE'), Type.Literal('ENTREGUE'), Type.Literal('FALHOU')]),
    tentativas: Type.Integer(),
    proximaTentativaEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    entregueEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    criadaEm: Type.String({ format: 'date-time' }),
    historico: Type.Array(Type.Ref(WebhookAttemptSchema), { description: 'Attempts, oldest first (last 20)' }),
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookEndpointPageSchema = Page(Type.Ref(WebhookEndpointSchema), 'WebhookEndpointPage');
export const WebhookDeliveryPageSchema = Page(Type.Ref(WebhookDeliverySchema), 'WebhookDeliveryPage');

export const WebhookEventTypesSchema = Type.Array(Type.Object({ tipo: Event, descricao: Type.String() }), {
  $id: 'WebhookEventTypes',
});

export const integrationSchemas = [
  EventSchema,
  EmailPreferenceSchema,
  WebhookEndpointSchema,
  WebhookEndpointCreatedSchema,
  WebhookAttemptSchema,
  WebhookDeliverySchema,
  WebhookEndpointPageSchema,
  WebhookDeliveryPageSchema,
  WebhookEventTypesSchema,
];
