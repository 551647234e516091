import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type TextProblem, textProblem } from '../lib/text-encoding.js';
import { AppError, type FieldError } from './errors.js';
import { t } from './i18n.js';
import { textProblemMessage } from './validation-messages.js';

/**
 * No text with U+FFFD, half a character or a control character reaches the database through a
 * JSON body (DOMAIN.md: no replacement character is ever stored). One hook for every route, before
 * schema validation, rather than a pattern on each of the ~100 text fields: a field added later is
 * covered without anyone remembering to. Names (a key starting with `nome`) are one line: tab and
 * line breaks are refused there too; free text keeps them. The sheet import checks its cells itself
 * (modules/values/sheet.ts).
 */

/** Keys whose value is a person's (or a file's) name: one line. */
const ONE_LINE_KEY = /^nome/;
/** Errors listed at most; a body full of bad text needs no 10,000-line answer. */
const MAX_ERRORS = 20;

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Collects the offending strings; the JSON pointer is built only for them (`path` is shared). */
function walk(
  value: unknown,
  path: (string | number)[],
  oneLine: boolean,
  out: { pointer: string; problem: TextProblem }[],
): void {
  if (out.length >= MAX_ERRORS) return;
  if (typeof value === 'string') {
    const problem = textProblem(value, oneLine);
    if (problem)
      out.push({
        pointer: `/body${path.map((p) => `/${typeof p === 'string' ? pointerToken(p) : p}`).join('')}`,
        problem,
      });
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(value[i], path, oneLine, out);
      path.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) {
      path.push(key);
      walk((value as Record<string, unknown>)[key], path, ONE_LINE_KEY.test(key), out);
      path.pop();
    }
  }
}

/** 422 naming every offending field (up to MAX_ERRORS), or nothing. */
export function refuseBadText(body: unknown): void {
  if (body === null || typeof body !== 'object') return;
  const found: { pointer: string; problem: TextProblem }[] = [];
  walk(body, [], false, found);
  if (found.length === 0) return;
  const errors: FieldError[] = found.map(({ pointer, problem }) => ({ pointer, message: textProblemMessage(problem) }));
  const list = (lang: 'pt' | 'en') =>
    found.map(({ pointer, problem }) => `${pointer} ${textProblemMessage(problem)[lang]}`).join('; ');
  throw new AppError(
    422,
    'bad-text',
    t(
      `Texto não aceito: ${list('pt')}. Nada foi gravado; corrija o texto na origem e envie de novo.`,
      `Text not accepted: ${list('en')}. Nothing was stored; correct the text at its source and send again.`,
    ),
    { errors },
  );
}

export function registerTextGuard(app: FastifyInstance): void {
  // Callback style, and nothing to walk on a request without a body (every GET): no promise per request.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    if (request.body === undefined || request.body === null) return done();
    try {
      refuseBadText(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
