/**
 * Finishing touches on the generated OpenAPI document so client generators (openapi-typescript,
 * openapi-generator, orval) get what the service really does:
 * - every 2xx response has a description (Fastify's default is "Default Response");
 * - every error response is `application/problem+json` with the shared `Problem` component (the
 *   route schemas declare the problem body; the error handler sends it with that media type);
 * - an uploaded file in a multipart body is `type: string, format: binary` (3.1's
 *   `contentMediaType` alone is not understood by most generators; both are kept).
 */
type Json = Record<string, unknown>;

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
const DEFAULT_DESCRIPTION = 'Default Response';

const SUCCESS: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'Done (no body)',
};

const ERROR: Record<string, string> = {
  '400': 'Malformed request or invalid field (see errors[])',
  '401': 'Missing or invalid bearer token',
  '403': 'The token role may not call this operation',
  '404': 'Unknown id, or an id of another institution',
  '405': 'Method not allowed on this path',
  '409': 'Conflicts with the current state',
  '413': 'Body too large',
  '415': 'Unsupported media type',
  '422': 'A business rule was violated',
  '429': 'Rate limited',
  '500': 'Unexpected error (no internals)',
  '503': 'Temporarily unavailable; retry',
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function describeSuccess(status: string, response: Json, operation: Json): void {
  const given = response.description;
  if (typeof given === 'string' && given.trim() !== '' && given !== DEFAULT_DESCRIPTION) return;
  const summary = typeof operation.summary === 'string' ? operation.summary.replace(/\.$/, '') : '';
  const what = SUCCESS[status] ?? 'Success';
  response.description = summary ? `${what}: ${summary}` : what;
}

function problemResponse(status: string, response: Json): void {
  const given = response.description;
  if (typeof given !== 'string' || given.trim() === '' || given === DEFAULT_DESCRIPTION) {
    response.description = ERROR[status] ?? 'Error';
  }
  response.content = { [PROBLEM_MEDIA_TYPE]: { schema: PROBLEM_REF } };
}

function binaryUploads(operation: Json): void {
  const content = isObject(operation.requestBody) ? operation.requestBody.content : undefined;
  if (!isObject(content)) return;
  const multipart = content['multipart/form-data'];
  if (!isObject(multipart) || !isObject(multipart.schema) || !isObject(multipart.schema.properties)) return;
  for (const property of Object.values(multipart.schema.properties)) {
    if (isObject(property) && property.type === 'string' && 'contentMediaType' in property) property.format = 'binary';
  }
}

/** Applied by @fastify/swagger's transformObject to the whole document. */
export function finishOpenApi<T>(document: T): T {
  const paths = (document as Json).paths;
  if (!isObject(paths)) return document;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      binaryUploads(operation);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isObject(response)) continue;
        if (/^2/.test(status)) describeSuccess(status, response, operation);
        else if (/^[45]/.test(status)) problemResponse(status, response);
      }
    }
  }
  return document;
}
