import { type Static, Type } from '@sinclair/typebox';
import { Id, Page, Paging, StrictObject } from '../../http/schemas.js';
import { ExportQuery } from '../exports/export.http.js';

const Day = (description: string) =>
  Type.String({ format: 'date', description: `${description} (yyyy-mm-dd, a day in São Paulo)` });

export const AuditQuery = StrictObject({
  de: Type.Optional(Day('From this day')),
  ate: Type.Optional(Day('Up to this day, inclusive')),
  usuario: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The user's sub" })),
  operacao: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      pattern: '^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$',
      description:
        'The operation (operationId), e.g. acceptBatchRows; several separated by commas (one action has several doors)',
    }),
  ),
  brbId: Type.Optional(Id('Only rows about this journey entry')),
  loteId: Type.Optional(Id('Only rows about this batch')),
  ...Paging,
  ...ExportQuery,
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditItemSchema = Type.Object(
  {
    id: Type.Integer(),
    em: Type.String({ format: 'date-time', description: 'When the change was written' }),
    usuario: Type.Object({
      sub: Type.String(),
      nome: Type.Union([Type.String(), Type.Null()]),
      papel: Type.String({ description: 'IE, API or OPERADOR' }),
    }),
    operacao: Type.String({ description: 'operationId of the operation called' }),
    metodo: Type.String(),
    rota: Type.String({ description: 'The route pattern' }),
    brbId: Type.Union([Type.Integer(), Type.Null()]),
    loteId: Type.Union([Type.Integer(), Type.Null()]),
    ies: Type.Array(Type.Integer()),
    efetivado: Type.Boolean({
      description:
        'true: written in the transaction that committed the change. false: the request committed nothing (refused, failed, or a read), recorded after the answer',
    }),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description: 'HTTP status of the answer (null: the service stopped after committing, before answering)',
    }),
    requestId: Type.String({ description: 'The x-request-id of the request' }),
  },
  { $id: 'AuditItem' },
);
export type AuditItem = Static<typeof AuditItemSchema>;

export const AuditPageSchema = Page(Type.Ref(AuditItemSchema), 'AuditPage');

export const AuditFilterValuesSchema = Type.Object(
  {
    usuarios: Type.Array(
      Type.Object({
        sub: Type.String({ description: 'The value of the usuario filter' }),
        nome: Type.Union([Type.String(), Type.Null()]),
      }),
      { description: 'People with rows in the trail the caller sees, by name (at most 500)' },
    ),
    operacoes: Type.Array(Type.String(), {
      description:
        'Operations (operationIds) with rows in the trail the caller sees, the values of the operacao filter',
    }),
  },
  { $id: 'AuditFilterValues' },
);

export const auditSchemas = [AuditItemSchema, AuditPageSchema, AuditFilterValuesSchema];
