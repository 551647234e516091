import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { fromDatabaseError } from './db-errors.js';
import { AppError, type FieldError, problem } from './errors.js';
import type { App } from './types.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  detail: string,
  extra = {},
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({ ...problem(status, code, detail, extra), instance: request.url.split('?')[0], requestId: request.id });
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns Ajv errors into field errors with JSON pointers under /body, /querystring, /params or /headers. */
function fieldErrors(context: string, errors: AjvError[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors) {
    let pointer = `/${context}${e.instancePath}`;
    let message = e.message ?? 'is not valid';
    if (e.keyword === 'required') {
      pointer += `/${String(e.params.missingProperty)}`;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      pointer += `/${String(e.params.additionalProperty)}`;
      message = 'is not a known field';
    } else if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues)) {
      message = `must be one of: ${e.params.allowedValues.join(', ')}`;
    } else if (e.keyword === 'const') {
      message = `must be ${JSON.stringify(e.params.allowedValue)}`;
    }
    const key = `${pointer} ${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ pointer, message });
    }
  }
  // anyOf over literals (TypeBox unions) reports one error per branch; fold them into one line.
  return out.filter(
    (f) => !(f.message === 'must match a schema in anyOf' && out.some((o) => o !== f && o.pointer === f.pointer)),
  );
}

const FASTIFY_CODES: Record<string, [status: number, code: string, detail?: string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too-large', 'The request body is larger than this operation accepts.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported-media-type',
    'Send the body as application/json (or multipart/form-data where the operation says so).',
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    400,
    'bad-request',
    'The body is empty but its content type says JSON; send a JSON body or no content type.',
  ],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad-request', 'The body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad-request', 'The Content-Length header does not match the body.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'too-large', 'The uploaded file is larger than this operation accepts.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported-media-type', 'Upload the file as multipart/form-data.'],
};

/**
 * One error handler for the whole service: every failure becomes application/problem+json.
 * 5xx answers never carry internals; the log line has them, under the request id.
 */
export function registerErrorHandling(app: App): void {
  const routes = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if ((METHODS as readonly string[]).includes(method)) routes.on(method as 'GET', route.url, () => {});
    }
  });

  app.setErrorHandler(
    (error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request, reply) => {
      if (error instanceof AppError) {
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, request, error.status, error.code, error.message, error.extra);
      }
      if (error.validation) {
        const errors = fieldErrors(error.validationContext ?? 'body', error.validation);
        const detail = `The request is not valid: ${errors.map((e) => `${e.pointer} ${e.message}`).join('; ')}.`;
        return sendProblem(reply, request, 400, 'validation', detail, { errors });
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (known) return sendProblem(reply, request, known[0], known[1], known[2] ?? error.message);
      const mapped = fromDatabaseError(error);
      if (mapped) {
        request.log.warn({ err: error }, 'database refused the request');
        return sendProblem(reply, request, mapped.status, mapped.code, mapped.message, mapped.extra);
      }
      if (error.statusCode === 429) {
        return sendProblem(reply, request, 429, 'rate-limited', error.message);
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendProblem(reply, request, error.statusCode, 'bad-request', error.message);
      }
      request.log.error({ err: error }, 'unexpected error');
      return sendProblem(
        reply,
        request,
        500,
        'internal',
        `Something went wrong on our side; quote request id ${request.id} to support.`,
      );
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((m) => m !== request.method && routes.find(m, path));
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(
        reply,
        request,
        405,
        'method-not-allowed',
        `${request.method} is not allowed here; use ${allowed.join(' or ')}.`,
      );
    }
    return sendProblem(
      reply,
      request,
      404,
      'not-found',
      `No operation at ${request.method} ${path}; see /openapi.json for the list.`,
    );
  });
}
