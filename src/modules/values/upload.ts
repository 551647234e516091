import { createHash, type Hash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
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
import { securityEvent } from '../../http/security-events.js';
import { LIMIT_SETTINGS, SheetLimitError } from '../../lib/sheet-limits.js';
import { EncodingProbe, type ProbeVerdict } from '../../lib/text-encoding.js';
import { multipartReason } from './sheet-errors.js';
import type { Upload } from './values.service.js';

/**
 * The uploaded sheet of a multipart request, spooled to a temporary file before it is read: the
 * readers need the whole file (an xlsx's zip directory is at its end, a CSV's encoding is known
 * only once every byte was seen), and a file on disk costs no memory. While it is written, its
 * SHA-256 is taken and, for a CSV, the encoding probe watches its bytes. With an Idempotency-Key
 * the spooling happens in the preHandler, so the key is bound to the file's content before the
 * handler runs. The onResponse hook removes the file whatever the answer.
 */
interface Spooled {
  path: string;
  filename: string;
  truncated: boolean;
  fields: Record<string, string>;
  sha256: string;
  bytes: number;
  encoding: ProbeVerdict | null;
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

/** Writes the file part to a temporary file, hashing it (and `extra`, the idempotency hash) on the way. */
async function spool(request: FastifyRequest, part: MultipartFile, extra?: Hash): Promise<Spooled> {
  const path = join(tmpdir(), `renova-upload-${randomUUID()}`);
  const content = createHash('sha256');
  const probe = /\.csv$/i.test(part.filename.trim()) ? new EncodingProbe() : null;
  let bytes = 0;
  const file: Spooled = {
    path,
    filename: part.filename,
    truncated: false,
    fields: fieldsOf(part),
    sha256: '',
    bytes: 0,
    encoding: null,
  };
  // Registered before writing, so the onResponse hook removes even a half-written file.
  spooled.set(request, file);
  await pipeline(
    part.file,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        content.update(chunk);
        extra?.update(chunk);
        probe?.push(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(path),
  ).catch(async (error) => {
    await rm(path, { force: true });
    malformedMultipart(error);
  });
  return Object.assign(file, {
    truncated: part.file.truncated,
    sha256: content.digest('hex'),
    bytes,
    encoding: probe?.verdict() ?? null,
  });
}

/** Route preHandler: with an Idempotency-Key, spool and hash the file (and the fields before it). */
export async function spoolForIdempotency(request: FastifyRequest): Promise<void> {
  if (request.headers[IDEMPOTENCY_HEADER] === undefined || !request.isMultipart()) return;
  const part = await request.file().catch(malformedMultipart);
  if (!part) return;
  const hash = createHash('sha256');
  hash.update(`${part.filename}\n${JSON.stringify(fieldsOf(part))}\n`);
  await spool(request, part, hash);
  request.idempotencyHash = hash.digest('hex');
}

/** Route onResponse: removes a spooled file. */
export async function removeSpooled(request: FastifyRequest): Promise<void> {
  const file = spooled.get(request);
  if (file) await rm(file.path, { force: true });
}

/** The upload (spooled) and the form fields sent before it; 400 when the request carries no file. */
export async function uploadOf(request: FastifyRequest): Promise<{ upload: Upload; fields: Record<string, string> }> {
  let file = spooled.get(request);
  if (!file) {
    const part = await request.file().catch(malformedMultipart);
    if (!part)
      throw badRequest(
        t(
          'A requisição não tem arquivo: envie a planilha na parte de arquivo multipart "arquivo".',
          'The request has no file: send the sheet as the multipart file part "arquivo".',
        ),
      );
    file = await spool(request, part);
  }
  const { fields, ...upload } = file;
  return { upload, fields };
}

/**
 * An AbortSignal that fires when the client's connection closes before the answer, so reading a
 * sheet stops with it (no work goes on for nobody). `release` stops listening (keep-alive sockets
 * outlive the request).
 */
export function clientGone(request: FastifyRequest): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const socket = request.raw.socket as (NodeJS.EventEmitter & { destroyed?: boolean }) | undefined;
  const onClose = () =>
    controller.abort(
      new AppError(
        499,
        'client-closed',
        t('O cliente encerrou a conexão antes da resposta.', 'The client closed the connection before the answer.'),
      ),
    );
  if (socket?.destroyed) onClose();
  else socket?.once?.('close', onClose);
  return { signal: controller.signal, release: () => socket?.off?.('close', onClose) };
}

/** Refusals of the file itself are security events (ASVS 16.3): logged and counted, then answered. */
export function logRefusal(request: FastifyRequest, error: unknown): void {
  if (!(error instanceof AppError)) return;
  if (error instanceof SheetLimitError) {
    securityEvent(request, 'upload_refused', {
      reason: error.kind,
      limit: LIMIT_SETTINGS[error.kind],
      value: error.limit,
    });
  } else if (error.status === 413) {
    securityEvent(request, 'upload_refused', { reason: 'too_large', limit: 'UPLOAD_LIMIT_BYTES' });
  } else if (error.code === 'bad-sheet' || error.code === 'bad-encoding' || error.status === 415) {
    securityEvent(request, 'upload_refused', { reason: error.code, limit: null });
  }
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
