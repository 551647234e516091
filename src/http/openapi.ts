import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { finishOpenApi } from './openapi-document.js';
import type { App } from './types.js';

export const OPENAPI_INFO = {
  title: 'renova — Renewal Journey Service Interface',
  version: '1.1.0',
  description:
    "Semester renewal of students' educational-credit contracts. Every operation needs a bearer JWT " +
    '(claims sub, name, role IE|API|OPERADOR, ies[], grupoIe). Failures are application/problem+json ' +
    '(RFC 9457) with `erro` and, for validation, `errors[]` pointers. Bodies reject unknown fields. ' +
    'Money is exact: amounts travel as JSON numbers with at most two decimals and are computed as decimals.',
};

/**
 * The Content-Security-Policy of /docs. swagger-ui (as @fastify/swagger-ui serves it) loads its
 * scripts from files, none inline; its React components set style attributes, hence the inline
 * styles. It fetches /openapi.json and, with "Try it out", the API: same origin only.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** OpenAPI 3.1 from the route schemas at /openapi.json, interactive docs at /docs. */
export async function registerOpenApi(app: App, basePath: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      servers: [{ url: basePath || '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url }) => ({ schema, url: url.slice(basePath.length) || '/' }),
    transformObject: (document) =>
      finishOpenApi('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: `${basePath}/docs`, staticCSP: DOCS_CSP });
  app.get(`${basePath}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
