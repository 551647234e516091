import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { IDEMPOTENCY_HEADER } from '../../http/idempotency.js';
import { multipartReason } from './sheet-errors.js';
import type { Upload } from './values.service.js';

/**
 * The uploaded sheet of a multipart request. Normally it streams straight from the request into
 * the parser. With an Idempotency-Key the key must be bound to the file's content before the
 * handler runs, so the file is first spooled to a temporary file while it is hashed.
 */
interface Spooled {
  path: string;
  filename: string;
  truncated: boolean;
  fields: Record<string, string>;
}
const spooled = new WeakMap<FastifyRequest, Spooled>();

function fieldsOf(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const f = Array.isArray(field) ? field[0] : field;
    if (f && f.type === 'field') out[name] = String(f.value);
  }
  return out;
}

/**
 * Busboy's errors on a malformed multipart body (no boundary, a body that ends mid-part) carry no
 * status: they are bad input, answered 400. Errors that carry a client status (file too large,
 * not multipart) keep it.
 */
function malformedMultipart(error: unknown): never {
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
  const why = multipartReason(error);
  throw badRequest(
    t(
      `O corpo multipart não pôde ser lido (${why.pt}); envie a planilha como multipart/form-data, na parte de arquivo "arquivo".`,
      `The multipart body could not be read (${why.en}); send the sheet as multipart/form-data with the file part "arquivo".`,
    ),
  );
}

/** Route preHandler: with an Idempotency-Key, spool and hash the file (and the fields before it). */
export async function spoolForIdempotency(request: FastifyRequest): Promise<void> {
  if (request.headers[IDEMPOTENCY_HEADER] === undefined || !request.isMultipart()) return;
  const part = await request.file().catch(malformedMultipart);
  if (!part) return;
  const path = join(tmpdir(), `renova-upload-${randomUUID()}`);
  const hash = createHash('sha256');
  const fields = fieldsOf(part);
  hash.update(`${part.filename}\n${JSON.stringify(fields)}\n`);
  await pipeline(
    part.file,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    createWriteStream(path),
  ).catch(async (error) => {
    await rm(path, { force: true });
    malformedMultipart(error);
  });
  spooled.set(request, { path, filename: part.filename, truncated: part.file.truncated, fields });
  request.idempotencyHash = hash.digest('hex');
}

/** Route onResponse: removes a spooled file. */
export async function removeSpooled(request: FastifyRequest): Promise<void> {
  const file = spooled.get(request);
  if (file) await rm(file.path, { force: true });
}

/** The upload and the form fields sent before it; 400 when the request carries no file. */
export async function uploadOf(request: FastifyRequest): Promise<{ upload: Upload; fields: Record<string, string> }> {
  const file = spooled.get(request);
  if (file) {
    return {
      upload: { stream: createReadStream(file.path), filename: file.filename, truncated: () => file.truncated },
      fields: file.fields,
    };
  }
  const part = await request.file().catch(malformedMultipart);
  if (!part)
    throw badRequest(
      t(
        'A requisição não tem arquivo: envie a planilha na parte de arquivo multipart "arquivo".',
        'The request has no file: send the sheet as the multipart file part "arquivo".',
      ),
    );
  return {
    upload: { stream: part.file, filename: part.filename, truncated: () => part.file.truncated },
    fields: fieldsOf(part),
  };
}

/** A boolean form field ("true"/"false"); 400 for anything else. */
export function booleanField(fields: Record<string, string>, name: string): boolean {
  const value = fields[name];
  if (value === undefined || value === '') return false;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(
    t(
      `O campo de formulário "${name}" deve ser true ou false (recebido ${JSON.stringify(value)}).`,
      `The form field "${name}" must be true or false (got ${JSON.stringify(value)}).`,
    ),
    [{ pointer: `/body/${name}`, message: t('deve ser true ou false', 'must be true or false') }],
  );
}
