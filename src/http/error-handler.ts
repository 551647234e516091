import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { fromDatabaseError } from './db-errors.js';
import { AppError, type FieldError, localize, problem } from './errors.js';
import { type Lang, langOf, type Message, type Text, t } from './i18n.js';
import type { App } from './types.js';
import { type AjvError, ajvMessage } from './validation-messages.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The language a request asked for (Accept-Language); Portuguese unless English is preferred. */
export const requestLang = (request: { headers: Record<string, unknown> }): Lang =>
  langOf(request.headers['accept-language'] as string | string[] | undefined);

function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  detail: Message,
  extra = {},
) {
  const lang = requestLang(request);
  return reply
    .code(status)
    .type('application/problem+json')
    .header('content-language', lang)
    .send({
      ...problem(status, code, detail, extra, lang),
      instance: request.url.split('?')[0],
      requestId: request.id,
    });
}

/** The preSerialization hook of every route that may answer Texts (callback style: no promise per request). */
function localizeBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
  done: (err: null, value: unknown) => void,
) {
  done(null, localize(payload, requestLang(request)));
}

/** Turns Ajv errors into field errors with JSON pointers under /body, /querystring, /params or /headers. */
function fieldErrors(context: string, errors: AjvError[]): { pointer: string; message: Text }[] {
  const seen = new Set<string>();
  const out: { pointer: string; message: Text; keyword: string; allowed?: unknown }[] = [];
  for (const e of errors) {
    let pointer = `/${context}${e.instancePath}`;
    if (e.keyword === 'required') pointer += `/${String(e.params.missingProperty)}`;
    else if (e.keyword === 'additionalProperties') pointer += `/${String(e.params.additionalProperty)}`;
    const message = ajvMessage(e);
    const key = `${pointer} ${message.en}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ pointer, message, keyword: e.keyword, allowed: e.params.allowedValue });
    }
  }
  // A union of literals (TypeBox) reports one `const` error per branch and an anyOf error: fold
  // them into one "must be one of" line per pointer.
  const folded: { pointer: string; message: Text }[] = [];
  for (const f of out) {
    const consts = out.filter((o) => o.pointer === f.pointer && o.keyword === 'const');
    if (f.keyword === 'const' && consts.length > 1) {
      if (consts[0] !== f) continue;
      const values = consts.map((c) => (typeof c.allowed === 'string' ? c.allowed : JSON.stringify(c.allowed)));
      folded.push({
        pointer: f.pointer,
        message: t(`deve ser um destes: ${values.join(', ')}`, `must be one of: ${values.join(', ')}`),
      });
      continue;
    }
    if ((f.keyword === 'anyOf' || f.keyword === 'oneOf') && out.some((o) => o !== f && o.pointer === f.pointer)) {
      continue;
    }
    folded.push({ pointer: f.pointer, message: f.message });
  }
  return folded;
}

const joined = (errors: { pointer: string; message: Text }[], lang: 'pt' | 'en') =>
  errors.map((e) => `${e.pointer} ${e.message[lang]}`).join('; ');

/** Fastify's own errors (body parsing, router, multipart), with a message a person can act on. */
const FASTIFY_CODES: Record<string, [status: number, code: string, detail: Text]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [
    413,
    'too-large',
    t(
      'O corpo da requisição é maior do que esta operação aceita.',
      'The request body is larger than this operation accepts.',
    ),
  ],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported-media-type',
    t(
      'Envie o corpo como application/json (ou multipart/form-data onde a operação indicar).',
      'Send the body as application/json (or multipart/form-data where the operation says so).',
    ),
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    400,
    'bad-request',
    t(
      'O corpo está vazio, mas o tipo de conteúdo diz JSON; envie um corpo JSON ou nenhum tipo de conteúdo.',
      'The body is empty but its content type says JSON; send a JSON body or no content type.',
    ),
  ],
  FST_ERR_CTP_INVALID_JSON_BODY: [
    400,
    'bad-request',
    t('O corpo não é um JSON válido.', 'The body is not valid JSON.'),
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'bad-request',
    t('O cabeçalho Content-Length não corresponde ao corpo.', 'The Content-Length header does not match the body.'),
  ],
  FST_REQ_FILE_TOO_LARGE: [
    413,
    'too-large',
    t(
      'O arquivo enviado é maior do que esta operação aceita.',
      'The uploaded file is larger than this operation accepts.',
    ),
  ],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [
    415,
    'unsupported-media-type',
    t('Envie o arquivo como multipart/form-data.', 'Upload the file as multipart/form-data.'),
  ],
  FST_ERR_BAD_URL: [
    400,
    'bad-url',
    t(
      'O endereço tem uma codificação inválida (um % que não forma um caractere UTF-8); codifique cada parte do caminho com encodeURIComponent.',
      'The address has an invalid encoding (a % that does not form a UTF-8 character); encode each path segment with encodeURIComponent.',
    ),
  ],
  FST_ERR_MAX_PARAM_LENGTH: [
    414,
    'uri-too-long',
    t(
      'Uma parte do caminho tem mais de 100 caracteres; nenhum identificador desta API é tão longo.',
      'A path segment is longer than 100 characters; no identifier of this API is that long.',
    ),
  ],
};

const INTERNAL = (id: string) =>
  t(
    `Algo deu errado do nosso lado; informe o identificador da requisição ${id} ao suporte.`,
    `Something went wrong on our side; quote request id ${id} to support.`,
  );

/**
 * Errors Fastify raises before a route is found (bad percent-encoding, a path parameter over the
 * router's limit, a failing constraint): given to Fastify as `frameworkErrors`, so they are
 * problem+json like every other failure instead of Fastify's plain JSON.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return sendProblem(reply, request, known[0], known[1], known[2]);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  if (!error.statusCode || error.statusCode >= 500) request.log.error({ err: error }, 'framework error');
  return sendProblem(
    reply,
    request,
    status,
    'bad-request',
    t(`A requisição não pôde ser encaminhada (${error.code}).`, `The request could not be routed (${error.code}).`),
  );
}

/**
 * One error handler for the whole service: every failure becomes application/problem+json, in
 * the request's language. 5xx answers never carry internals; the log line has them, under the
 * request id.
 */
export function registerErrorHandling(app: App): void {
  const routes = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if ((METHODS as readonly string[]).includes(method)) routes.on(method as 'GET', route.url, () => {});
    }
    // Success bodies may carry messages too (an action's `erro`, a batch's row errors): each Text
    // in them is answered in the request's language before the serializer sees the body. A route
    // whose bodies never hold one (config.bodyTexts false: the dashboard lists, read straight from
    // rows) skips the walk and the hook itself. Problems are localized where they are built.
    if (route.config?.bodyTexts !== false)
      route.preSerialization = [
        ...[route.preSerialization ?? []].flat(),
        localizeBody,
      ] as typeof route.preSerialization;
  });

  app.setErrorHandler(
    (error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request, reply) => {
      if (error instanceof AppError) {
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, request, error.status, error.code, error.text, error.extra);
      }
      if (error.validation) {
        const errors: FieldError[] = fieldErrors(error.validationContext ?? 'body', error.validation);
        const detail = t(
          `A requisição não é válida: ${joined(errors as { pointer: string; message: Text }[], 'pt')}.`,
          `The request is not valid: ${joined(errors as { pointer: string; message: Text }[], 'en')}.`,
        );
        return sendProblem(reply, request, 400, 'validation', detail, { errors });
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (known) return sendProblem(reply, request, known[0], known[1], known[2]);
      const mapped = fromDatabaseError(error);
      if (mapped) {
        for (const [name, value] of Object.entries(mapped.headers)) reply.header(name, value);
        request.log.warn({ err: error }, 'database refused the request');
        return sendProblem(reply, request, mapped.status, mapped.code, mapped.text, mapped.extra);
      }
      if (error.statusCode === 429) {
        return sendProblem(
          reply,
          request,
          429,
          'rate-limited',
          t('Requisições demais; tente novamente mais tarde.', 'Too many requests; try again later.'),
        );
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // A 4xx from Fastify or a plugin we have no message for: name it by its code (its own
        // message is English and written for developers).
        request.log.info({ err: error }, 'request refused');
        return sendProblem(
          reply,
          request,
          error.statusCode,
          'bad-request',
          t(
            `A requisição não pôde ser processada${error.code ? ` (${error.code})` : ''}: ${error.message}`,
            `The request could not be processed${error.code ? ` (${error.code})` : ''}: ${error.message}`,
          ),
        );
      }
      request.log.error({ err: error }, 'unexpected error');
      return sendProblem(reply, request, 500, 'internal', INTERNAL(request.id));
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
        t(
          `${request.method} não é permitido aqui; use ${allowed.join(' ou ')}.`,
          `${request.method} is not allowed here; use ${allowed.join(' or ')}.`,
        ),
      );
    }
    return sendProblem(
      reply,
      request,
      404,
      'not-found',
      t(
        `Não há operação em ${request.method} ${path}; veja a lista em /openapi.json.`,
        `No operation at ${request.method} ${path}; see /openapi.json for the list.`,
      ),
    );
  });
}

/** The 429 message: at most `max` requests per window, in both languages. */
export function rateLimitMessage(max: number, windowMs: number): Text {
  const seconds = Math.max(1, Math.round(windowMs / 1000));
  const [n, pt, en] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hora', 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minuto', 'minute']
        : [seconds, 'segundo', 'second'];
  const per = (word: string, plural: string) => (n === 1 ? word : `${n} ${word}${plural}`);
  return t(
    `Requisições demais: no máximo ${max} por ${per(pt, 's')}. Tente novamente mais tarde.`,
    `Too many requests: at most ${max} per ${per(en, 's')}. Try again later.`,
  );
}
