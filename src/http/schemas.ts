import { type TObject, type TProperties, type TSchema, Type } from '@sinclair/typebox';

/**
 * Shared schemas. Each carries an $id, is added once at the root (app.ts) and is referenced with
 * Type.Ref, so the OpenAPI document names it under components.schemas.
 */
export const FieldErrorSchema = Type.Object(
  {
    pointer: Type.String({
      description: 'JSON pointer to the offending input, e.g. /body/valores/0/percentualConcedido',
    }),
    message: Type.String(),
  },
  { $id: 'FieldError' },
);

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'Problem type URI (urn:renova:problem:<code>)' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String({ description: 'What went wrong and what to do about it' }),
    erro: Type.String({ description: 'The same message, as the interface action responses carry it' }),
    instance: Type.Optional(Type.String()),
    requestId: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(Type.Ref(FieldErrorSchema))),
  },
  {
    $id: 'Problem',
    additionalProperties: true,
    description: 'RFC 9457 problem details, content type application/problem+json',
  },
);

export const sharedSchemas: TSchema[] = [FieldErrorSchema, ProblemSchema];

const ProblemRef = Type.Ref(ProblemSchema);
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request or invalid field (see errors[])',
  401: 'Missing or invalid bearer token',
  403: 'The token role may not call this operation',
  404: 'Unknown id, or an id of another institution',
  409: 'Conflicts with the current state',
  413: 'Body too large',
  415: 'Unsupported media type',
  422: 'A business rule was violated',
  429: 'Rate limited',
};

/**
 * Response schemas for a route: its success responses plus problem responses for the listed
 * statuses; 400, 401, 403 and 429 apply to every authenticated operation and are always added.
 */
export function responses<T extends Record<number, TSchema>>(success: T, errors: number[] = []) {
  const out: Record<number, TSchema> = { ...success };
  for (const status of new Set([400, 401, 403, 429, ...errors])) {
    out[status] = Type.Unsafe({ ...ProblemRef, description: ERROR_DESCRIPTIONS[status] ?? 'Error' });
  }
  return out as T;
}

/** An object that rejects fields it does not declare (bodies: a misspelt key is an error, not ignored). */
export const StrictObject = <T extends TProperties>(
  properties: T,
  options: { description?: string; $id?: string } = {},
) => Type.Object(properties, { ...options, additionalProperties: false });

/** Positive int64 id in a path or query (ids stay below 2^53, see db/database.ts). */
export const Id = (description: string) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });

export const Paging = {
  pagina: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' }),
  ),
  tamanho: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100' })),
};

/** A page of items with its totals; every list operation answers with this envelope. */
export const Page = <T extends TSchema>(item: T, $id?: string): TObject =>
  Type.Object(
    {
      itens: Type.Array(item),
      pagina: Type.Integer({ description: 'Page number answered' }),
      tamanho: Type.Integer({ description: 'Page size answered' }),
      total: Type.Integer({ description: 'Items matching the filters over all pages' }),
      totalPaginas: Type.Integer(),
    },
    $id ? { $id } : {},
  );

/** operationId for the i-th path of an operation registered at several alias paths. */
export const aliasOperationId = (operationId: string, index: number) =>
  index === 0 ? operationId : `${operationId}Alias${index}`;
