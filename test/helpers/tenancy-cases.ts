import type { TenancyWorld } from './tenancy-world.js';

/**
 * How the tenancy test calls one operation with IE 2's identifiers as an IE 1 user. Path params
 * fill the document's own path template, so a case can only call the operation it is listed for.
 */
export interface TenancyCall {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined | readonly (string | number)[]>;
  body?: unknown;
  /** What the call names, for the failure message (e.g. "IE 2's brbId"). */
  names?: string;
  headers?: Record<string, string>;
  /** It names things of both IEs, so IE 2's own user is refused too. */
  mixes?: true;
}

export type TenancyCase =
  | {
      /**
       * notFound: 404 problem+json. noneOfTheirs (lists and filters): 404 problem+json, or a 2xx
       * showing no row of IE 2. rowErrors (batches answered row by row): a 2xx that refuses every
       * row naming IE 2 and shows nothing of it; only the caller's own batch may be written.
       * operatorOnly: IE and API users are refused (403) whatever they name.
       */
      expect: 'notFound' | 'noneOfTheirs' | 'rowErrors' | 'operatorOnly';
      calls: (w: TenancyWorld) => TenancyCall[];
      /** Why the answer may repeat IE 2's ids the caller itself sent (its own record of them). */
      echoesIds?: string;
    }
  | { none: string };

/** Tables a rowErrors call may add the caller's own batch to. */
export const OWN_BATCH_TABLES = ['lote', 'lote_linha', 'webhook_mensagem', 'webhook_entrega'] as const;

/**
 * A parameter or field that names a tenant-owned thing: ids (id, brbId, idTicket, id-processo,
 * brbIds, …), a person (cpf), an IE group (grupie), a user (usuario, enviadoPor), an IE's month of
 * transfers (competencia).
 */
export const ID_NAME = /^(id|cpf|grupie|usuario|enviadoPor|competencia)$|Ids?$|^id[A-Z-]/;

interface Schema {
  $ref?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
export interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Schema> };
}

export interface DocumentOperation {
  operationId: string;
  method: string;
  path: string;
  /** The id-naming parameters and body fields, e.g. ["path brbId", "body valores[].brbId"]. */
  ids: string[];
}

/** Every operation of the document with the parameters and body fields that name a tenant's thing. */
export function documentOperations(spec: OpenApiDocument): DocumentOperation[] {
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    let s = schema;
    while (s?.$ref) s = spec.components.schemas[s.$ref.split('/').pop() ?? ''];
    return s;
  };
  const fields = (schema: Schema | undefined, prefix: string, depth: number): string[] => {
    const s = resolve(schema);
    if (!s || depth > 6) return [];
    const nested = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((x) =>
      fields(x, prefix, depth + 1),
    );
    const items = s.items ? fields(s.items, `${prefix}[].`, depth + 1) : [];
    // An uploaded file (a values sheet) carries ids in its rows.
    const own = Object.entries(s.properties ?? {}).flatMap(([name, value]) => [
      resolve(value)?.format === 'binary' ? `${prefix}${name} (file of rows)` : `${prefix}${name}`,
      ...fields(value, `${prefix}${name}.`, depth + 1),
    ]);
    return [...nested, ...items, ...own];
  };
  const last = (field: string) =>
    field
      .split(/[.[\]]+/)
      .filter(Boolean)
      .pop() ?? '';
  return Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .filter((p) => p.in !== 'header' && ID_NAME.test(p.name))
        .map((p) => `${p.in} ${p.name}`);
      const body = Object.values(op.requestBody?.content ?? {})
        .flatMap((c) => fields(c.schema, '', 0))
        .filter((f) => f.endsWith(' (file of rows)') || ID_NAME.test(last(f)))
        .map((f) => `body ${f}`);
      return {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        ids: [...new Set([...params, ...body])],
      };
    }),
  );
}

/** The URL of a call: the path template filled with its params, then its query. */
export function urlOf(path: string, call: TenancyCall): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${path}: the case gives no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value === undefined) continue;
    for (const v of typeof value === 'object' ? value : [value]) query.append(key, String(v));
  }
  const text = query.toString();
  return text ? `${filled}?${text}` : filled;
}
